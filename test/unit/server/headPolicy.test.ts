// What the policy adds for the config's head tags, and what a site's own _headers widens on purpose.
import { describe, expect, it } from 'vitest';
import { headTagSources } from '../../../src/server/headTagSources.js';
import { contentSecurityPolicy } from '../../../src/server/securityHeaders.js';
import { takeSitePolicy } from '../../../src/server/sitePolicy.js';

describe('the sources head tags need', () => {
  it('names the origin of each script (which may send back to it), style sheet, preload and manifest from elsewhere, and nothing of the site itself', () => {
    const sources = headTagSources([
      { tagName: 'script', attributes: { src: 'https://www.googletagmanager.com/gtag/js?id=G-1', async: true } },
      { tagName: 'script', innerHTML: 'gtag()' },
      { tagName: 'script', attributes: { src: '/js/local.js' } },
      { tagName: 'link', attributes: { rel: 'stylesheet', href: 'https://fonts.googleapis.com/css2?family=Inter' } },
      { tagName: 'link', attributes: { rel: 'preconnect', href: 'https://www.google-analytics.com' } },
      { tagName: 'link', attributes: { rel: 'preload', as: 'font', href: 'https://fonts.gstatic.com/x.woff2', crossorigin: true } },
      { tagName: 'link', attributes: { rel: 'modulepreload', href: '//cdn.example:8443/m.js' } },
      { tagName: 'link', attributes: { rel: 'manifest', href: 'manifest.json' } },
      { tagName: 'link', attributes: { rel: 'icon', href: 'https://cdn.example/icon.png' } },
      { tagName: 'meta', attributes: { name: 'theme-color', content: 'https://not-a-source.example' } },
      { tagName: 'script', attributes: { src: 'https://www.googletagmanager.com/other.js' } },
    ]);
    expect(sources).toEqual({
      'script-src': ['https://www.googletagmanager.com', 'cdn.example:8443'],
      'connect-src': ['https://www.googletagmanager.com'],
      'style-src': ['https://fonts.googleapis.com'],
      'font-src': ['https://fonts.gstatic.com'],
    });
  });

  it('adds each source to its directive, replaces a lone none, and starts a directive the policy lacks', () => {
    const policy = contentSecurityPolicy(["'sha256-a='"], {
      sources: [{ 'script-src': ['https://a.example'], 'object-src': ['https://b.example'] }, { 'script-src': ['https://a.example', "'self'"], 'manifest-src': ['https://c.example'] }],
    });
    expect(policy).toContain("script-src 'self' 'sha256-a=' https://a.example;");
    expect(policy).toContain('object-src https://b.example;');
    expect(policy.endsWith('; manifest-src https://c.example')).toBe(true);
    // Without sources, the policy is the generated one.
    expect(contentSecurityPolicy([], { sources: [] })).toBe(contentSecurityPolicy([]));
  });
});

describe("a site's own _headers", () => {
  it('takes the policy of its rule for every path as additions and leaves every other line, and other paths\' policies, as they are', () => {
    const own = [
      '# the site',
      '/*',
      '  Content-Security-Policy: connect-src https://a.example https://b.example; img-src https://c.example',
      '  X-Frame-Options: DENY',
      '  content-security-policy: connect-src https://a.example',
      '/docs/*',
      '  Content-Security-Policy: frame-src none',
      '',
    ].join('\n');
    const { text, sources } = takeSitePolicy(own);
    expect(sources).toEqual({ 'connect-src': ['https://a.example', 'https://b.example'], 'img-src': ['https://c.example'] });
    expect(text).toBe(['# the site', '/*', '  X-Frame-Options: DENY', '/docs/*', '  Content-Security-Policy: frame-src none', ''].join('\n'));
    expect(takeSitePolicy('')).toEqual({ text: '', sources: {} });
  });
});
