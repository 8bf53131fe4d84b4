import { describe, expect, it } from 'vitest';
import { contentUrl, encodeRoute, linkTarget, normalizePath, routeHref, routeMarkdownUrl, routeOfUrlPath, routePayloadFile, routePayloadUrl, stripBase, withoutTrailingSlash } from '../../../src/shared/paths.js';

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
  it('routeHref always puts the base URL before a route, encoded, and leaves anything else', () => {
    // A route is a route: a "#" or "?" in it is part of its name, not a fragment or query.
    expect(routeHref('/sub/', '/docs/x#y')).toBe('/sub/docs/x%23y');
    expect(routeHref('/sub/', '/docs/a b')).toBe('/sub/docs/a%20b');
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

describe('linkTarget', () => {
  it('reads a link written as a URL path into its route and fragment', () => {
    expect(linkTarget('/docs/a%20b#usage')).toEqual({ to: '/docs/a b', hash: 'usage' });
    expect(linkTarget('/blog')).toEqual({ to: '/blog' });
  });
});

describe('encodeRoute and routeOfUrlPath', () => {
  const cases: Array<[string, string]> = [
    ['/docs/with space', '/docs/with%20space'],
    ['/docs/café', '/docs/caf%C3%A9'],
    ['/docs/a#b', '/docs/a%23b'],
    ['/docs/what?', '/docs/what%3F'],
    ['/docs/100%', '/docs/100%25'],
    ['/docs/50%25 off', '/docs/50%2525%20off'],
    ['/docs/a:b&c=d+e', '/docs/a:b&c=d+e'],
    ['/', '/'],
  ];
  it.each(cases)('%s is written %s and read back', (route, href) => {
    expect(encodeRoute(route)).toBe(href);
    expect(routeOfUrlPath(href)).toBe(route);
  });

  it('reads what a browser makes of a raw href the same way', () => {
    // The browser percent-encodes a space and non-ASCII letters itself; the route is the same.
    for (const [route] of cases.filter(([r]) => !/[#?%]/.test(r))) {
      expect(routeOfUrlPath(new URL(route, 'http://x').pathname)).toBe(route);
      expect(routeOfUrlPath(new URL(encodeRoute(route), 'http://x').pathname)).toBe(route);
    }
    for (const [route] of cases) expect(routeOfUrlPath(new URL(encodeRoute(route), 'http://x').pathname)).toBe(route);
  });

  it('refuses paths a static host refuses', () => {
    expect(routeOfUrlPath('/docs/100%')).toBeNull();
    expect(routeOfUrlPath('/docs/%zz')).toBeNull();
    expect(routeOfUrlPath('/docs/a%2Fb')).toBeNull();
    expect(routeOfUrlPath('/docs/a%5Cb')).toBeNull();
    expect(routeOfUrlPath('/docs/a%00')).toBeNull();
  });

  it('puts payloads at the decoded route on disk and at its URL form in fetches', () => {
    expect(routePayloadFile('/docs/a#b')).toBe('_sipa/routes/docs/a#b.json');
    expect(routePayloadUrl('/docs/a#b')).toBe('/_sipa/routes/docs/a%23b.json');
    expect(routePayloadUrl('/docs/100%', '/sub/')).toBe('/sub/_sipa/routes/docs/100%25.json');
  });
});

describe('withoutTrailingSlash', () => {
  it('takes the trailing slash off an internal path, keeping its query and hash', () => {
    expect(withoutTrailingSlash('/docs/')).toBe('/docs');
    expect(withoutTrailingSlash('/docs/a//?x=1#y')).toBe('/docs/a?x=1#y');
    expect(withoutTrailingSlash('/ts-jest/docs/', '/ts-jest/')).toBe('/ts-jest/docs');
  });

  it('leaves the root, the base URL, relative and external links as they are', () => {
    expect(withoutTrailingSlash('/')).toBe('/');
    expect(withoutTrailingSlash('/ts-jest/', '/ts-jest/')).toBe('/ts-jest/');
    expect(withoutTrailingSlash('docs/')).toBe('docs/');
    expect(withoutTrailingSlash('https://example.org/a/')).toBe('https://example.org/a/');
  });
});
