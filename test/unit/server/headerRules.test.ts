import { describe, expect, it } from 'vitest';
import { headersFileText } from '../../../src/server/securityHeaders.js';
import { headersFor, parseHeaderRules } from '../../../src/server/headerRules.js';

describe('_headers rules', () => {
  const rules = parseHeaderRules(
    [
      '# comment',
      '/*',
      '  X-One: 1',
      '',
      '/blog/:slug',
      '  X-Post: yes',
      '  x-one: 2',
      '/exact.html',
      '  X-Exact: true',
      'https://other.example/*',
      '  X-Other: no',
      '/a.b',
      '  X-Dot: literal',
    ].join('\n'),
  );

  it.each([
    ['/', { 'X-One': '1' }],
    ['/blog/hello', { 'X-One': '1, 2', 'X-Post': 'yes' }],
    ['/blog/hello/more', { 'X-One': '1' }],
    ['/exact.html', { 'X-One': '1', 'X-Exact': 'true' }],
    ['/a.b', { 'X-One': '1', 'X-Dot': 'literal' }],
    ['/axb', { 'X-One': '1' }],
  ])('gives %s the headers of every rule it matches', (urlPath, headers) => {
    expect(headersFor(rules, urlPath)).toEqual(headers);
  });

  it('reads back the file the build writes', () => {
    const text = headersFileText("default-src 'self'; script-src 'self' 'sha256-abc='");
    expect(headersFor(parseHeaderRules(text), '/docs/x')).toEqual({
      'Content-Security-Policy': "default-src 'self'; script-src 'self' 'sha256-abc='",
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    });
  });
});
