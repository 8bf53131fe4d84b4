// The Docusaurus modules the theme provides, rendered by React as the server renders a page.
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SiteContext } from '../../../src/client/siteContext.js';
import type { ClientSiteData } from '../../../src/shared/types.js';
import BrowserOnly from '../../../templates/docusaurus/BrowserOnly.js';
import Link from '../../../templates/docusaurus/Link.js';
import useBaseUrl, { useBaseUrlUtils, withBaseUrl } from '../../../templates/docusaurus/useBaseUrl.js';
import useDocusaurusContext from '../../../templates/docusaurus/useDocusaurusContext.js';
import MDXComponents from '../../../templates/components/MDXComponents.js';
import { mdxComponents } from '../../../templates/mdxComponents.js';

const site = (baseUrl: string, customFields?: Record<string, unknown>) =>
  ({
    title: 'Sipa',
    tagline: 'Simple',
    url: 'https://sipa.example',
    baseUrl,
    locale: { name: 'en', label: 'English', direction: 'ltr', htmlLang: 'en', calendar: 'gregory', path: 'en' },
    siteVersion: '2.1.0',
    ...(customFields ? { customFields } : {}),
  }) as unknown as ClientSiteData;

const render = (node: ReactNode, baseUrl = '/sub/', customFields?: Record<string, unknown>) =>
  renderToStaticMarkup(createElement(SiteContext.Provider, { value: site(baseUrl, customFields) }, node));

describe('@docusaurus/useBaseUrl', () => {
  it('puts the base URL before site paths only', () => {
    const s = { baseUrl: '/sub/', url: 'https://sipa.example' };
    expect(withBaseUrl('/img/x.png', s)).toBe('/sub/img/x.png');
    expect(withBaseUrl('img/x.png', s)).toBe('/sub/img/x.png');
    expect(withBaseUrl('/sub/img/x.png', s)).toBe('/sub/img/x.png');
    expect(withBaseUrl('/sub/img/x.png', s, { forcePrependBaseUrl: true })).toBe('/sub/sub/img/x.png');
    expect(withBaseUrl('/img/x.png', s, { absolute: true })).toBe('https://sipa.example/sub/img/x.png');
    expect(withBaseUrl('https://cdn.example/x.png', s)).toBe('https://cdn.example/x.png');
    expect(withBaseUrl('#top', s)).toBe('#top');
    expect(withBaseUrl('', s)).toBe('');
  });

  it('reads the base URL of the page, as a hook and through useBaseUrlUtils', () => {
    function Image() {
      const { withBaseUrl: prefix } = useBaseUrlUtils();
      return createElement('a', { href: useBaseUrl('/img/a.png'), 'data-b': prefix('/img/b.png', { absolute: true }) });
    }
    expect(render(createElement(Image))).toBe('<a href="/sub/img/a.png" data-b="https://sipa.example/sub/img/b.png"></a>');
  });
});

describe('@docusaurus/Link', () => {
  it('links site paths with the base URL, from `to` or `href`, and opens external URLs in a new tab', () => {
    expect(render(createElement(Link, { to: '/docs/intro', className: 'x' }, 'Intro'))).toBe('<a href="/sub/docs/intro" class="x">Intro</a>');
    expect(render(createElement(Link, { href: '/docs/intro' }, 'Intro'))).toBe('<a href="/sub/docs/intro">Intro</a>');
    expect(render(createElement(Link, { to: '/docs/intro', autoAddBaseUrl: false }, 'Intro'))).toBe('<a href="/docs/intro">Intro</a>');
    expect(render(createElement(Link, { to: '#usage', isNavLink: true, activeClassName: 'on' }, 'Usage'))).toBe('<a href="#usage">Usage</a>');
    expect(render(createElement(Link, { to: 'https://github.com/sipa-js/sipa' }, 'Source'))).toBe(
      '<a href="https://github.com/sipa-js/sipa" target="_blank" rel="noopener noreferrer">Source</a>',
    );
  });
});

describe('@docusaurus/useDocusaurusContext', () => {
  it('gives the site config fields content reads, and the locale', () => {
    let seen: ReturnType<typeof useDocusaurusContext> | undefined;
    function Probe() {
      seen = useDocusaurusContext();
      return null;
    }
    render(createElement(Probe), '/sub/', { cliName: 'sipa' });
    expect(seen!.siteConfig).toEqual({ title: 'Sipa', tagline: 'Simple', url: 'https://sipa.example', baseUrl: '/sub/', trailingSlash: false, customFields: { cliName: 'sipa' } });
    expect(seen!.i18n).toMatchObject({ defaultLocale: 'en', currentLocale: 'en', locales: ['en'] });
    expect(seen!.siteMetadata).toEqual({ siteVersion: '2.1.0' });
    render(createElement(Probe));
    expect(seen!.siteConfig.customFields).toEqual({});
  });
});

describe('@docusaurus/BrowserOnly', () => {
  it('renders the fallback on the server, never the browser-only children', () => {
    const children = () => {
      throw new Error('children ran on the server');
    };
    expect(render(createElement(BrowserOnly, { fallback: createElement('p', null, 'Loading'), children }))).toBe('<p>Loading</p>');
    expect(render(createElement(BrowserOnly, { children }))).toBe('');
  });

  it('refuses children that are not a function', () => {
    expect(() => render(createElement(BrowserOnly, null, createElement('p') as never))).toThrow(/needs a function/);
  });
});

describe('@theme/MDXComponents', () => {
  it('is the component map the theme gives MDX pages', () => {
    expect(MDXComponents).toBe(mdxComponents);
    expect(Object.keys(MDXComponents)).toEqual(expect.arrayContaining(['a', 'Tabs', 'TabItem', 'Admonition', 'CodeBlock', 'Details']));
  });
});
