import { describe, expect, it } from 'vitest';
import { ConfigObject } from '../../../src/docusaurus/evaluated.js';
import { MigrationNotes } from '../../../src/docusaurus/notes.js';
import type { Evaluated } from '../../../src/docusaurus/sandbox.js';
import { CODE_THEMES, htmlToText, translateTheme, type DocRoutes } from '../../../src/docusaurus/translateTheme.js';

const routes: DocRoutes = {
  docRoute: (id) => ({ intro: '/docs/intro', 'api/index': '/docs/api' })[id],
  sidebarOf: (id) => ({ intro: 'tutorial', 'api/index': 'api' })[id],
  sidebarFirstRoute: (id) => ({ tutorial: '/docs/intro', api: '/docs/api' })[id],
  sidebarBasePath: (id) => ({ api: '/docs/api' })[id],
};

function translate(themeConfig: Evaluated) {
  const notes = new MigrationNotes();
  const settings = translateTheme(ConfigObject.of('themeConfig', themeConfig), routes, '/', notes);
  return { settings, notes, skipped: notes.notCarriedItems.map((note) => note.item) };
}

describe('translateTheme', () => {
  it('carries doc and docSidebar items for sipadocs to resolve, links, and an icon-only link drawn by its class', () => {
    const { settings, skipped, notes } = translate({
      navbar: {
        title: 'Sipa',
        logo: { alt: 'Logo', src: 'img/logo.svg', srcDark: 'img/logo-dark.svg' },
        items: [
          { type: 'doc', docId: 'intro', label: 'Guides', position: 'left' },
          { type: 'docSidebar', sidebarId: 'api', label: 'API' },
          { to: 'blog', label: 'Blog', activeBasePath: 'blog' },
          { href: 'https://github.com/sipa-js/sipa', position: 'right', 'aria-label': 'Sipa on GitHub', className: 'header-github-link' },
          { type: 'search', position: 'right' },
        ],
      },
    });
    expect(settings.navbar).toEqual({
      title: 'Sipa',
      logo: { src: '/img/logo.svg', alt: 'Logo', srcDark: '/img/logo-dark.svg' },
      items: [
        { type: 'doc', docId: 'intro', label: 'Guides', position: 'left' },
        { type: 'docSidebar', sidebarId: 'api', label: 'API', position: 'left' },
        { label: 'Blog', to: '/blog', position: 'left', activeBasePath: '/blog' },
        { href: 'https://github.com/sipa-js/sipa', position: 'right', ariaLabel: 'Sipa on GitHub', className: 'header-github-link' },
      ],
    });
    expect(skipped).toEqual([]);
    expect(notes.carried).toContain('themeConfig.navbar.items.4: the search box is sipadocs\'s own search button, always in the navbar');
  });

  it('carries dropdowns of links and HTML, html items and links showing HTML', () => {
    const { settings, skipped } = translate({
      navbar: {
        items: [
          {
            type: 'dropdown',
            label: 'More',
            position: 'right',
            items: [
              { label: 'Blog', to: '/blog' },
              { type: 'doc', docId: 'intro', label: 'Intro' },
              { type: 'html', value: '<hr class="dropdown-separator">' },
              { href: 'https://example.com/old', label: 'Old site', target: '_self' },
            ],
          },
          { type: 'html', value: '<strong>Beta</strong>', className: 'beta' },
          { to: '/docs/intro', html: '<em>Intro</em>' },
        ],
      },
    });
    expect(settings.navbar!.items).toEqual([
      {
        type: 'dropdown',
        label: 'More',
        position: 'right',
        items: [
          { label: 'Blog', to: '/blog' },
          { type: 'doc', docId: 'intro', label: 'Intro' },
          { type: 'html', html: '<hr class="dropdown-separator">' },
          { label: 'Old site', href: 'https://example.com/old' },
        ],
      },
      { type: 'html', html: '<strong>Beta</strong>', position: 'left', className: 'beta' },
      { to: '/docs/intro', html: '<em>Intro</em>', position: 'left' },
    ]);
    expect(skipped).toEqual(['themeConfig.navbar.items.0.items.3.target: "_self"']);
  });

  it('carries the docs version items with their links and settings', () => {
    const { settings, skipped } = translate({
      navbar: {
        items: [
          { type: 'docsVersionDropdown', position: 'right', label: 'ignored', docsPluginId: 'api', dropdownActiveClassDisabled: true, dropdownItemsBefore: [{ label: 'Old', href: 'https://old.example/' }], dropdownItemsAfter: [{ to: '/versions', label: 'All versions' }, { label: 'No link' }] },
          { type: 'docsVersion', label: 'Current docs' },
        ],
      },
    });
    expect(settings.navbar!.items).toEqual([
      { type: 'docsVersionDropdown', position: 'right', docsPluginId: 'api', dropdownActiveClassDisabled: true, dropdownItemsBefore: [{ label: 'Old', href: 'https://old.example/' }], dropdownItemsAfter: [{ label: 'All versions', to: '/versions' }] },
      { type: 'docsVersion', label: 'Current docs', position: 'left' },
    ]);
    expect(skipped).toEqual(['themeConfig.navbar.items.0.dropdownItemsAfter.1']);
  });

  it('carries the locale dropdown, and reports navbar items it cannot carry: other types, and docs the site does not have', () => {
    const { settings, skipped } = translate({
      navbar: { items: [{ type: 'docsVersionDropdown' }, { type: 'localeDropdown', position: 'right' }, { type: 'doc', docId: 'gone', label: 'Gone' }, { type: 'custom-thing', label: 'More' }] },
    });
    expect(settings.navbar!.items).toEqual([{ type: 'docsVersionDropdown', position: 'left' }, { type: 'localeDropdown', position: 'right' }]);
    expect(skipped).toEqual([
      'themeConfig.navbar.items.2 ("Gone")',
      'themeConfig.navbar.items.3 ("More"): type "custom-thing"',
    ]);
  });

  it('carries footer columns, a single row of links, the text of an HTML copyright, the style and the logo', () => {
    const columns = translate({
      footer: { style: 'dark', links: [{ title: 'Docs', items: [{ label: 'Intro', to: '/docs/intro' }, { html: '<b>x</b>' }] }], copyright: 'Copyright © 2025 Sipa. Built with <a href="https://docusaurus.io">Docusaurus</a>.' },
    });
    expect(columns.settings.footer).toEqual({
      columns: [{ title: 'Docs', items: [{ label: 'Intro', to: '/docs/intro' }, { label: '', html: '<b>x</b>' }] }],
      copyright: 'Copyright © 2025 Sipa. Built with Docusaurus.',
      style: 'dark',
    });
    expect(columns.skipped).toEqual(['themeConfig.footer.copyright: its HTML markup']);
    // Without a style, Docusaurus's footer is light; the logo is carried with its dark image, link and size.
    const row = translate({
      footer: { links: [{ label: 'GitHub', href: 'https://github.com/sipa-js/sipa' }], logo: { alt: 'Sipa', src: 'img/footer.svg', srcDark: 'img/footer-dark.svg', href: 'https://sipa.example', width: 160, height: 51, target: '_self' } },
    });
    expect(row.settings.footer!.columns).toEqual([{ title: '', items: [{ label: 'GitHub', href: 'https://github.com/sipa-js/sipa' }] }]);
    expect(row.settings.footer!.style).toBe('light');
    expect(row.settings.footer!.logo).toEqual({ src: '/img/footer.svg', alt: 'Sipa', srcDark: '/img/footer-dark.svg', href: 'https://sipa.example', width: 160, height: 51 });
    expect(row.skipped).toEqual(['themeConfig.footer.logo.target: "_self"']);
  });

  it('turns an HTML announcement into text with its link, keeping the words in order', () => {
    const { settings } = translate({
      announcementBar: { id: 'star', content: '⭐️ If you like Sipa, give it a star on <a target="_blank" href="https://github.com/sipa-js/sipa">GitHub</a>! ⭐️' },
    });
    expect(settings.announcementBar).toEqual({
      id: 'star',
      content: '⭐️ If you like Sipa, give it a star on',
      isCloseable: true,
      link: { label: 'GitHub! ⭐️', href: 'https://github.com/sipa-js/sipa' },
    });
    const middle = translate({ announcementBar: { content: 'Read <a href="/blog/x">the notes</a> before updating.' } }).settings.announcementBar;
    expect(middle).toEqual({ id: 'announcement-bar', content: 'Read the notes before updating.', isCloseable: true, link: { label: 'the notes', to: '/blog/x' } });
  });

  it("writes themeConfig.metadata as meta tags of every page, and names an entry it cannot write", () => {
    const { settings, skipped } = translate({ metadata: [{ name: 'keywords', content: 'testing, jest' }, { property: 'og:locale', content: 'en_US' }, { name: 'x', content: 3 }] });
    expect(settings.metadata).toEqual([
      { tagName: 'meta', attributes: { name: 'keywords', content: 'testing, jest' } },
      { tagName: 'meta', attributes: { property: 'og:locale', content: 'en_US' } },
    ]);
    expect(skipped).toEqual(['themeConfig.metadata.2: {"name":"x","content":3}']);
  });

  it("carries the announcement's colours and the navbar logo's link, target and size, as jest, recoil and testing-library set them", () => {
    const { settings, skipped } = translate({
      announcementBar: { id: 'support_ukraine', content: 'Support Ukraine', backgroundColor: '#20232a', textColor: '#fff', isCloseable: false },
      navbar: { title: 'Recoil', logo: { alt: 'Recoil', src: 'img/logo.svg', href: '/', target: '_self', width: 32, height: 32 } },
    });
    expect(skipped).toEqual([]);
    expect(settings.announcementBar).toEqual({ id: 'support_ukraine', content: 'Support Ukraine', isCloseable: false, backgroundColor: '#20232a', textColor: '#fff' });
    expect(settings.navbar!.logo).toEqual({ src: '/img/logo.svg', alt: 'Recoil', href: '/', target: '_self', width: 32, height: 32 });
    expect(translate({ navbar: { logo: { alt: 'L', src: 'img/l.svg', width: '32px' } } }).skipped).toEqual(['themeConfig.navbar.logo.width: "32px"']);
  });

  it('maps prism themes to shiki themes of the same family, and reports unknown ones', () => {
    const themes = (prism: Evaluated) => translate({ prism });
    expect(themes({ theme: { $module: 'prism-react-renderer/themes/github', $from: 'prism-react-renderer/themes/github' }, darkTheme: { $module: 'prism-react-renderer/themes/dracula', $from: 'prism-react-renderer/themes/dracula' } }).settings.codeThemes).toEqual({ light: 'github-light', dark: 'dracula' });
    expect(themes({ theme: { $module: 'prism-react-renderer.themes.vsLight', $from: 'prism-react-renderer' }, darkTheme: { $module: 'prism-react-renderer.themes.vsDark', $from: 'prism-react-renderer' } }).settings.codeThemes).toEqual({ light: 'light-plus', dark: 'dark-plus' });
    // Without a dark theme Docusaurus uses the light one in both modes; github has a dark member.
    expect(themes({ theme: { $module: 'prism-react-renderer/themes/github', $from: 'prism-react-renderer/themes/github' } }).settings.codeThemes).toEqual({ light: 'github-light', dark: 'github-dark' });
    const unknown = themes({ theme: { $module: 'prism-themes/themes/prism-a11y-dark', $from: 'prism-themes' }, darkTheme: { custom: 1 } });
    expect(unknown.settings.codeThemes).toEqual({});
    expect(unknown.skipped).toEqual(['themeConfig.prism.theme: prism-themes/themes/prism-a11y-dark', 'themeConfig.prism.darkTheme: {"custom":1}']);
  });

  it('maps a theme made from a prism theme with changes to its base', () => {
    const github = (part: string) => ({ $module: `prism-react-renderer.themes.github.${part}`, $from: 'prism-react-renderer' });
    const dracula = (part: string) => ({ $module: `prism-react-renderer.themes.dracula.${part}`, $from: 'prism-react-renderer' });
    // jest's: `plain: Object.assign(base.plain, {…})`, `styles: [...base.styles, …]` (the styles copied).
    const light = { plain: github('plain'), styles: [{ types: ['string'], style: { color: '#c21325' } }] };
    // `{ ...themes.dracula, plain: {…} }`: the styles are the base's own.
    const dark = { plain: { color: '#fff', backgroundColor: '#000' }, styles: dracula('styles') };
    const { settings, skipped } = translate({ prism: { theme: light, darkTheme: dark } });
    expect(settings.codeThemes).toEqual({ light: 'github-light', dark: 'dracula' });
    expect(skipped).toEqual([]);
  });

  it('has a shiki theme for every theme prism-react-renderer ships', async () => {
    const { themes } = (await import('prism-react-renderer')) as { themes: Record<string, unknown> };
    const { bundledThemesInfo } = await import('shiki');
    const shikiThemes = new Set(bundledThemesInfo.map((theme) => theme.id));
    expect(Object.keys(CODE_THEMES).sort()).toEqual(Object.keys(themes).sort());
    for (const { light, dark } of Object.values(CODE_THEMES)) {
      expect(shikiThemes).toContain(light);
      expect(shikiThemes).toContain(dark);
    }
  });

  it('carries colour mode, table of contents, docs sidebar options and the social card, and reports the rest', () => {
    const { settings, skipped, notes } = translate({
      colorMode: { defaultMode: 'dark', respectPrefersColorScheme: true, disableSwitch: false },
      tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 4 },
      docs: { sidebar: { hideable: true, autoCollapseCategories: true }, versionPersistence: 'none' },
      algolia: { appId: 'x' },
      image: 'img/card.png',
    });
    expect(settings.colorMode).toEqual({ defaultMode: 'dark', respectPrefersColorScheme: true, disableSwitch: false });
    expect(settings.toc).toEqual({ minHeadingLevel: 2, maxHeadingLevel: 4 });
    expect(settings.docs).toEqual({ sidebarHideable: true, autoCollapseCategories: true, versionPersistence: 'none' });
    expect(settings.image).toBe('img/card.png');
    expect(skipped).toEqual(['themeConfig.algolia: {"appId":"x"}']);
    // DocSearch without a key or an index cannot search: the site keeps its own index.
    expect(notes.notCarriedItems[0]!.reason).toBe('DocSearch needs an apiKey and an indexName; the site searches its own index');
  });

  it("carries DocSearch's settings, takes Docusaurus 2 beta's application when none is named, and reports what it has no counterpart of", () => {
    const { settings, skipped, notes } = translate({
      algolia: {
        appId: 'APP1',
        apiKey: 'key',
        indexName: 'site',
        contextualSearch: false,
        searchParameters: { facetFilters: ['type:content'] },
        placeholder: 'Search docs',
        insights: true,
        searchPagePath: 'find',
        externalUrlRegex: 'external\\.com',
      },
    });
    expect(settings.algolia).toEqual({ appId: 'APP1', apiKey: 'key', indexName: 'site', contextualSearch: false, searchParameters: { facetFilters: ['type:content'] }, placeholder: 'Search docs', insights: true });
    expect(skipped).toEqual(['themeConfig.algolia.externalUrlRegex: "external\\\\.com"']);
    expect(notes.carried).toContain('themeConfig.algolia: DocSearch (index "site") opens from the navbar\'s search button; the site\'s own index is still built');
    const legacy = translate({ algolia: { apiKey: 'key', indexName: 'recoiljs' } });
    expect(legacy.settings.algolia).toEqual({ appId: 'BH4D9OD16A', apiKey: 'key', indexName: 'recoiljs' });
    expect(legacy.skipped).toEqual([]);
  });
});

describe('htmlToText', () => {
  it('decodes entities and finds the first link', () => {
    expect(htmlToText('A &amp; B <a href="/x">see</a>')).toEqual({ text: 'A & B see', hadMarkup: true, link: { label: 'see', href: '/x' }, links: 1 });
    expect(htmlToText('plain').hadMarkup).toBe(false);
  });
});
