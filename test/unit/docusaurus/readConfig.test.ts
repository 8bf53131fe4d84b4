import { describe, expect, it } from 'vitest';
import { MigrationNotes } from '../../../src/docusaurus/notes.js';
import { readDocusaurusConfig } from '../../../src/docusaurus/readConfig.js';
import type { Evaluated } from '../../../src/docusaurus/sandbox.js';

const projectDir = '/projects/sipa-docs';

function read(config: Evaluated) {
  const notes = new MigrationNotes();
  const site = readDocusaurusConfig(config, projectDir, notes);
  return { site, notes, skipped: notes.notCarriedItems.map((note) => `${note.item} — ${note.reason}`) };
}

describe('readDocusaurusConfig', () => {
  it('reads the site identity and the classic preset options, with Docusaurus defaults', () => {
    const { site, skipped } = read({
      title: 'Sipa',
      tagline: 'Simple',
      url: 'https://sipa-js.github.io',
      baseUrl: '/',
      favicon: 'img/favicon.svg',
      trailingSlash: false,
      onBrokenLinks: 'throw',
      i18n: { defaultLocale: 'en', locales: ['en'] },
      presets: [['classic', {
        docs: { sidebarPath: `${projectDir}/sidebars.js`, editUrl: 'https://github.com/x/y/tree/main/' },
        blog: { showReadingTime: false, postsPerPage: 'ALL', blogTitle: 'News', blogDescription: 'What is new' },
        theme: { customCss: './src/css/custom.css' },
      }]],
      themeConfig: {},
    });
    expect(site.site).toEqual({
      title: 'Sipa', tagline: 'Simple', url: 'https://sipa-js.github.io', baseUrl: '/', favicon: 'img/favicon.svg',
      noIndex: undefined, titleDelimiter: undefined, trailingSlash: false, i18n: { defaultLocale: 'en', locales: ['en'] },
      // Docusaurus 3's defaults where the project sets none.
      onBrokenLinks: 'throw', onBrokenMarkdownLinks: 'warn', onBrokenAnchors: 'warn', onRootRelativeLinks: 'warn',
      // Markdown images as Docusaurus shows them: no resized copies.
      images: { responsive: false },
    });
    expect(site.docs).toEqual({
      id: 'default', where: 'presets.classic.docs', path: 'docs', routeBasePath: 'docs', sidebarPath: 'sidebars.js', editUrl: 'https://github.com/x/y/tree/main/', sidebarCollapsed: true, numberPrefixParser: true, versioning: {}, markdownPlugins: {},
    });
    expect(site.moreDocs).toEqual([]);
    expect(site.blog).toEqual({
      path: 'blog', routeBasePath: 'blog', showReadingTime: false, editUrl: undefined, postsPerPage: 'ALL', sidebarCount: 5,
      title: 'News', description: 'What is new', authorsFile: 'blog/authors.yml', markdownPlugins: {},
    });
    expect(site.pagesPath).toBe('src/pages');
    expect(site.customCss).toEqual(['src/css/custom.css']);
    expect(site.staticDirs).toEqual(['static']);
    expect(skipped).toEqual([]);
  });

  it('reports a value of the wrong type, naming the module a stub stands for', () => {
    const { site, skipped } = read({ title: 'Sipa', url: 'https://x', tagline: { $module: './config.localized.json.tagline', $from: './config.localized.json' }, noIndex: 'yes' });
    expect(site.site.tagline).toBeUndefined();
    expect(skipped).toEqual([
      'tagline: ./config.localized.json.tagline — a string was expected; it comes from ./config.localized.json, which is not run during the migration (set it by hand)',
      'noIndex: "yes" — a boolean was expected',
    ]);
  });

  it('carries numberPrefixParser: false, and reports a parser of the site\'s own', () => {
    const keeping = read({ title: 'T', url: 'https://x', presets: [['classic', { docs: { numberPrefixParser: false } }]] });
    expect(keeping.site.docs!.numberPrefixParser).toBe(false);
    expect(keeping.skipped).toEqual([]);
    const own = read({ title: 'T', url: 'https://x', presets: [['classic', { docs: { numberPrefixParser: { $function: 'parse' } } }]] });
    expect(own.site.docs!.numberPrefixParser).toBe(true);
    expect(own.skipped).toEqual([
      'presets.classic.docs.numberPrefixParser: a function (parse) — a parser of your own cannot run in sipadocs, which strips number prefixes such as 01- or 010_ as Docusaurus does by default',
    ]);
  });

  it('finds the classic preset however it is named', () => {
    for (const name of ['@docusaurus/preset-classic', `${projectDir}/node_modules/@docusaurus/preset-classic/lib/index.js`]) {
      expect(read({ title: 'T', url: 'https://x', presets: [[name, { docs: { path: 'handbook', routeBasePath: '/guide/' } }]] }).site.docs).toMatchObject({ path: 'handbook', routeBasePath: 'guide' });
    }
  });

  it('reports the plugins it does not run, other presets and every key it does not carry', () => {
    const { skipped, site } = read({
      title: 'T',
      url: 'https://x',
      presets: [['classic', { docs: { editUrl: { $function: 'editUrl' }, showLastUpdateTime: true, showLastUpdateAuthor: false }, blog: false, gtag: { trackingID: 'G-1' } }], ['docusaurus-preset-openapi', {}]],
      plugins: ['@docusaurus/plugin-ideal-image', [{ $function: 'tailwindPlugin' }, {}], ['@docusaurus/plugin-content-docs', { id: 'community', path: 'community' }]],
      themes: ['@docusaurus/theme-mermaid'],
      i18n: { defaultLocale: 'en', locales: ['en', 'fr'] },
      customFields: { answer: 42, list: [1, 'two'], compute: { $function: 'compute' } },
      onBrokenLinks: 'warn',
      onBrokenAnchors: 'sometimes',
      themeConfig: {},
    });
    expect(site.blog).toBeNull();
    expect(site.site.i18n).toEqual({ defaultLocale: 'en', locales: ['en', 'fr'] });
    expect(site.site.customFields).toEqual({ answer: 42, list: [1, 'two'] });
    expect(site.site.onBrokenLinks).toBe('warn');
    expect(site.site.onBrokenAnchors).toBe('warn');
    expect(site.docs!.editUrl).toBeUndefined();
    expect(site.moreDocs.map((docs) => [docs.id, docs.path, docs.routeBasePath])).toEqual([['community', 'community', 'docs']]);
    expect(skipped).toEqual([
      'onBrokenAnchors: "sometimes" — not one of \'throw\', \'warn\', \'log\', \'ignore\'; Docusaurus\'s default \'warn\' was used',
      'customFields.compute: a function (compute) — a function or a value from a module cannot be written into the new config; set it by hand',
      'preset "docusaurus-preset-openapi" — only the options of the classic preset are read',
      'presets.classic.docs.editUrl: a function (editUrl) — sipadocs takes an edit URL prefix (a string), not a function; pages have no edit link',
      'presets.classic.docs.showLastUpdateAuthor: false — every sipadocs doc shows the date and author of its last commit',
      'theme @docusaurus/theme-mermaid — without markdown.mermaid: true Docusaurus shows ```mermaid blocks as code, and so does sipadocs',
    ]);
    // A plugin of the project's own runs through the plugin API instead (see src/plugins/).
    expect(site.plugins.map(({ where }) => where)).toEqual(['plugins (a function (tailwindPlugin))']);
  });

  it('carries docusaurus-plugin-sass as sass: true, reporting its loader options', () => {
    const { site, skipped, notes } = read({ title: 'T', url: 'https://x', plugins: [['docusaurus-plugin-sass', { sassOptions: { includePaths: ['src/css'] } }]], themeConfig: {} });
    expect(site.site.sass).toBe(true);
    expect(notes.carried).toContain('plugin docusaurus-plugin-sass as sass: true (.scss, .sass and .module.scss compiled with the sass package)');
    expect(skipped).toEqual(['plugins (docusaurus-plugin-sass).options.sassOptions: {"includePaths":["src/css"]} — sipadocs compiles Sass with the sass package\'s defaults']);
    expect(read({ title: 'T', url: 'https://x', plugins: ['sass'], themeConfig: {} }).site.site.sass).toBe(true);
    expect(read({ title: 'T', url: 'https://x', themeConfig: {} }).site.site.sass).toBeUndefined();
  });

  it('carries @docusaurus/plugin-ideal-image as images.idealImage with the options that shape its images, reporting the others', () => {
    const { site, skipped, notes } = read({ title: 'T', url: 'https://x', plugins: [['@docusaurus/plugin-ideal-image', { quality: 70, max: 1030, min: 640, steps: 2, disableInDev: false, name: 'img/[name].[ext]' }]], themeConfig: {} });
    expect(site.site.images).toEqual({ responsive: false, idealImage: { quality: 70, max: 1030, min: 640, steps: 2, disableInDev: false } });
    expect(notes.carried).toContain('plugin @docusaurus/plugin-ideal-image as images.idealImage (PNG and JPEG imports resized with sharp, for @theme/IdealImage)');
    expect(skipped).toEqual(['plugins (@docusaurus/plugin-ideal-image).options.name: "img/[name].[ext]" — sipadocs names the copies itself and has no other option of the plugin']);
    expect(read({ title: 'T', url: 'https://x', plugins: ['ideal-image'], themeConfig: {} }).site.site.images).toEqual({ responsive: false, idealImage: {} });
    expect(read({ title: 'T', url: 'https://x', plugins: [['ideal-image', { sizes: [320, 'big'] }]], themeConfig: {} }).skipped).toEqual(['plugins (@docusaurus/plugin-ideal-image).options.sizes: [320,"big"] — a list of widths in pixels was expected']);
  });

  it('reads docs plugins of plugins and themes as docs instances, the site root and versions included', () => {
    const { site, notes, skipped } = read({
      title: 'T',
      url: 'https://x',
      themes: ['@docusaurus/theme-classic'],
      plugins: [
        ['@docusaurus/plugin-content-docs', { path: 'handbook', routeBasePath: '/', sidebarPath: './sidebars.js', editUrl: 'https://e/', lastVersion: 'current', onlyIncludeVersions: ['current', '1.0'], versions: { current: { label: 'Canary', path: 'canary', banner: 'none', badge: false }, '1.0': { noIndex: true, banner: 'soon' } } }],
        [`${projectDir}/node_modules/@docusaurus/plugin-content-docs/lib/index.js`, { id: 'api', path: 'api', routeBasePath: 'api', disableVersioning: true, includeCurrentVersion: true }],
        ['@docusaurus/plugin-content-docs', { id: 'api', path: 'again' }],
      ],
      themeConfig: {},
    });
    expect(site.docs).toEqual({
      id: 'default', where: 'plugins.0', path: 'handbook', routeBasePath: '', sidebarPath: 'sidebars.js', editUrl: 'https://e/', sidebarCollapsed: true, numberPrefixParser: true,
      versioning: { lastVersion: 'current', onlyIncludeVersions: ['current', '1.0'], versions: { current: { label: 'Canary', path: 'canary', banner: 'none', badge: false }, '1.0': { noIndex: true } } },
      markdownPlugins: {},
    });
    expect(site.moreDocs.map((docs) => [docs.id, docs.where, docs.path, docs.routeBasePath, docs.versioning])).toEqual([['api', 'plugins.1', 'api', 'api', { includeCurrentVersion: true, disableVersioning: true }]]);
    expect(skipped).toEqual([
      'plugins.0.1.versions.1.0.banner: "soon" — a banner is "none", "unreleased" or "unmaintained"',
      'theme "@docusaurus/theme-classic" — sipadocs has one built-in theme, which stands for Docusaurus\'s own themes',
      'plugins.2: a docs instance with the id "api" — another docs instance has that id (Docusaurus refuses two); its content was not copied',
    ]);
    expect(notes.carried).toContain('plugins.0: the docs plugin became a docs instance (handbook, at /)');
  });
});
