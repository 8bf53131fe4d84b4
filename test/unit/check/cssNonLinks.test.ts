import { describe, expect, it } from 'vitest';
import { collectCssNonLinks, isCssNonLink } from '../../../src/check/cssNonLinks.js';

describe('cssNonLinks', () => {
  const css = [
    `.a{background:url("data:image/svg+xml;utf8,<svg><g clip-path='url(#clip0)'/><use href='x'/></svg>")}`,
    `.b{background:url('data:image/svg+xml,%3Csvg%3E%3Cg clip-path="url(%23clip1)"/%3E%3Cimage href="url(./inner.png)"/%3E%3C/svg%3E')}`,
    '.c{mask:url( #mask2 )}',
    '/* .d{background:url(#in-a-comment)} */',
    '.e{background:url(/img/real.png)} .f{background:url("img/also-real.png")}',
  ].join('\n');
  const found = collectCssNonLinks(css);

  it('finds the url() values inside data URIs and the fragment references, and no real URL', () => {
    expect([...found.inDataUris].sort()).toEqual(['#clip0', '%23clip1', './inner.png']);
    expect([...found.fragments]).toEqual(['#mask2']);
  });

  it('matches the links a regex reader resolves them to, and no other', () => {
    expect(isCssNonLink('http://127.0.0.1:1/docs/%23clip1', found)).toBe(true);
    expect(isCssNonLink('http://127.0.0.1:1/_sipa/inner.png', found)).toBe(true);
    expect(isCssNonLink('http://127.0.0.1:1/docs/a#clip0', found)).toBe(true);
    expect(isCssNonLink('http://127.0.0.1:1/_sipa/site.css#mask2', found)).toBe(true);
    expect(isCssNonLink('http://127.0.0.1:1/img/real.png', found)).toBe(false);
    expect(isCssNonLink('http://127.0.0.1:1/docs/a#setup', found)).toBe(false);
    expect(isCssNonLink('http://127.0.0.1:1/docs/%23clip', found)).toBe(false);
  });
});
