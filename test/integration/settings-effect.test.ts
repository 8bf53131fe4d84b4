/**
 * No setting is accepted without effect. The test walks the config schema (src/config/schema.ts)
 * and, for every key, builds a small site with a sample value of that key and compares the whole
 * output (every file, and what the build said: its warnings, or the error it stopped with) with
 * the same site built without it. A key of the schema with neither a sample in SAMPLES nor a
 * reason in EXEMPT fails the test, so a key added to the schema cannot go untested.
 *
 * Keys are the schema's leaves: an object's fields (and the fields of the objects an array or a
 * record holds, written `*` in the path) are keys; the object itself is covered by them. A
 * sample's `baseline` is what the site is built with instead (by default the config without the
 * key); a key that needs others beside it (a field of a navbar item, a required field) names them
 * in both. The builds share one watch session, as `serve --watch` would run them: what the
 * session reuses between builds is reused here, and a setting whose change a rebuild missed shows
 * as a key without effect.
 */
import { readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configSchema } from '../../src/config/schema.js';
import type { Schema } from '../../src/config/validate.js';
import { buildSite } from '../../src/pipeline/build.js';
import { SEARCH_DIR } from '../../src/search/buildSearchIndex.js';
import { OUTPUT_MARKER } from '../../src/staging/outputDir.js';
import { createBuildSession, type BuildSession } from '../../src/pipeline/session.js';
import { silentLogger, tempDir } from '../helpers.js';

type Config = Record<string, unknown>;

interface Sample {
  /** What the config adds to BASE_CONFIG: the key with its sample value (and what it needs beside it). */
  config: Config;
  /** What the site it is compared with adds to BASE_CONFIG (default: nothing). */
  baseline?: Config;
  /** Files both builds have beside SITE_FILES (path in the site folder → text, or bytes). */
  files?: Record<string, string | Uint8Array>;
  /** Which of the two builds stops with an error, as the key's effect (any other error fails the test). */
  fails?: 'baseline' | 'config';
}

/** The schema's keys (see the file's comment): dotted paths, `*` for any item of an array or record. */
export function schemaKeys(schema: Schema, prefix = ''): string[] {
  const inner = (s: Schema): Schema => (s.type === 'refine' || s.type === 'nullable' ? inner(s.of) : s);
  const node = inner(schema);
  if (node.type === 'object') {
    return Object.entries(node.fields).flatMap(([key, field]) => {
      const at = prefix ? `${prefix}.${key}` : key;
      const shape = inner(field);
      const holds = shape.type === 'array' || shape.type === 'record' ? inner(shape.of) : null;
      if (shape.type === 'object') return schemaKeys(shape, at);
      if (holds?.type === 'object') return schemaKeys(holds, `${at}.*`);
      return [at];
    });
  }
  return [];
}

const BASE_CONFIG: Config = { title: 'Settings', url: 'https://settings.example' };

/** A 1600×900 PNG shown by a markdown page, and by IdealImage (see the images samples). */
const WIDE_PNG = readFileSync(path.join(process.cwd(), 'test/fixtures/images/docs/img/wide.png'));
const PICTURE_FILES = { 'docs/img/wide.png': WIDE_PNG, 'docs/picture.md': '# Picture\n\n![Wide](./img/wide.png)\n' };
const IDEAL_IMAGE_FILES = {
  'docs/img/wide.png': WIDE_PNG,
  'docs/ideal.mdx': "# Ideal\n\nimport Image from '@theme/IdealImage';\n\n<Image img={require('./img/wide.png')} alt=\"Wide\" />\n",
};

const IDEAL_JPEG_FILES = {
  'docs/img/wide.jpg': await sharp(WIDE_PNG).jpeg({ quality: 95 }).toBuffer(),
  'docs/ideal.mdx': "# Ideal\n\nimport Image from '@theme/IdealImage';\n\n<Image img={require('./img/wide.jpg')} alt=\"Wide\" />\n",
};

/** A plugin that adds a meta tag to every page (written into the config file as its source). */
const samplePlugin = () => ({ name: 'sample-plugin', injectHtmlTags: () => ({ headTags: [{ tagName: 'meta', attributes: { name: 'sample-plugin', content: 'yes' } }] }) });

/** A remark plugin that adds a paragraph to every page it runs on (written into the config file as its source). */
const remarkAdds = () => (tree: { children: unknown[] }) => {
  tree.children.push({ type: 'paragraph', children: [{ type: 'text', value: 'Added by a remark plugin.' }] });
};
/** A rehype plugin that adds a paragraph to every page it runs on. */
const rehypeAdds = () => (tree: { children: unknown[] }) => {
  tree.children.push({ type: 'element', tagName: 'p', properties: {}, children: [{ type: 'text', value: 'Added by a rehype plugin.' }] });
};

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>\n';

/** The site every build has: two docs, a post, a page, static files (a sample adds what its key needs: see the files below). */
const SITE_FILES: Record<string, string> = {
  'docs/intro.md': [
    '# Intro',
    '',
    'Math: $x^2$. See the [guide](./guide.mdx).',
    '',
    '## Second level',
    '',
    '### Third level',
    '',
    '#### Fourth level',
    '',
    '```js',
    '// highlight-next-line',
    'const a = 1;',
    '// mark-next',
    'const b = 2;',
    '// mark-start',
    'const c = 3;',
    '// mark-end',
    '// begin-mark',
    'const d = 4;',
    '// finish-mark',
    '```',
    '',
    '```mermaid',
    'graph TD; A-->B;',
    '```',
    '',
  ].join('\n'),
  'docs/guide.mdx': [
    "import logo from '@site/static/img/logo.svg';",
    '',
    '# Guide',
    '',
    '<!-- a comment -->',
    '',
    ':::tip Heads up',
    'Tip body.',
    ':::',
    '',
    '## Custom {#custom-id}',
    '',
    'The logo import is a {typeof logo}.',
    '',
  ].join('\n'),
  'blog/2024-01-01-first.md': '---\ntitle: First post\n---\n\nThe first post.\n\n<!-- truncate -->\n\nMore.\n',
  'pages/index.md': '# Home\n\nThe home page.\n',
  'static/img/logo.svg': SVG,
  'static/img/other.svg': SVG.replace('rect', 'circle'),
  'i18n/fr/docusaurus-plugin-content-docs/current/intro.md': '# Intro en français\n\nTraduit.\n',
};

/** A stored version of the docs. */
const VERSION_FILES = { 'versions.json': '["1.0"]\n', 'versioned_docs/version-1.0/intro.md': '# Intro\n\nThe first version.\n' };
/** A category of docs. */
const CATEGORY_FILES = { 'docs/group/inner.md': '# Inner\n\nA doc in a category.\n', 'docs/group/other.md': '# Other\n\nAnother doc in a category.\n' };
/** A second docs folder. */
const COMMUNITY_FILES = { 'community/intro.md': '# Community\n\nThe second docs folder.\n' };
/** Two sidebars. */
const SIDEBAR_FILES = { 'sidebars.ts': "export default { main: [{ type: 'autogenerated', dirName: '.' }], other: ['intro'] };\n" };
/** A second post. */
const SECOND_POST = { 'blog/2024-02-01-second.md': '---\ntitle: Second post\n---\n\nThe second post.\n' };

/** The samples, each with `files` besides its own. */
const withFiles = (files: Record<string, string | Uint8Array>, samples: Record<string, Sample>): Record<string, Sample> =>
  Object.fromEntries(Object.entries(samples).map(([key, sample]) => [key, { ...sample, files: { ...files, ...sample.files } }]));

/** A link (footer item, dropdown item) with one field set in turn, compared with one without it. */
function linkSamples(prefix: string, place: (link: Config) => Config): Record<string, Sample> {
  const base = { label: 'Link', to: '/docs/intro' };
  return {
    [`${prefix}.label`]: { baseline: place({ to: '/docs/intro', html: 'Link' }), config: place({ to: '/docs/intro', html: 'Link', label: 'Labelled' }) },
    [`${prefix}.to`]: { baseline: place(base), config: place({ ...base, to: '/blog' }) },
    [`${prefix}.href`]: { baseline: place(base), config: place({ label: 'Link', href: 'https://elsewhere.example' }) },
    [`${prefix}.html`]: { baseline: place(base), config: place({ ...base, html: '<b>Bold link</b>' }) },
    [`${prefix}.className`]: { baseline: place(base), config: place({ ...base, className: 'own-link' }) },
  };
}

/** A navbar item's fields (the navbar's items, and a dropdown's items), each set in turn. */
function navItemSamples(prefix: string, place: (item: Config) => Config, { inDropdown = false } = {}): Record<string, Sample> {
  const link = { label: 'Docs', to: '/docs/intro' };
  const dropdown = (fields: Config) => place({ type: 'docsVersionDropdown', ...fields });
  return {
    [`${prefix}.type`]: { baseline: place({ label: 'Docs', to: '/docs/intro' }), config: place({ type: 'docsVersion', label: 'Docs' }), files: VERSION_FILES },
    [`${prefix}.label`]: { baseline: place({ to: '/docs/intro', ariaLabel: 'Docs' }), config: place({ to: '/docs/intro', ariaLabel: 'Docs', label: 'Docs' }) },
    [`${prefix}.to`]: { baseline: place({ label: 'Docs', href: 'https://elsewhere.example' }), config: place({ label: 'Docs', to: '/docs/intro' }) },
    [`${prefix}.href`]: { baseline: place(link), config: place({ label: 'Docs', href: 'https://elsewhere.example' }) },
    ...(inDropdown ? {} : { [`${prefix}.position`]: { baseline: place(link), config: place({ ...link, position: 'right' }) } }),
    [`${prefix}.activeBasePath`]: { baseline: place({ label: 'Docs', to: '/docs/intro' }), config: place({ label: 'Docs', to: '/docs/intro', activeBasePath: 'docs' }) },
    [`${prefix}.ariaLabel`]: { baseline: place(link), config: place({ ...link, ariaLabel: 'The docs' }) },
    [`${prefix}.className`]: { baseline: place(link), config: place({ ...link, className: 'own-item' }) },
    [`${prefix}.html`]: { baseline: place(link), config: place({ ...link, html: '<b>Docs</b>' }) },
    [`${prefix}.docId`]: { baseline: place({ type: 'doc', docId: 'intro' }), config: place({ type: 'doc', docId: 'guide' }) },
    [`${prefix}.sidebarId`]: {
      baseline: { ...place({ type: 'docSidebar', sidebarId: 'main' }), docs: { sidebarPath: './sidebars.ts' } },
      config: { ...place({ type: 'docSidebar', sidebarId: 'other' }), docs: { sidebarPath: './sidebars.ts' } },
      files: SIDEBAR_FILES,
    },
    [`${prefix}.docsPluginId`]: {
      baseline: { ...place({ type: 'doc', docId: 'intro' }), docsInstances: [{ id: 'community', path: 'community' }] },
      config: { ...place({ type: 'doc', docId: 'intro', docsPluginId: 'community' }), docsInstances: [{ id: 'community', path: 'community' }] },
      files: COMMUNITY_FILES,
    },
    ...withFiles(VERSION_FILES, linkSamples(`${prefix}.dropdownItemsBefore.*`, (item) => dropdown({ dropdownItemsBefore: [item] }))),
    ...withFiles(VERSION_FILES, linkSamples(`${prefix}.dropdownItemsAfter.*`, (item) => dropdown({ dropdownItemsAfter: [item] }))),
    [`${prefix}.dropdownActiveClassDisabled`]: { baseline: dropdown({}), config: dropdown({ dropdownActiveClassDisabled: true }), files: VERSION_FILES },
  };
}

/** The remark and rehype lists of one part of the site. */
function pluginListSamples(prefix: string, place: (lists: Config) => Config): Record<string, Sample> {
  return {
    [`${prefix}.remarkPlugins`]: { config: place({ remarkPlugins: [remarkAdds] }) },
    [`${prefix}.rehypePlugins`]: { config: place({ rehypePlugins: [rehypeAdds] }) },
    [`${prefix}.beforeDefaultRemarkPlugins`]: { config: place({ beforeDefaultRemarkPlugins: [remarkAdds] }) },
    [`${prefix}.beforeDefaultRehypePlugins`]: { config: place({ beforeDefaultRehypePlugins: [rehypeAdds] }) },
  };
}

/** What every docs instance has: the site's `docs`, and each of `docsInstances`. */
function docsInstanceSamples(prefix: string, place: (fields: Config) => Config, folder: string): Record<string, Sample> {
  const version = (fields: Config) => place({ versions: { '1.0': fields } });
  const versionFiles = folder === 'docs' ? VERSION_FILES : { [`${folder}_versions.json`]: '["1.0"]\n', [`${folder}_versioned_docs/version-1.0/intro.md`]: '# Community 1.0\n' };
  const versioned = (sample: Sample): Sample => ({ ...sample, files: { ...sample.files, ...versionFiles } });
  return {
    ...pluginListSamples(prefix, place),
    [`${prefix}.path`]: { config: place({ path: 'other-docs' }), files: { 'other-docs/start.md': '# Start\n\nAnother folder of docs.\n' } },
    [`${prefix}.routeBasePath`]: { config: place({ routeBasePath: 'manual' }) },
    [`${prefix}.sidebarPath`]: { config: place({ sidebarPath: './instance-sidebars.ts' }), files: { 'instance-sidebars.ts': "export default { only: [{ type: 'link', label: 'Elsewhere', href: 'https://elsewhere.example' }, { type: 'autogenerated', dirName: '.' }] };\n" } },
    [`${prefix}.editUrl`]: { config: place({ editUrl: 'https://edit.example/site/' }) },
    [`${prefix}.sidebarCollapsed`]: { config: place({ sidebarCollapsed: true }), files: { [`${folder}/group/inner.md`]: '# Inner\n', [`${folder}/group/other.md`]: '# Other\n' } },
    [`${prefix}.numberPrefixParser`]: { config: place({ numberPrefixParser: false }), files: { [`${folder}/02-numbered.md`]: '# Numbered\n' } },
    [`${prefix}.lastVersion`]: versioned({ config: place({ lastVersion: 'current' }) }),
    [`${prefix}.onlyIncludeVersions`]: versioned({ config: place({ onlyIncludeVersions: ['current'] }) }),
    [`${prefix}.includeCurrentVersion`]: versioned({ config: place({ includeCurrentVersion: false }) }),
    [`${prefix}.disableVersioning`]: versioned({ config: place({ disableVersioning: true }) }),
    [`${prefix}.versions.*.label`]: versioned({ config: version({ label: 'One' }) }),
    [`${prefix}.versions.*.path`]: versioned({ config: version({ path: 'one' }) }),
    [`${prefix}.versions.*.banner`]: versioned({ config: version({ banner: 'unmaintained' }) }),
    [`${prefix}.versions.*.badge`]: versioned({ config: version({ badge: false }) }),
    [`${prefix}.versions.*.noIndex`]: versioned({ config: version({ noIndex: true }) }),
    [`${prefix}.versions.*.className`]: versioned({ config: version({ className: 'version-one' }) }),
  };
}

const community = (fields: Config): Config => ({ docsInstances: [{ id: 'community', path: 'community', ...fields }] });
const withCommunity = (samples: Record<string, Sample>): Record<string, Sample> =>
  Object.fromEntries(Object.entries(samples).map(([key, sample]) => [key, { ...sample, baseline: sample.baseline ?? community({}), files: { ...COMMUNITY_FILES, ...sample.files } }]));

const twoLocales = { defaultLocale: 'en', locales: ['en', 'fr'] };
const frenchLocale = (fields: Config): Config => ({ i18n: { ...twoLocales, localeConfigs: { fr: fields } } });
const redirect = { from: '/old', to: '/docs/intro' };
const prefixRedirect = { from: '/manual', to: '/docs' };
const algolia = { appId: 'APPONE', apiKey: 'key-one', indexName: 'index-one' };
const magic = (kind: Config) => ({ markdown: { magicComments: [kind] } });
const bar = { id: 'notice', content: 'A notice' };
const barLink = (link: Config) => ({ announcementBar: { ...bar, link } });
const logo = { src: 'img/logo.svg', alt: 'Logo' };
const column = (item: Config) => ({ footer: { columns: [{ title: 'More', items: [item] }] } });

/** A sample value for each key of the schema (see Sample). */
export const SAMPLES: Record<string, Sample> = {
  title: { config: {}, baseline: { title: 'Another title' } },
  tagline: { config: { tagline: 'A tagline' } },
  url: { config: {}, baseline: { url: 'https://elsewhere.example' } },
  baseUrl: { config: { baseUrl: '/under/' } },
  favicon: { config: { favicon: 'img/logo.svg' } },
  'algolia.appId': { baseline: { algolia }, config: { algolia: { ...algolia, appId: 'APPTWO' } } },
  'algolia.apiKey': { baseline: { algolia }, config: { algolia: { ...algolia, apiKey: 'key-two' } } },
  'algolia.indexName': { baseline: { algolia }, config: { algolia: { ...algolia, indexName: 'index-two' } } },
  'algolia.contextualSearch': { baseline: { algolia }, config: { algolia: { ...algolia, contextualSearch: false } } },
  'algolia.searchParameters': { baseline: { algolia }, config: { algolia: { ...algolia, searchParameters: { hitsPerPage: 3 } } } },
  'algolia.placeholder': { baseline: { algolia }, config: { algolia: { ...algolia, placeholder: 'Find it' } } },
  'algolia.insights': { baseline: { algolia }, config: { algolia: { ...algolia, insights: true } } },
  'gtag.trackingID': { config: { gtag: { trackingID: 'G-SAMPLE1' } } },
  'gtag.anonymizeIP': { baseline: { gtag: { trackingID: 'G-SAMPLE1' } }, config: { gtag: { trackingID: 'G-SAMPLE1', anonymizeIP: true } } },
  'googleAnalytics.trackingID': { config: { googleAnalytics: { trackingID: 'UA-1234-5' } } },
  'googleAnalytics.anonymizeIP': { baseline: { googleAnalytics: { trackingID: 'UA-1234-5' } }, config: { googleAnalytics: { trackingID: 'UA-1234-5', anonymizeIP: true } } },
  'googleTagManager.containerId': { config: { googleTagManager: { containerId: 'GTM-SAMPLE' } } },
  'plausible.domain': { config: { plausible: { domain: 'settings.example' } } },
  'plausible.src': { baseline: { plausible: { domain: 'settings.example' } }, config: { plausible: { domain: 'settings.example', src: 'https://stats.example/script.js' } } },
  noIndex: { config: { noIndex: true } },
  titleDelimiter: { config: { titleDelimiter: '·' } },
  siteVersion: { config: { siteVersion: '4.5.6' } },
  image: { config: { image: 'img/logo.svg' } },
  onBrokenLinks: { config: { onBrokenLinks: 'warn' }, fails: 'baseline', files: { 'docs/broken.md': '# Broken\n\n[nowhere](/nowhere)\n' } },
  onBrokenMarkdownLinks: { baseline: { onBrokenLinks: 'warn' }, config: { onBrokenLinks: 'warn', onBrokenMarkdownLinks: 'ignore' }, files: { 'docs/broken.md': '# Broken\n\n[missing](./missing.md)\n' } },
  onRootRelativeLinks: { config: { onRootRelativeLinks: 'warn' }, fails: 'baseline', files: { 'docs/rooted.md': '# Rooted\n\n[intro](docs/intro)\n' } },
  onBrokenAnchors: { config: { onBrokenAnchors: 'warn' }, fails: 'baseline', files: { 'docs/broken.md': '# Broken\n\n[nowhere](/docs/intro#nowhere)\n' } },
  'redirects.pages.*.from': { baseline: { redirects: { pages: [redirect] } }, config: { redirects: { pages: [{ ...redirect, from: '/older' }] } } },
  'redirects.pages.*.to': { baseline: { redirects: { pages: [redirect] } }, config: { redirects: { pages: [{ ...redirect, to: '/docs/guide' }] } } },
  'redirects.prefixes.*.from': { baseline: { redirects: { prefixes: [prefixRedirect] } }, config: { redirects: { prefixes: [{ ...prefixRedirect, from: '/handbook' }] } } },
  'redirects.prefixes.*.to': { baseline: { redirects: { prefixes: [prefixRedirect] } }, config: { redirects: { prefixes: [{ ...prefixRedirect, to: '/blog' }] } } },
  'redirects.fromExtensions': { config: { redirects: { fromExtensions: ['html'] } } },
  'redirects.toExtensions': { config: { redirects: { toExtensions: ['php'] } }, files: { 'docs/legacy.md': '---\nslug: /legacy.php\n---\n\n# Legacy\n' } },
  customFields: { config: { customFields: { sample: 'value' } } },
  headTags: { config: { headTags: [{ tagName: 'meta', attributes: { name: 'sample', content: 'value' } }] } },
  stylesheets: { config: { stylesheets: ['https://cdn.example/sheet.css'] } },
  scripts: { config: { scripts: ['https://cdn.example/script.js'] } },
  'i18n.defaultLocale': { baseline: { i18n: twoLocales }, config: { i18n: { ...twoLocales, defaultLocale: 'fr' } } },
  'i18n.locales': { baseline: { i18n: { defaultLocale: 'en', locales: ['en'] } }, config: { i18n: twoLocales } },
  'i18n.path': { baseline: { i18n: twoLocales }, config: { i18n: { ...twoLocales, path: 'translations' } }, files: { 'translations/fr/docusaurus-plugin-content-docs/current/guide.mdx': '# Guide en français\n' } },
  'i18n.localeConfigs.*.label': { baseline: { i18n: twoLocales }, config: frenchLocale({ label: 'Le français' }) },
  'i18n.localeConfigs.*.direction': { baseline: { i18n: twoLocales }, config: frenchLocale({ direction: 'rtl' }) },
  'i18n.localeConfigs.*.htmlLang': { baseline: { i18n: twoLocales }, config: frenchLocale({ htmlLang: 'fr-CA' }) },
  'i18n.localeConfigs.*.calendar': { baseline: { i18n: twoLocales }, config: frenchLocale({ calendar: 'buddhist' }) },
  'i18n.localeConfigs.*.path': {
    baseline: { i18n: twoLocales },
    config: frenchLocale({ path: 'francais' }),
    files: { 'i18n/francais/docusaurus-plugin-content-docs/current/guide.mdx': '# Guide en français\n' },
  },
  'i18n.localeConfigs.*.baseUrl': { baseline: { i18n: twoLocales }, config: frenchLocale({ baseUrl: '/francais/' }) },
  'i18n.localeConfigs.*.translate': { baseline: { i18n: twoLocales }, config: frenchLocale({ translate: false }) },
  ...docsInstanceSamples('docs', (fields) => ({ docs: fields }), 'docs'),
  'docs.sidebarHideable': { config: { docs: { sidebarHideable: true } } },
  'docs.autoCollapseCategories': { config: { docs: { autoCollapseCategories: true } }, files: CATEGORY_FILES },
  'docs.versionPersistence': { config: { docs: { versionPersistence: 'none' } }, files: VERSION_FILES },
  'docs.version.name': { config: { docs: { version: { name: 'edge' } } }, files: VERSION_FILES },
  'docs.version.label': { config: { docs: { version: { label: 'Edge' } } }, files: VERSION_FILES },
  'docsInstances.*.id': { baseline: community({}), config: { docsInstances: [{ id: 'people', path: 'community' }] }, files: COMMUNITY_FILES },
  ...withCommunity(docsInstanceSamples('docsInstances.*', community, 'community')),
  ...pluginListSamples('blog', (lists) => ({ blog: lists })),
  'blog.path': { config: { blog: { path: 'news-posts' } }, files: { 'news-posts/2024-03-01-news.md': '---\ntitle: News\n---\n\nNews.\n' } },
  'blog.routeBasePath': { config: { blog: { routeBasePath: 'news' } } },
  'blog.title': { config: { blog: { title: 'News' } } },
  'blog.description': { config: { blog: { description: 'What is new' } } },
  'blog.showReadingTime': { config: { blog: { showReadingTime: false } } },
  'blog.editUrl': { config: { blog: { editUrl: 'https://edit.example/blog/' } } },
  'blog.postsPerPage': { config: { blog: { postsPerPage: 1 } }, files: SECOND_POST },
  'blog.sidebarCount': { config: { blog: { sidebarCount: 1 } }, files: SECOND_POST },
  'blog.authorsPages': {
    config: { blog: { authorsPages: false } },
    files: { 'blog/authors.yml': 'ada:\n  name: Ada\n  page: true\n', 'blog/2024-01-01-first.md': '---\ntitle: First post\nauthors: [ada]\n---\n\nThe first post.\n' },
  },
  'blog.listWithoutPosts': { baseline: { blog: { path: 'empty-blog' } }, config: { blog: { path: 'empty-blog', listWithoutPosts: true } }, files: { 'empty-blog/authors.yml': '' } },
  ...pluginListSamples('pages', (lists) => ({ pages: lists })),
  'pages.path': { config: { pages: { path: 'other-pages' } }, files: { 'other-pages/index.md': '# Another home\n' } },
  staticDir: { config: { staticDir: 'public' }, files: { 'public/img/logo.svg': SVG, 'public/img/other.svg': SVG, 'public/extra.txt': 'extra\n' } },
  customCss: { config: { customCss: ['./custom.css'] }, files: { 'custom.css': ':root { --sample: 1; }\n' } },
  sass: { baseline: { customCss: ['./custom.scss'] }, config: { customCss: ['./custom.scss'], sass: true }, fails: 'baseline', files: { 'custom.scss': '$size: 2px;\n.sample { margin: $size; }\n' } },
  svgImports: { config: { svgImports: 'component' } },
  'images.responsive': { config: { images: { responsive: false } }, files: PICTURE_FILES },
  'images.widths': { config: { images: { widths: [320] } }, files: PICTURE_FILES },
  'images.format': { config: { images: { format: 'avif' } }, files: PICTURE_FILES },
  'images.quality': { config: { images: { quality: 40 } }, files: PICTURE_FILES },
  // The builds run in a watch session, where the plugin's default (disableInDev) leaves images plain.
  ...Object.fromEntries(
    Object.entries({ max: 800, min: 400, sizes: [300] }).map(([option, value]) => [
      `images.idealImage.${option}`,
      { baseline: { images: { idealImage: { disableInDev: false } } }, config: { images: { idealImage: { disableInDev: false, [option]: value } } }, files: IDEAL_IMAGE_FILES },
    ]),
  ),
  // The copies keep the image's format: a PNG's are lossless whatever the quality, a JPEG's are not.
  'images.idealImage.quality': { baseline: { images: { idealImage: { disableInDev: false } } }, config: { images: { idealImage: { disableInDev: false, quality: 40 } } }, files: IDEAL_JPEG_FILES },
  // Steps spread the widths between min and max.
  'images.idealImage.steps': {
    baseline: { images: { idealImage: { disableInDev: false, min: 400, max: 1200 } } },
    config: { images: { idealImage: { disableInDev: false, min: 400, max: 1200, steps: 2 } } },
    files: IDEAL_IMAGE_FILES,
  },
  'images.idealImage.disableInDev': { baseline: { images: { idealImage: { disableInDev: false } } }, config: { images: { idealImage: { disableInDev: true } } }, files: IDEAL_IMAGE_FILES },
  plugins: { config: { plugins: [samplePlugin] } },
  'toc.minHeadingLevel': { config: { toc: { minHeadingLevel: 3 } } },
  'toc.maxHeadingLevel': { config: { toc: { maxHeadingLevel: 4 } } },
  ...pluginListSamples('markdown', (lists) => ({ markdown: lists })),
  'markdown.format': { config: { markdown: { format: 'md' } } },
  'markdown.mdx1Compat.comments': { config: { markdown: { mdx1Compat: { comments: false } } }, fails: 'config' },
  'markdown.mdx1Compat.admonitions': { config: { markdown: { mdx1Compat: { admonitions: false } } } },
  'markdown.mdx1Compat.headingIds': { config: { markdown: { mdx1Compat: { headingIds: false } } }, fails: 'config' },
  'markdown.mdx1Compat.syntax': { config: { markdown: { mdx1Compat: { syntax: true } } } },
  'markdown.maxFileSize': { config: { markdown: { maxFileSize: 100 } }, fails: 'config' },
  'markdown.math': { config: { markdown: { math: true } } },
  'markdown.mermaid': { config: { markdown: { mermaid: true } } },
  'markdown.magicComments.*.className': { baseline: magic({ className: 'marked', line: 'mark-next' }), config: magic({ className: 'other-mark', line: 'mark-next' }) },
  'markdown.magicComments.*.line': { baseline: magic({ className: 'marked' }), config: magic({ className: 'marked', line: 'mark-next' }) },
  'markdown.magicComments.*.block.start': {
    baseline: magic({ className: 'marked', block: { start: 'mark-start', end: 'mark-end' } }),
    config: magic({ className: 'marked', block: { start: 'begin-mark', end: 'mark-end' } }),
  },
  'markdown.magicComments.*.block.end': {
    baseline: magic({ className: 'marked', block: { start: 'begin-mark', end: 'mark-end' } }),
    config: magic({ className: 'marked', block: { start: 'begin-mark', end: 'finish-mark' } }),
  },
  'codeThemes.light': { config: { codeThemes: { light: 'min-light' } } },
  'codeThemes.dark': { config: { codeThemes: { dark: 'min-dark' } } },
  'colorMode.defaultMode': { config: { colorMode: { defaultMode: 'dark' } } },
  'colorMode.respectPrefersColorScheme': { config: { colorMode: { respectPrefersColorScheme: true } } },
  'colorMode.disableSwitch': { config: { colorMode: { disableSwitch: true } } },
  'announcementBar.id': { baseline: { announcementBar: bar }, config: { announcementBar: { ...bar, id: 'other-notice' } } },
  'announcementBar.content': { config: { announcementBar: bar } },
  'announcementBar.link.label': { baseline: barLink({ label: 'More', to: '/docs/intro' }), config: barLink({ label: 'Read more', to: '/docs/intro' }) },
  'announcementBar.link.to': { baseline: barLink({ label: 'More', href: 'https://elsewhere.example' }), config: barLink({ label: 'More', to: '/docs/intro' }) },
  'announcementBar.link.href': { baseline: barLink({ label: 'More', to: '/docs/intro' }), config: barLink({ label: 'More', href: 'https://elsewhere.example' }) },
  'announcementBar.isCloseable': { baseline: { announcementBar: bar }, config: { announcementBar: { ...bar, isCloseable: false } } },
  'announcementBar.backgroundColor': { baseline: { announcementBar: bar }, config: { announcementBar: { ...bar, backgroundColor: '#20232a' } } },
  'announcementBar.textColor': { baseline: { announcementBar: bar }, config: { announcementBar: { ...bar, textColor: '#ffeeaa' } } },
  'navbar.title': { config: { navbar: { title: 'Navbar title' } } },
  'navbar.logo.src': { baseline: { navbar: { logo } }, config: { navbar: { logo: { ...logo, src: 'img/other.svg' } } } },
  'navbar.logo.alt': { baseline: { navbar: { logo } }, config: { navbar: { logo: { ...logo, alt: 'Other logo' } } } },
  'navbar.logo.srcDark': { baseline: { navbar: { logo } }, config: { navbar: { logo: { ...logo, srcDark: 'img/other.svg' } } } },
  'navbar.logo.href': { baseline: { navbar: { logo } }, config: { navbar: { logo: { ...logo, href: 'https://home.example' } } } },
  'navbar.logo.target': { baseline: { navbar: { logo } }, config: { navbar: { logo: { ...logo, target: '_top' } } } },
  'navbar.logo.width': { baseline: { navbar: { logo } }, config: { navbar: { logo: { ...logo, width: 50 } } } },
  'navbar.logo.height': { baseline: { navbar: { logo } }, config: { navbar: { logo: { ...logo, height: 50 } } } },
  'navbar.hideOnScroll': { config: { navbar: { hideOnScroll: true } } },
  ...navItemSamples('navbar.items.*', (item) => ({ navbar: { items: [item] } })),
  ...navItemSamples('navbar.items.*.items.*', (item) => ({ navbar: { items: [{ type: 'dropdown', label: 'More', items: [item] }] } }), { inDropdown: true }),
  'footer.columns.*.title': { baseline: column({ label: 'Docs', to: '/docs/intro' }), config: { footer: { columns: [{ title: 'Other', items: [{ label: 'Docs', to: '/docs/intro' }] }] } } },
  ...linkSamples('footer.columns.*.items.*', column),
  'footer.copyright': { config: { footer: { copyright: 'Copyright Sample' } } },
  'footer.style': { config: { footer: { style: 'light' } } },
  'footer.logo.src': { baseline: { footer: { logo } }, config: { footer: { logo: { ...logo, src: 'img/other.svg' } } } },
  'footer.logo.alt': { baseline: { footer: { logo } }, config: { footer: { logo: { ...logo, alt: 'Other logo' } } } },
  'footer.logo.srcDark': { baseline: { footer: { logo } }, config: { footer: { logo: { ...logo, srcDark: 'img/other.svg' } } } },
  'footer.logo.href': { baseline: { footer: { logo } }, config: { footer: { logo: { ...logo, href: 'https://home.example' } } } },
  'footer.logo.width': { baseline: { footer: { logo } }, config: { footer: { logo: { ...logo, width: 50 } } } },
  'footer.logo.height': { baseline: { footer: { logo } }, config: { footer: { logo: { ...logo, height: 50 } } } },
};

/** Keys whose effect is not in a build's output, each with the reason. */
export const EXEMPT: Record<string, string> = {
  trailingSlash: 'its one accepted value, false, is the default: it is there so that a Docusaurus config that says so is accepted',
};

// ---------------------------------------------------------------------------------------------

/** The config file's text: the values as source (functions by their own source). */
function source(value: unknown): string {
  if (typeof value === 'function') return `(${value.toString()})`;
  if (Array.isArray(value)) return `[${value.map(source).join(', ')}]`;
  if (value !== null && typeof value === 'object') return `{ ${Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}: ${source(item)}`).join(', ')} }`;
  return JSON.stringify(value);
}

const isPlain = (value: unknown): value is Config => value !== null && typeof value === 'object' && !Array.isArray(value) && typeof value !== 'function';

/** `over` laid on `base`: objects merged key by key, anything else replaced. */
function merge(base: Config, over: Config): Config {
  const merged: Config = { ...base };
  for (const [key, value] of Object.entries(over)) merged[key] = isPlain(value) && isPlain(merged[key]) ? merge(merged[key], value) : value;
  return merged;
}

/** The values at a key path (`*`: every item of an array or record). */
function valuesAt(value: unknown, keys: string[]): unknown[] {
  if (keys.length === 0) return value === undefined ? [] : [value];
  const [key, ...rest] = keys;
  if (key === '*') return Array.isArray(value) || isPlain(value) ? Object.values(value).flatMap((item) => valuesAt(item, rest)) : [];
  return isPlain(value) ? valuesAt(value[key!], rest) : [];
}

/** One build's output: every file by path, and what the build said. */
type Output = Map<string, Buffer>;


/** Text in the output that changes by itself between two builds of the same site, replaced by a placeholder. */
function normalized(text: string, siteDir: string): string {
  return text.split(siteDir).join('<site>');
}

async function readOutput(dir: string, siteDir: string): Promise<Output> {
  const files = new Map<string, Buffer>();
  // The record of what sipadocs wrote into the folder is its own bookkeeping, not the site. The
  // search index is a base and the delta of the builds since (search/buildSearchIndex.ts): its
  // files depend on what the session built before; what it holds is the pages' text.
  const names = (await readdir(dir, { recursive: true, withFileTypes: true })).filter(
    (entry) => entry.isFile() && entry.name !== OUTPUT_MARKER && !path.relative(dir, entry.parentPath).split(path.sep).join('/').startsWith(SEARCH_DIR),
  );
  await Promise.all(
    names.map(async (entry) => {
      const file = path.join(entry.parentPath, entry.name);
      files.set(path.relative(dir, file), Buffer.from(normalized((await readFile(file)).toString('latin1'), siteDir), 'latin1'));
    }),
  );
  return files;
}

/** The paths at which two outputs differ. */
function differences(a: Output, b: Output): string[] {
  const paths = new Set([...a.keys(), ...b.keys()]);
  return [...paths].filter((file) => !a.has(file) || !b.has(file) || !a.get(file)!.equals(b.get(file)!)).sort();
}

/**
 * The builds run in LANES sessions side by side, each with a site folder of its own. One: two
 * sessions of one process share pagefind's indexing service, and the one that closes it first
 * stops the other's index ("Invalid index, does not yet exist in the Pagefind service").
 */
const LANES = 1;

/** One session building one copy of the site, one build at a time. */
interface Lane {
  siteDir: string;
  outDir: string;
  session: BuildSession;
  logger: ReturnType<typeof silentLogger>;
  /** The end of the last build queued on it. */
  queue: Promise<unknown>;
}

let tmp: Awaited<ReturnType<typeof tempDir>>;
const lanes: Lane[] = [];
/** Milliseconds per stage, summed over the builds. */
const stageTimes: Record<string, number> = {};
/** Outputs built or being built, by the config's source and the sample's files. */
const built = new Map<string, Promise<Output>>();
let started = 0;

async function writeFiles(siteDir: string, files: Record<string, string | Uint8Array>): Promise<void> {
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(siteDir, file)), { recursive: true });
    await writeFile(path.join(siteDir, file), text);
  }
}

/** Takes a sample's files out of the site again (a file the site has is put back as it was). */
async function removeFiles(siteDir: string, files: Record<string, string | Uint8Array>): Promise<void> {
  for (const file of Object.keys(files)) {
    if (file in SITE_FILES) await writeFile(path.join(siteDir, file), SITE_FILES[file]!);
    else {
      await rm(path.join(siteDir, file), { force: true });
      // And the folders that held only it, so that no empty folder is left for the next build to read.
      for (let dir = path.dirname(file); dir !== '.'; dir = path.dirname(dir)) {
        if ((await readdir(path.join(siteDir, dir))).length > 0) break;
        await rm(path.join(siteDir, dir), { recursive: true });
      }
    }
  }
}

async function buildIn(lane: Lane, text: string, files: Record<string, string | Uint8Array>): Promise<Output> {
  await writeFiles(lane.siteDir, files);
  await writeFile(path.join(lane.siteDir, 'sipadocs.config.ts'), text);
  lane.logger.lines.length = 0;
  let output: Output;
  try {
    await buildSite(lane.session);
    output = await readOutput(lane.outDir, lane.siteDir);
  } catch (error) {
    // A build's problems are each an error of their own (SiteErrors), the message only counts them.
    const each = (error as { errors?: Error[] }).errors ?? [error as Error];
    output = new Map([['(error)', Buffer.from(normalized(each.map((problem) => problem.message).join('\n'), lane.siteDir))]]);
  }
  // The summary line says how long the build took.
  const said = lane.logger.lines.filter((line) => !/^Built \d+ pages? into /.test(line));
  output.set('(log)', Buffer.from(normalized(said.join('\n'), lane.siteDir)));
  await removeFiles(lane.siteDir, files);
  return output;
}

let nextLane = 0;

/**
 * The output of the site with `extra` on BASE_CONFIG and `files` beside SITE_FILES (what the build
 * said is the file `(log)`, the error it stopped with `(error)`): built once, on the next lane.
 */
function buildWith(extra: Config, files: Record<string, string | Uint8Array> = {}, lane?: Lane): Promise<Output> {
  const text = `export default ${source(merge(BASE_CONFIG, extra))};\n`;
  const key = JSON.stringify([text, files]);
  const known = lane ? undefined : built.get(key);
  if (known) return known;
  const chosen = lane ?? lanes[nextLane++ % lanes.length]!;
  const output = chosen.queue.then(() => buildIn(chosen, text, files));
  chosen.queue = output.catch(() => {});
  if (!lane) built.set(key, output);
  return output;
}

const keys = schemaKeys(configSchema);
const sampled = keys.filter((key) => key in SAMPLES);

function newLane(dir: string): Lane {
  const logger = silentLogger();
  logger.stage = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    try {
      return await run();
    } finally {
      stageTimes[name] = (stageTimes[name] ?? 0) + performance.now() - start;
    }
  };
  const siteDir = path.join(dir, 'site');
  const outDir = path.join(dir, 'out');
  return { siteDir, outDir, logger, session: createBuildSession({ siteDir, outDir, mode: 'watch', logger, persistentCache: false }), queue: Promise.resolve() };
}

beforeAll(async () => {
  started = performance.now();
  tmp = await tempDir('sipadocs-settings-');
  for (let i = 0; i < LANES; i++) {
    const lane = newLane(path.join(tmp.dir, `lane-${i}`));
    await writeFiles(lane.siteDir, SITE_FILES);
    lanes.push(lane);
  }
  // Every build is queued now, so that the lanes keep building while the tests compare.
  for (const key of sampled) {
    const sample = SAMPLES[key]!;
    void buildWith(sample.baseline ?? {}, sample.files);
    void buildWith(sample.config, sample.files);
  }
}, 120_000);

afterAll(async () => {
  await Promise.all(lanes.map((lane) => lane.queue));
  await Promise.all(lanes.map((lane) => lane.session.close()));
  await tmp?.cleanup();
  console.log(`settings-effect: ${built.size} builds in ${Math.round(performance.now() - started)} ms`, Object.fromEntries(Object.entries(stageTimes).map(([k, v]) => [k, Math.round(v)])));
});

describe('the settings of the config schema', () => {
  it('has a sample or an exemption for every key of the schema, and none for a key it does not have', () => {
    const missing = keys.filter((key) => !(key in SAMPLES) && !(key in EXEMPT));
    expect(missing, `keys of the config schema with no sample value in SAMPLES and no reason in EXEMPT (test/integration/settings-effect.test.ts): ${missing.join(', ')}`).toEqual([]);
    const unknown = [...Object.keys(SAMPLES), ...Object.keys(EXEMPT)].filter((key) => !keys.includes(key));
    expect(unknown, 'samples or exemptions for keys the schema does not have').toEqual([]);
    const both = Object.keys(EXEMPT).filter((key) => key in SAMPLES);
    expect(both, 'keys both sampled and exempt').toEqual([]);
  });

  it('gives each sample its key, with a value other than its baseline’s', () => {
    const wrong = Object.entries(SAMPLES).filter(([key, sample]) => {
      const path = key.split('.');
      const given = valuesAt(merge(BASE_CONFIG, sample.config), path);
      return given.length === 0 || JSON.stringify(given) === JSON.stringify(valuesAt(merge(BASE_CONFIG, sample.baseline ?? {}), path));
    });
    expect(wrong.map(([key]) => key)).toEqual([]);
  });

  for (const key of sampled) {
    it(`${key}: the output differs with it`, async () => {
      const sample = SAMPLES[key]!;
      const without = await buildWith(sample.baseline ?? {}, sample.files);
      const withIt = await buildWith(sample.config, sample.files);
      const error = (output: Output) => output.get('(error)')?.toString() ?? null;
      expect(error(without), `the build without ${key}`).toEqual(sample.fails === 'baseline' ? expect.any(String) : null);
      expect(error(withIt), `the build with ${key}`).toEqual(sample.fails === 'config' ? expect.any(String) : null);
      expect(differences(without, withIt), `${key} changed nothing in the output`).not.toEqual([]);
    }, 600_000);
  }

  // Last: its builds are queued after every key's, and no key's test waits for them.
  it('builds the same output from the same site in every lane, whatever it built before', async () => {
    const first = await buildWith({});
    const others = await Promise.all(lanes.map((lane) => buildWith({}, {}, lane)));
    const changed = others.flatMap((other) => differences(first, other).map((file) => `${file}:\n${first.get(file)?.toString()}\n---\n${other.get(file)?.toString()}`));
    expect(changed).toEqual([]);
  }, 600_000);
});
