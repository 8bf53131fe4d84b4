import { describe, expect, it } from 'vitest';
import { findH1, formatDate, slugify, stripNumberPrefix } from '../../../src/content/names.js';
import { cleanDirPath } from '../../../src/content/docs.js';

describe('names', () => {
  it('strips number prefixes and keeps their position', () => {
    expect(stripNumberPrefix('010_sipa-cli')).toEqual({ name: 'sipa-cli', position: 10 });
    expect(stripNumberPrefix('02-intro')).toEqual({ name: 'intro', position: 2 });
    expect(stripNumberPrefix('2025-plan')).toEqual({ name: 'plan', position: 2025 });
    expect(stripNumberPrefix('overview')).toEqual({ name: 'overview', position: undefined });
    expect(stripNumberPrefix('42')).toEqual({ name: '42', position: undefined });
    expect(cleanDirPath('010_guides/02_basics')).toBe('guides/basics');
  });

  it('slugs like GitHub', () => {
    expect(slugify('Getting Started!')).toBe('getting-started');
    expect(slugify('Basics')).toBe('basics');
    expect(slugify('Where 0.9.50 stands')).toBe('where-0950-stands');
  });

  it('finds the first h1 outside code fences only', () => {
    expect(findH1('\n```md\n# not this\n```\n# Real title\n')).toBe('Real title');
    expect(findH1('## Only h2\n# Late h1')).toBeNull();
  });

  it('formats dates in UTC', () => {
    expect(formatDate('2025-11-20')).toBe('November 20, 2025');
  });
});
