import { describe, expect, it } from 'vitest';
import { canonicalHref, siteTargetOf } from '../../../src/client/sitePath.js';

const HERE = 'https://example.org/docs/guides/overview';

describe('siteTargetOf', () => {
  it.each([
    ['/blog/index.html', '/blog'],
    ['/docs/api/Sipa.html', '/docs/api/Sipa'],
    ['/docs/api/Sipa/', '/docs/api/Sipa'],
    ['/index.html', '/'],
    ['installation', '/docs/guides/installation'],
    ['https://example.org/blog', '/blog'],
  ])('%s is the site path %s', (href, path) => {
    expect(siteTargetOf(href, HERE, '/')?.path).toBe(path);
  });

  it('keeps the decoded fragment, and a malformed one as it is', () => {
    expect(siteTargetOf('/docs/x#caf%C3%A9', HERE, '/')?.hash).toBe('café');
    expect(siteTargetOf('/docs/x#bad%E0', HERE, '/')?.hash).toBe('bad%E0');
  });

  it.each(['https://other.example/blog', 'mailto:a@example.org', '/img/logo.svg', '/files/a.pdf'])('%s is no site page', (href) => {
    expect(siteTargetOf(href, HERE, '/')).toBeNull();
  });

  it('strips the base URL, and leaves paths outside it to the browser', () => {
    const here = 'https://example.org/sub/docs/guides/overview';
    expect(siteTargetOf('/sub/blog/index.html', here, '/sub/')?.path).toBe('/blog');
    expect(siteTargetOf('/sub/', here, '/sub/')?.path).toBe('/');
    expect(siteTargetOf('/sub', here, '/sub/')?.path).toBe('/');
    expect(siteTargetOf('/blog', here, '/sub/')).toBeNull();
    expect(siteTargetOf('/subway/blog', here, '/sub/')).toBeNull();
  });
});

describe('canonicalHref', () => {
  it('drops the .html, /index.html and trailing-slash variants and keeps query and fragment', () => {
    expect(canonicalHref(siteTargetOf('/blog/index.html', HERE, '/')!, '/')).toBe('https://example.org/blog');
    expect(canonicalHref(siteTargetOf('/docs/api/Sipa/?a=1#getVersion', HERE, '/')!, '/')).toBe('https://example.org/docs/api/Sipa?a=1#getVersion');
    expect(canonicalHref(siteTargetOf('/index.html', HERE, '/')!, '/')).toBe('https://example.org/');
  });

  it('keeps the base URL', () => {
    const here = 'https://example.org/sub/404';
    expect(canonicalHref(siteTargetOf('/sub/blog/index.html#x', here, '/sub/')!, '/sub/')).toBe('https://example.org/sub/blog#x');
    expect(canonicalHref(siteTargetOf('/sub/index.html', here, '/sub/')!, '/sub/')).toBe('https://example.org/sub/');
  });

  it('is the URL itself for a canonical one (nothing to recover on a real not-found page)', () => {
    const href = 'https://example.org/docs/no-such-page';
    expect(canonicalHref(siteTargetOf(href, href, '/')!, '/')).toBe(href);
  });
});
