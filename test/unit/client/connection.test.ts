import { describe, expect, it } from 'vitest';
import { isFastConnection, shouldPrefetch } from '../../../src/client/connection.js';

const nav = (connection?: object) => ({ connection }) as unknown as Navigator;

describe('shouldPrefetch', () => {
  it('prefetches without connection info', () => {
    expect(shouldPrefetch(nav())).toBe(true);
    expect(shouldPrefetch(undefined)).toBe(true);
  });
  it('prefetches on fast connections', () => {
    expect(shouldPrefetch(nav({ effectiveType: '4g', saveData: false }))).toBe(true);
    expect(shouldPrefetch(nav({ effectiveType: '3g' }))).toBe(true);
  });
  it('skips when saveData is on', () => {
    expect(shouldPrefetch(nav({ effectiveType: '4g', saveData: true }))).toBe(false);
  });
  it('skips on 2g and slow-2g', () => {
    expect(shouldPrefetch(nav({ effectiveType: '2g' }))).toBe(false);
    expect(shouldPrefetch(nav({ effectiveType: 'slow-2g' }))).toBe(false);
  });
});

describe('isFastConnection', () => {
  it('is fast on 4g without data saving', () => {
    expect(isFastConnection(nav({ effectiveType: '4g', saveData: false }))).toBe(true);
    expect(isFastConnection(nav({ effectiveType: '4g' }))).toBe(true);
  });
  it('is not fast on slower connections, with data saving, or when the browser does not tell', () => {
    expect(isFastConnection(nav({ effectiveType: '3g' }))).toBe(false);
    expect(isFastConnection(nav({ effectiveType: 'slow-2g' }))).toBe(false);
    expect(isFastConnection(nav({ effectiveType: '4g', saveData: true }))).toBe(false);
    expect(isFastConnection(nav())).toBe(false);
    expect(isFastConnection(undefined)).toBe(false);
  });
});
