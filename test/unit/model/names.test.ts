import { describe, expect, it } from 'vitest';
import { findH1, formatDate, headingText, isCategoryIndex, slugify, stripNumberPrefix } from '../../../src/model/names.js';
import { cleanDirPath } from '../../../src/model/docs.js';

describe('names', () => {
  it('strips number prefixes and keeps their position', () => {
    expect(stripNumberPrefix('010_sipa-cli')).toEqual({ name: 'sipa-cli', position: 10 });
    expect(stripNumberPrefix('02-intro')).toEqual({ name: 'intro', position: 2 });
    expect(stripNumberPrefix('2025-plan')).toEqual({ name: 'plan', position: 2025 });
    expect(stripNumberPrefix('overview')).toEqual({ name: 'overview', position: undefined });
    expect(stripNumberPrefix('42')).toEqual({ name: '42', position: undefined });
    // As Docusaurus reads them: spaces around the separator, but a separator is needed, and names
    // that start like a date or a version keep their digits.
    expect(stripNumberPrefix('1 - Intro')).toEqual({ name: 'Intro', position: 1 });
    expect(stripNumberPrefix('1 Intro')).toEqual({ name: '1 Intro', position: undefined });
    expect(stripNumberPrefix('2021-05-28-release')).toEqual({ name: '2021-05-28-release', position: undefined });
    expect(stripNumberPrefix('1.2-notes')).toEqual({ name: '1.2-notes', position: undefined });
    expect(stripNumberPrefix('v2_0')).toEqual({ name: 'v2_0', position: undefined });
    expect(stripNumberPrefix('12-_-x')).toEqual({ name: 'x', position: 12 });
    expect(cleanDirPath('010_guides/02_basics')).toBe('guides/basics');
  });

  it('slugs like GitHub', () => {
    expect(slugify('Getting Started!')).toBe('getting-started');
    expect(slugify('Basics')).toBe('basics');
    expect(slugify('Where 0.9.50 stands')).toBe('where-0950-stands');
  });

  it('takes as title the h1 that opens the content, after imports only, as Docusaurus does', () => {
    expect(findH1('\n\n# Title\n\nText.\n')).toBe('Title');
    expect(findH1("import A from './a';\nimport B from './b';\n\n# After imports\n")).toBe('After imports');
    expect(findH1('Setext title\n===\n\nText.\n')).toBe('Setext title');
    expect(findH1('# Closed # {#id}\n')).toBe('Closed #');
    expect(findH1('# Hashes ##\n')).toBe('Hashes');
    // Anything before it, code included, and it is no title.
    expect(findH1('\n```md\n# not this\n```\n# Real title\n')).toBeNull();
    expect(findH1('Intro.\n\n# Late h1\n')).toBeNull();
    expect(findH1('<!-- note -->\n# After a comment\n')).toBeNull();
    expect(findH1('## Only h2\n# Late h1')).toBeNull();
    expect(findH1('#No space\n')).toBeNull();
  });

  it('reads a heading as its text: no tags, entities decoded, markdown marks gone, code as written', () => {
    expect(findH1('# SipaUrl <code>string</code>\n')).toBe('SipaUrl string');
    expect(findH1('# Keep &amp; share the view {#view}\n')).toBe('Keep & share the view');
    expect(headingText('SipaUrl.getParams() ⇒ <code>Object.&lt;string, string&gt;</code>')).toBe('SipaUrl.getParams() ⇒ Object.<string, string>');
    expect(headingText('SipaUrl.setUrl(url, [options]) ⇒ [<code>SipaUrl</code>](#SipaUrl)')).toBe('SipaUrl.setUrl(url, [options]) ⇒ SipaUrl');
    expect(headingText('SipaUrl.SUPPORTED\\_PROTOCOLS : <code>Array</code>')).toBe('SipaUrl.SUPPORTED_PROTOCOLS : Array');
    expect(headingText('The `<div id="x">` tag &rarr; *one* __way__ in snake_case')).toBe('The <div id="x"> tag → one way in snake_case');
    expect(headingText('Use `a*b_c` and \\* and ~~old~~ ![logo](./x.png)')).toBe('Use a*b_c and * and old logo');
    expect(headingText('Hello <Badge text="new" /> world')).toBe('Hello world');
  });

  it('knows the docs Docusaurus takes for their folder\'s index', () => {
    expect(isCategoryIndex('index', 'guides')).toBe(true);
    expect(isCategoryIndex('README', 'guides')).toBe(true);
    expect(isCategoryIndex('ReadMe', '')).toBe(true);
    expect(isCategoryIndex('Guides', 'docs-old/guides')).toBe(true);
    expect(isCategoryIndex('guides', '')).toBe(false);
    expect(isCategoryIndex('overview', 'guides')).toBe(false);
    // Names are compared as written: a number prefix on one side only does not match.
    expect(isCategoryIndex('01-guides', '01-guides')).toBe(true);
    expect(isCategoryIndex('guides', '01-guides')).toBe(false);
  });

  it('formats dates in UTC, in the language and calendar of the locale', () => {
    expect(formatDate('2025-11-20')).toBe('November 20, 2025');
    expect(formatDate('2025-11-20', { htmlLang: 'en', calendar: 'gregory' })).toBe('November 20, 2025');
    expect(formatDate('2025-11-20', { htmlLang: 'fr', calendar: 'gregory' })).toBe('20 novembre 2025');
    expect(formatDate('2025-11-20', { htmlLang: 'en', calendar: 'japanese' })).toBe('November 20, 7 Reiwa');
  });
});
