import { describe, expect, it } from 'vitest';
import { contentUrl, normalizePath, routeHref, routeMarkdownUrl, routePayloadUrl, stripBase } from '../../../src/shared/paths.js';

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

describe('links under a base URL', () => {
  it('routeHref always puts the base URL before a site path, and leaves anything else', () => {
    expect(routeHref('/sub/', '/docs/x#y')).toBe('/sub/docs/x#y');
    expect(routeHref('/sub/', '/')).toBe('/sub/');
    // A route that happens to start like the base URL is still a site path.
    expect(routeHref('/sub/', '/sub/page')).toBe('/sub/sub/page');
    expect(routeHref('/', '/docs/x')).toBe('/docs/x');
    for (const other of ['#top', 'relative', 'https://example.com/x', '//cdn.example/x', '']) expect(routeHref('/sub/', other)).toBe(other);
  });

  it('contentUrl puts it before absolute paths that do not start with it yet', () => {
    expect(contentUrl('/sub/', '/docs/x')).toBe('/sub/docs/x');
    expect(contentUrl('/sub/', '/')).toBe('/sub/');
    expect(contentUrl('/sub/', '/img/a.png?v=1')).toBe('/sub/img/a.png?v=1');
    for (const same of ['/sub/docs/x', '/sub', '/sub#h', '/sub?q=1', 'docs/x', '../x', '#h', 'https://example.com/', '//cdn.example/x', 'mailto:a@b.c', '']) {
      expect(contentUrl('/sub/', same)).toBe(same);
    }
    // "/subway" does not start with the base URL "/sub/".
    expect(contentUrl('/sub/', '/subway')).toBe('/sub/subway');
    expect(contentUrl('/', '/docs/x')).toBe('/docs/x');
  });

  it('stripBase gives the site path of a path written with the base URL', () => {
    expect(stripBase('/sub/', '/sub/docs/x')).toBe('/docs/x');
    expect(stripBase('/sub/', '/sub/')).toBe('/');
    expect(stripBase('/sub/', '/sub')).toBe('/');
    expect(stripBase('/sub/', '/docs/x')).toBe('/docs/x');
    expect(stripBase('/', '/docs/x')).toBe('/docs/x');
  });
});
