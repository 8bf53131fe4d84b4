import { describe, expect, it } from 'vitest';
import { targetsDigest } from '../../../src/check/links.js';

describe('link targets digest', () => {
  it('ignores order but not a changed id, route or static file', () => {
    const pages = [
      { route: '/a', ids: ['x', 'y'] },
      { route: '/b', ids: [] },
    ];
    const digest = targetsDigest(pages, ['img/logo.svg'], '/');
    expect(targetsDigest([...pages].reverse(), ['img/logo.svg'], '/')).toBe(digest);
    expect(targetsDigest([{ route: '/a', ids: ['y', 'x'] }, pages[1]!], ['img/logo.svg'], '/')).toBe(digest);
    expect(targetsDigest([{ route: '/a', ids: ['x'] }, pages[1]!], ['img/logo.svg'], '/')).not.toBe(digest);
    expect(targetsDigest([pages[0]!, { route: '/c', ids: [] }], ['img/logo.svg'], '/')).not.toBe(digest);
    expect(targetsDigest(pages, [], '/')).not.toBe(digest);
  });
});
