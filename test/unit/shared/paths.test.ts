import { describe, expect, it } from 'vitest';
import { normalizePath, routeMarkdownUrl, routePayloadUrl } from '../../../src/shared/paths.js';

describe('normalizePath', () => {
  it.each([
    ['/docs/guides/overview.html', '/docs/guides/overview'],
    ['/docs/index.html', '/docs'],
    ['/index.html', '/'],
    ['/docs/guides/', '/docs/guides'],
    ['/docs/guides///', '/docs/guides'],
    ['/', '/'],
    ['', '/'],
    ['//docs//api', '/docs/api'],
    ['docs/x', '/docs/x'],
    ['/blog', '/blog'],
  ])('%s → %s', (input, expected) => {
    expect(normalizePath(input)).toBe(expected);
  });

  it('is idempotent', () => {
    for (const p of ['/a/b.html', '/a/index.html', '/a/', '/']) expect(normalizePath(normalizePath(p))).toBe(normalizePath(p));
  });
});

describe('routePayloadUrl', () => {
  it('maps routes to payload JSON under /_sipa/routes', () => {
    expect(routePayloadUrl('/')).toBe('/_sipa/routes/index.json');
    expect(routePayloadUrl('/docs/guides/overview')).toBe('/_sipa/routes/docs/guides/overview.json');
    expect(routePayloadUrl('/docs/x', '/sub/')).toBe('/sub/_sipa/routes/docs/x.json');
  });
});

describe('routeMarkdownUrl', () => {
  it('puts a route\'s markdown next to its page, under the base URL', () => {
    expect(routeMarkdownUrl('/docs/guides/installation')).toBe('/docs/guides/installation.md');
    expect(routeMarkdownUrl('/')).toBe('/index.md');
    expect(routeMarkdownUrl('/blog/welcome', '/sub/')).toBe('/sub/blog/welcome.md');
  });
});
