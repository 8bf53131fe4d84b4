import { describe, expect, it } from 'vitest';
import { clientSiteData, normalizeConfig } from '../../../src/config/normalize.js';
import type { UserConfig } from '../../../src/config/types.js';

const user = (baseUrl: string, logo = '/img/logo.svg'): UserConfig => ({
  title: 'Sipa',
  url: 'https://example.org',
  baseUrl,
  navbar: {
    logo: { src: logo, alt: 'Logo' },
    items: [
      { label: 'Guides', to: '/docs/intro', position: 'left', activeBasePath: '/docs' },
      // Written with the base URL, as Docusaurus configs may.
      { label: 'Blog', to: '/sub/blog', position: 'left', activeBasePath: '/sub/blog' },
      { label: 'GitHub', href: 'https://github.com/sipa-js/sipa', position: 'right' },
    ],
  },
  footer: { columns: [{ title: 'More', items: [{ label: 'Blog', to: '/sub/blog' }, { label: 'Docs', to: '/docs/intro' }] }] },
  announcementBar: { id: 'a', content: 'News', link: { label: 'Read', to: '/sub/blog/post' }, isCloseable: true },
});

describe('clientSiteData under a base URL', () => {
  it('holds the config links as site paths and the logo as a URL under the base URL', () => {
    const site = clientSiteData(normalizeConfig(user('sub'), '/site', '/site/sipadocs.config.ts'), ['/']);
    expect(site.baseUrl).toBe('/sub/');
    expect(site.navbar.items.map((item) => [item.to, item.activeBasePath, item.href])).toEqual([
      ['/docs/intro', '/docs', undefined],
      ['/blog', '/blog', undefined],
      [undefined, undefined, 'https://github.com/sipa-js/sipa'],
    ]);
    expect(site.footer.columns[0]!.items.map((item) => item.to)).toEqual(['/blog', '/docs/intro']);
    expect(site.announcementBar?.link).toEqual({ label: 'Read', to: '/blog/post' });
    expect(site.navbar.logo).toEqual({ src: '/sub/img/logo.svg', alt: 'Logo' });
    // A logo written without the leading slash is a file of static/ too; a URL stays as it is.
    expect(clientSiteData(normalizeConfig(user('/sub/', 'img/logo.svg'), '/s', '/s/c.ts'), ['/']).navbar.logo?.src).toBe('/sub/img/logo.svg');
    expect(clientSiteData(normalizeConfig(user('/sub/', 'https://cdn.example/l.svg'), '/s', '/s/c.ts'), ['/']).navbar.logo?.src).toBe('https://cdn.example/l.svg');
  });

  it('leaves them as written under "/"', () => {
    const config = user('/');
    const site = clientSiteData(normalizeConfig(config, '/site', '/site/sipadocs.config.ts'), ['/']);
    expect(site.navbar.items).toEqual(config.navbar!.items);
    expect(site.navbar.logo).toEqual({ src: '/img/logo.svg', alt: 'Logo' });
  });
});
