import { describe, expect, it } from 'vitest';
import { normalizePath, routeHref, routeOfUrlPath, routePayloadFile, routePayloadUrl } from '../../../src/shared/paths.js';

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

describe('routeHref and routeOfUrlPath', () => {
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
    expect(routeHref(route)).toBe(href);
    expect(routeOfUrlPath(href)).toBe(route);
  });

  it('reads what a browser makes of a raw href the same way', () => {
    // The browser percent-encodes a space and non-ASCII letters itself; the route is the same.
    for (const [route] of cases.filter(([r]) => !/[#?%]/.test(r))) {
      expect(routeOfUrlPath(new URL(route, 'http://x').pathname)).toBe(route);
      expect(routeOfUrlPath(new URL(routeHref(route), 'http://x').pathname)).toBe(route);
    }
    for (const [route] of cases) expect(routeOfUrlPath(new URL(routeHref(route), 'http://x').pathname)).toBe(route);
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
