import { describe, expect, it } from 'vitest';
import { resolveLastUpdate, w3cDate } from '../../../src/model/lastUpdate.js';

const commit = { timestamp: Date.parse('2025-11-20T09:30:00Z') / 1000, author: 'Jane Roe' };

describe('resolveLastUpdate', () => {
  it('takes date and author from the last commit', () => {
    expect(resolveLastUpdate(commit, {})).toEqual({ date: '2025-11-20T09:30:00Z', formattedDate: 'November 20, 2025', author: 'Jane Roe' });
  });

  it('lets front matter replace either part', () => {
    // YAML reads an unquoted day as a Date.
    expect(resolveLastUpdate(commit, { last_update: { date: new Date('2024-02-03') } })).toEqual({
      date: '2024-02-03', formattedDate: 'February 3, 2024', author: 'Jane Roe',
    });
    expect(resolveLastUpdate(commit, { last_update: { author: 'Ed' } })).toMatchObject({ date: '2025-11-20T09:30:00Z', author: 'Ed' });
    expect(resolveLastUpdate(undefined, { last_update: { date: '2024-02-03', author: 'Ed' } })).toEqual({
      date: '2024-02-03', formattedDate: 'February 3, 2024', author: 'Ed',
    });
  });

  it('is null without git history or front matter, and ignores values that are no date', () => {
    expect(resolveLastUpdate(undefined, {})).toBeNull();
    expect(resolveLastUpdate(undefined, { last_update: 'yesterday' })).toBeNull();
    expect(resolveLastUpdate(undefined, { last_update: { date: 'soon' } })).toBeNull();
    expect(resolveLastUpdate(undefined, { last_update: { author: 'Ed' } })).toEqual({ date: null, formattedDate: null, author: 'Ed' });
  });
});

describe('w3cDate', () => {
  it('writes days as days and moments in UTC to the second', () => {
    expect(w3cDate('2025-11-20')).toBe('2025-11-20');
    expect(w3cDate(new Date('2025-11-20T00:00:00Z'))).toBe('2025-11-20');
    expect(w3cDate('2025-11-20T10:30:00+01:00')).toBe('2025-11-20T09:30:00Z');
    expect(w3cDate('2025-13-45')).toBeNull();
    expect(w3cDate(undefined)).toBeNull();
  });
});
