import { describe, expect, it } from 'vitest';
import { SiteErrors } from '../../../src/errors.js';
import { planRedirects, REDIRECT_SCRIPT, redirectPageHtml, redirectsFileText, type RedirectTargets } from '../../../src/outputs/redirects.js';

const configText = `export default defineConfig({
  redirects: {
    pages: [
      { from: '/docs/old', to: '/docs/intro' },
      { from: ['/legacy', '/legacy-2'], to: 'https://example.org/elsewhere' },
    ],
  },
});
`;
const targets: RedirectTargets = {
  routes: new Set(['/', '/docs/intro', '/docs/guide/setup', '/community', '/community/team', '/downloads/tool.zip', '/404']),
  staticFiles: new Set(['/img/logo.svg', '/files/notes.pdf']),
  configFile: '/site/sipadocs.config.ts',
  configText,
};
const none = { pages: [], prefixes: [], fromExtensions: [], toExtensions: [] };

describe('planRedirects', () => {
  it('takes redirects page by page, to routes, static files, fragments and URLs', () => {
    const { redirects } = planRedirects(
      { ...none, pages: [{ from: '/docs/old', to: '/docs/intro#setup' }, { from: ['/legacy/', '/legacy-2'], to: 'https://example.org/x' }, { from: '/logo', to: '/img/logo.svg' }] },
      targets,
    );
    expect(redirects).toEqual([
      { from: '/docs/old', to: '/docs/intro#setup', file: 'docs/old.html' },
      { from: '/legacy', to: 'https://example.org/x', file: 'legacy.html' },
      { from: '/legacy-2', to: 'https://example.org/x', file: 'legacy-2.html' },
      { from: '/logo', to: '/img/logo.svg', file: 'logo.html' },
    ]);
  });

  it('gives every route under a prefix its address under another, as createRedirects does', () => {
    const { redirects } = planRedirects({ ...none, prefixes: [{ from: '/docs/team', to: '/community' }] }, targets);
    expect(redirects.map(({ from, to }) => [from, to])).toEqual([
      ['/docs/team', '/community'],
      ['/docs/team/team', '/community/team'],
    ]);
  });

  it('adds /x.html for every route /x, writing no page where the route\'s own file is that address', () => {
    const { redirects } = planRedirects({ ...none, fromExtensions: ['html'] }, targets);
    expect(redirects).toContainEqual({ from: '/docs/intro.html', to: '/docs/intro', file: null });
    expect(redirects.some((r) => r.from === '/.html' || r.from === '/404.html')).toBe(false);
    // toExtensions: the route without its extension leads to it.
    expect(planRedirects({ ...none, toExtensions: ['zip'] }, targets).redirects).toEqual([{ from: '/downloads/tool', to: '/downloads/tool.zip', file: 'downloads/tool.html' }]);
  });

  it('leaves out an address that is a page or a file of the site, and keeps the first redirect of an address', () => {
    const plan = planRedirects(
      { ...none, pages: [{ from: '/docs/intro', to: '/' }, { from: '/img/logo.svg', to: '/' }, { from: '/a', to: '/community' }, { from: '/a', to: '/' }] },
      targets,
    );
    expect(plan.skipped).toEqual(['/docs/intro', '/img/logo.svg']);
    expect(plan.redirects).toEqual([{ from: '/a', to: '/community', file: 'a.html' }]);
  });

  it('refuses a redirect to what the site does not have, at its line in the config', () => {
    let error: unknown;
    try {
      planRedirects({ ...none, pages: [{ from: '/docs/old', to: '/docs/intro' }, { from: '/x', to: '/docs/gone' }] }, { ...targets, configText: configText.replace("to: '/docs/intro' }", "to: '/docs/intro' },\n      { from: '/x', to: '/docs/gone' }") });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SiteErrors);
    const [only] = (error as SiteErrors).errors;
    expect(only!.code).toBe('REDIRECT_INVALID');
    expect(only!.message).toBe('redirects.pages.1 leads to "/docs/gone", which is no page or file of the site');
    expect(only!.location).toEqual({ file: '/site/sipadocs.config.ts', line: 5, column: 25 });
  });
});

describe('redirect outputs', () => {
  it('writes a page that refreshes, names the target canonical, is not indexed, and keeps the fragment in its script', () => {
    const html = redirectPageHtml('/sub/docs/intro', 'https://x.org/sub/docs/intro', 'en');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('<meta http-equiv="refresh" content="0; url=/sub/docs/intro">');
    expect(html).toContain('<link rel="canonical" href="https://x.org/sub/docs/intro">');
    expect(html).toContain(`<a id="to" href="/sub/docs/intro">/sub/docs/intro</a>`);
    expect(html).toContain(`<script>${REDIRECT_SCRIPT}</script>`);
    // The script goes to the link, with the address's fragment when the link has none.
    const run = (href: string, hash: string) => {
      let went = '';
      new Function('document', 'location', REDIRECT_SCRIPT)({ getElementById: () => ({ href }) }, { hash, replace: (to: string) => (went = to) });
      return went;
    };
    expect(run('https://x.org/docs/intro', '#setup')).toBe('https://x.org/docs/intro#setup');
    expect(run('https://x.org/docs/intro#usage', '#setup')).toBe('https://x.org/docs/intro#usage');
  });

  it('keeps the site\'s own _redirects lines first, then one line per redirect', () => {
    const own = '# mine\n/en/*   /:splat\n';
    const text = redirectsFileText([{ from: '/docs/old', to: '/docs/intro#setup', file: 'docs/old.html' }, { from: '/a b', to: 'https://example.org', file: 'a b.html' }], own, '/sub/');
    expect(text.split('\n')).toEqual([
      '# mine',
      '/en/*   /:splat',
      '',
      '# Written by sipadocs: the site\'s redirects (see "redirects" in its config).',
      '/sub/docs/old /sub/docs/intro#setup 301',
      '/sub/a%20b https://example.org 301',
      '',
    ]);
    expect(redirectsFileText([], own, '/')).toBe(own);
  });
});
