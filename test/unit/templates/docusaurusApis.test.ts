// The Docusaurus modules React pages written for Docusaurus use most, rendered as the server renders a page.
import { createElement as createReactElement, Fragment, type ReactElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NavigationProvider, serverNavigation } from '../../../src/client/navigation.js';
import { PageHeadContext, type PageHead } from '../../../src/client/pageHead.js';
import { SiteContext } from '../../../src/client/siteContext.js';
import type { ClientSiteData } from '../../../src/shared/types.js';
import ThemedImage from '../../../templates/components/ThemedImage.js';
import Head, { readHead } from '../../../templates/docusaurus/Head.js';
import Interpolate, { interpolate } from '../../../templates/docusaurus/Interpolate.js';
import { useActivePlugin, useActiveVersion, useDocsVersion, useLatestVersion, useVersions } from '../../../templates/docusaurus/plugin-content-docs/client.js';
import { useLocation } from '../../../templates/docusaurus/router.js';
import { useColorMode, useThemeConfig } from '../../../templates/docusaurus/theme-common.js';
import Translate, { translate } from '../../../templates/docusaurus/Translate.js';

/** createElement with children given as arguments, whatever the component's props say of them. */
const createElement = createReactElement as unknown as (type: unknown, props?: object | null, ...children: ReactNode[]) => ReactElement;

const site = {
  title: 'Sipa',
  tagline: 'Simple',
  url: 'https://sipa.example',
  baseUrl: '/sub/',
  navbar: { title: 'Sipa', hideOnScroll: false, items: [] },
  footer: { columns: [], copyright: '© Sipa' },
  colorMode: { defaultMode: 'dark', respectPrefersColorScheme: false, disableSwitch: false },
  announcementBar: null,
  docs: { routeBasePath: '/docs', sidebarHideable: false, autoCollapseCategories: false, versionPersistence: 'localStorage', pluginId: 'default', version: { name: 'current', label: 'Next' } },
} as unknown as ClientSiteData;

/** Renders as the server does: with the site, the page's path, and a head to collect into. */
function render(node: ReactNode, pathname = '/', head: PageHead | null = {}): string {
  return renderToStaticMarkup(
    createElement(SiteContext.Provider, { value: site }, createElement(PageHeadContext.Provider, { value: head }, createElement(NavigationProvider, { value: serverNavigation(pathname) }, node))),
  );
}

describe('@docusaurus/Translate and @docusaurus/Interpolate', () => {
  it('give the default message with its placeholders filled', () => {
    expect(translate({ message: 'Hello {name}, {count} new', id: 'greeting' }, { name: 'Ada', count: 3 })).toBe('Hello Ada, 3 new');
    expect(translate({ message: 'Keep {unknown} as written' })).toBe('Keep {unknown} as written');
    expect(render(createElement(Translate, { id: 'x', description: 'y' }, 'Get started'))).toBe('Get started');
    expect(render(createElement(Translate, { values: { minutes: 5 } }, 'Tutorial - {minutes}min'))).toBe('Tutorial - 5min');
  });

  it('put elements in placeholders', () => {
    const link = createElement('a', { href: '/x' }, 'docs');
    expect(render(createElement(Translate, { values: { link } }, 'Read the {link} first'))).toBe('Read the <a href="/x">docs</a> first');
    expect(render(createElement(Interpolate, { values: { b: createElement('b', null, 'bold') } }, 'a {b} c'))).toBe('a <b>bold</b> c');
    expect(interpolate('{a}{a}', { a: 'x' })).toBe('xx');
  });
});

describe('@docusaurus/Head', () => {
  it('gives the server render its title, description and head elements, and renders nothing in the page', () => {
    const head: PageHead = {};
    const html = render(
      createElement(
        Head,
        null,
        createElement('title', null, 'Sipa', ' · ', 'Simple'),
        createElement('meta', { name: 'description', content: 'About Sipa' }),
        createElement(Fragment, null, createElement('meta', { property: 'og:image', content: 'https://x.example/a.png?a=1&b="2"' })),
        createElement('link', { rel: 'preconnect', href: 'https://fonts.example', crossOrigin: 'anonymous' }),
        createElement('script', { type: 'application/ld+json', dangerouslySetInnerHTML: { __html: '{"a":"</script>"}' } }),
      ),
      '/',
      head,
    );
    expect(html).toBe('');
    expect(head.documentTitle).toBe('Sipa · Simple');
    expect(head.description).toBe('About Sipa');
    expect(head.tags).toHaveLength(3);
    expect(head.tags![0]).toMatch(/^<meta property="og:image" content="https:\/\/x\.example\/a\.png\?a=1&amp;b=&quot;2&quot;" data-sipa-head="[a-z0-9]+">$/);
    expect(head.tags![1]).toMatch(/^<link rel="preconnect" href="https:\/\/fonts\.example" crossorigin="anonymous" data-sipa-head="[a-z0-9]+">$/);
    // The script's text cannot end its element early.
    expect(head.tags![2]).toMatch(/^<script type="application\/ld\+json" data-sipa-head="[a-z0-9]+">\{"a":"<\\\/script>"\}<\/script>$/);
    expect(head.ignored ?? []).toEqual([]);
  });

  it('names what a head cannot hold, and marks equal tags alike so the browser can find them again', () => {
    const read = readHead([createElement('html', { lang: 'fr', key: 1 }), createElement('meta', { name: 'a', content: 'b', key: 2 })]);
    expect(read.ignored).toEqual(['<html>']);
    expect(readHead(createElement('meta', { name: 'a', content: 'b' })).tags).toEqual(read.tags);
    expect(readHead(createElement('meta', { name: 'a', content: 'c' })).tags).not.toEqual(read.tags);
  });
});

describe('@docusaurus/theme-common, @docusaurus/router and @theme/ThemedImage', () => {
  it('render with the site default colour mode on the server, and know the theme settings', () => {
    function Mode() {
      const { colorMode, isDarkTheme } = useColorMode();
      const { footer } = useThemeConfig();
      return createElement('p', null, `${colorMode} ${isDarkTheme} ${footer.copyright}`);
    }
    expect(render(createElement(Mode))).toBe('<p>dark true © Sipa</p>');
  });

  it('give the location with the base URL in front, as Docusaurus does', () => {
    function Where() {
      const { pathname, search, hash } = useLocation();
      return createElement('p', null, `${pathname}|${search}|${hash}`);
    }
    expect(render(createElement(Where), '/docs/intro')).toBe('<p>/sub/docs/intro||</p>');
  });

  it('shows both images, each marked with its mode', () => {
    const html = render(createElement(ThemedImage, { sources: { light: '/l.png', dark: '/d.png' }, alt: 'Logo', className: 'logo' }));
    expect(html).toContain('<img src="/l.png" alt="Logo" class="themed-image themed-image--light logo"/><img src="/d.png" alt="Logo" class="themed-image themed-image--dark logo"/>');
  });
});

describe('@docusaurus/plugin-content-docs/client', () => {
  function Versions() {
    const versions = useVersions();
    const latest = useLatestVersion();
    const active = useActiveVersion();
    const plugin = useActivePlugin();
    const doc = useDocsVersion();
    return createElement('p', null, [versions.map((v) => v.name).join(','), latest.label, active?.name ?? 'none', plugin?.pluginId ?? 'none', doc.version].join(' '));
  }

  it('know the docs version of the page and the site', () => {
    expect(render(createElement(Versions), '/docs/intro')).toBe('<p>current Next current default current</p>');
    expect(render(createElement(Versions), '/blog')).toBe('<p>current Next none none current</p>');
  });

  it('know the versions of a versioned site, the one of the page being the longest path it is under', () => {
    const docsVersions = {
      default: {
        lastVersion: '2.0',
        versions: [
          { name: 'current', label: 'Next', path: '/docs/next', mainDoc: '/docs/next/intro' },
          { name: '2.0', label: '2.0', path: '/docs', mainDoc: '/docs/intro' },
          { name: '1.0', label: '1.0', path: '/docs/1.0', mainDoc: '/docs/1.0/intro' },
        ],
      },
    };
    const versioned = (pathname: string) =>
      renderToStaticMarkup(
        createElement(
          SiteContext.Provider,
          { value: { ...site, docsVersions } },
          createElement(PageHeadContext.Provider, { value: {} }, createElement(NavigationProvider, { value: serverNavigation(pathname) }, createElement(Versions))),
        ),
      );
    expect(versioned('/docs/next/intro')).toBe('<p>current,2.0,1.0 2.0 current default current</p>');
    expect(versioned('/docs/1.0/intro')).toBe('<p>current,2.0,1.0 2.0 1.0 default 1.0</p>');
    expect(versioned('/docs/intro')).toBe('<p>current,2.0,1.0 2.0 2.0 default 2.0</p>');
  });
});
