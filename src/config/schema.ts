import { ANALYTICS_ID } from './analytics.js';
import { DEFAULT_TOC } from './normalize.js';
import { anything, arrayOf, bool, nullable, num, object, oneOf, recordOf, refine, str, type Schema, type ValidationIssue } from './validate.js';

/** A whole number from `min` (to `max`, when given). */
const wholeNumber = (min: number, max?: number): Schema =>
  refine<number>(num, (value) =>
    Number.isInteger(value) && value >= min && (max === undefined || value <= max)
      ? null
      : `must be a whole number ${max === undefined ? `of at least ${min}` : `from ${min} to ${max}`}, got ${value}`,
  );

/** The path the site lives under on its host: "/", "/sipa/" ("/sipa" is taken as "/sipa/"). */
const basePath = refine<string>(str, (value) =>
  value.startsWith('/') && !/[?#\\\s]/.test(value) && !value.startsWith('//')
    ? null
    : `must be a path starting with "/", such as "/" or "/sipa/" (the host goes in url), got ${JSON.stringify(value)}`,
);

const headingLevel = wholeNumber(2, 6);

const link = object({ label: str, to: str, href: str, html: str, className: str });

/** The fields of every navbar item (see NavItemConfig); a dropdown's items have them too, but no `items` and no position. */
const navItemFields = {
  type: oneOf('link', 'dropdown', 'html', 'doc', 'docSidebar', 'docsVersionDropdown', 'docsVersion', 'localeDropdown'),
  label: str,
  to: str,
  href: str,
  position: oneOf('left', 'right'),
  activeBasePath: str,
  ariaLabel: str,
  className: str,
  html: str,
  docId: str,
  sidebarId: str,
  docsPluginId: str,
  dropdownItemsBefore: arrayOf(link),
  dropdownItemsAfter: arrayOf(link),
  dropdownActiveClassDisabled: bool,
};

// `position` is 'left' unless given; a link's label is checked by navbarItemIssues. A dropdown's
// items are in its list, where a position would mean nothing: one given is refused, not ignored.
const { position: _position, ...dropdownItemFields } = navItemFields;
const navItem = object({ ...navItemFields, items: arrayOf(object(dropdownItemFields)) });

const reportLevel = oneOf('throw', 'warn', 'log', 'ignore');
const docsVersion = object({ label: str, path: str, banner: oneOf('none', 'unreleased', 'unmaintained'), badge: bool, noIndex: bool, className: str });

/** The remark and rehype plugin lists (each entry is checked when the plugins are resolved, see sitePlugins.ts). */
const pluginLists = {
  remarkPlugins: arrayOf(anything),
  rehypePlugins: arrayOf(anything),
  beforeDefaultRemarkPlugins: arrayOf(anything),
  beforeDefaultRehypePlugins: arrayOf(anything),
};

/** The options every docs instance has (see DocsInstanceOptions). */
const docsInstanceFields = {
  ...pluginLists,
  path: str,
  routeBasePath: str,
  sidebarPath: str,
  editUrl: str,
  sidebarCollapsed: bool,
  numberPrefixParser: oneOf(false),
  lastVersion: str,
  onlyIncludeVersions: arrayOf(str),
  includeCurrentVersion: bool,
  disableVersioning: bool,
  versions: recordOf(docsVersion),
};

/** An id written into an analytics script (see ANALYTICS_ID). */
const analyticsId = refine<string>(str, (value) => (ANALYTICS_ID.test(value) ? null : `must be an id of letters, digits, "-" and "_" (such as "G-XXXXXXX"), got ${JSON.stringify(value)}`));
const analyticsIds = refine<unknown>(anything, (value) =>
  (typeof value === 'string' && ANALYTICS_ID.test(value)) || (Array.isArray(value) && value.length > 0 && value.every((id) => typeof id === 'string' && ANALYTICS_ID.test(id)))
    ? null
    : `must be a measurement id such as "G-XXXXXXX", or a list of them, got ${JSON.stringify(value)}`,
);

/** A CSS colour ("#20232a", "rgb(0 0 0)", "rebeccapurple", "var(--brand)"): one value, which cannot end its declaration. */
const cssColour = refine<string>(str, (value) => (/^[#\w\s(),.%/+-]+$/.test(value) && value.trim() !== '' ? null : `must be a CSS colour such as "#20232a", got ${JSON.stringify(value)}`));

const locale = object({ label: str, direction: oneOf('ltr', 'rtl'), htmlLang: str, calendar: str, path: str, baseUrl: basePath, translate: bool });

/** Shape of site/sipadocs.config.ts; kept in step with UserConfig in types.ts. */
export const configSchema: Schema = object(
  {
    title: str,
    tagline: str,
    url: str,
    baseUrl: basePath,
    trailingSlash: oneOf(false),
    favicon: str,
    algolia: object({ appId: str, apiKey: str, indexName: str, contextualSearch: bool, searchParameters: recordOf(anything), placeholder: str, insights: bool }, ['appId', 'apiKey', 'indexName']),
    gtag: object({ trackingID: analyticsIds, anonymizeIP: bool }, ['trackingID']),
    googleAnalytics: object({ trackingID: analyticsId, anonymizeIP: bool }, ['trackingID']),
    googleTagManager: object({ containerId: analyticsId }, ['containerId']),
    plausible: object({ domain: refine<string>(str, (value) => (/^[\w.,:-]+$/.test(value) ? null : `must be the site's domain ("example.com"), got ${JSON.stringify(value)}`)), src: str }, ['domain']),
    noIndex: bool,
    titleDelimiter: str,
    siteVersion: str,
    image: str,
    onBrokenLinks: reportLevel,
    onBrokenMarkdownLinks: reportLevel,
    onBrokenAnchors: reportLevel,
    onRootRelativeLinks: reportLevel,
    redirects: object({
      pages: arrayOf(object({ from: anything, to: str }, ['from', 'to'])),
      prefixes: arrayOf(object({ from: str, to: str }, ['from', 'to'])),
      fromExtensions: arrayOf(str),
      toExtensions: arrayOf(str),
    }),
    customFields: recordOf(anything),
    // Their entries are checked by headSettingIssues (a string or an object, tag names, URLs).
    headTags: arrayOf(anything),
    // Each entry is checked by pluginEntryIssues (a function, a module's path, or [plugin, options]).
    plugins: arrayOf(anything),
    stylesheets: arrayOf(anything),
    scripts: arrayOf(anything),
    i18n: object({ defaultLocale: str, locales: arrayOf(str), path: str, localeConfigs: recordOf(locale) }, ['defaultLocale', 'locales']),
    docs: object({
      ...docsInstanceFields,
      sidebarHideable: bool,
      autoCollapseCategories: bool,
      versionPersistence: oneOf('localStorage', 'none'),
      version: object({ name: str, label: str }),
    }),
    docsInstances: arrayOf(object({ id: str, ...docsInstanceFields }, ['id'])),
    blog: object({
      ...pluginLists,
      path: str,
      routeBasePath: str,
      title: str,
      description: str,
      showReadingTime: bool,
      editUrl: str,
      postsPerPage: wholeNumber(1),
      sidebarCount: wholeNumber(0),
      authorsPages: bool,
      listWithoutPosts: bool,
    }),
    pages: object({ ...pluginLists, path: str }),
    staticDir: str,
    customCss: arrayOf(str),
    sass: bool,
    svgImports: oneOf('url', 'component'),
    images: object({
      responsive: bool,
      widths: arrayOf(wholeNumber(1)),
      format: oneOf('webp', 'avif'),
      quality: wholeNumber(1, 100),
      idealImage: nullable(object({ quality: wholeNumber(1, 100), max: wholeNumber(1), min: wholeNumber(1), steps: wholeNumber(1), sizes: arrayOf(wholeNumber(1)), disableInDev: bool })),
    }),
    toc: object({ minHeadingLevel: headingLevel, maxHeadingLevel: headingLevel }),
    markdown: object({
      ...pluginLists,
      format: oneOf('mdx', 'md', 'detect'),
      mdx1Compat: object({ comments: bool, admonitions: bool, headingIds: bool, syntax: bool }),
      maxFileSize: wholeNumber(1),
      math: bool,
      mermaid: bool,
      magicComments: arrayOf(object({ className: str, line: str, block: object({ start: str, end: str }, ['start', 'end']) }, ['className'])),
    }),
    codeThemes: object({ light: str, dark: str }),
    colorMode: object({ defaultMode: oneOf('light', 'dark'), respectPrefersColorScheme: bool, disableSwitch: bool }),
    announcementBar: nullable(object({ id: str, content: str, link: object({ label: str, to: str, href: str }, ['label']), isCloseable: bool, backgroundColor: cssColour, textColor: cssColour }, ['id', 'content'])),
    navbar: object({
      title: str,
      logo: object({ src: str, alt: str, srcDark: str, href: str, target: str, width: wholeNumber(1), height: wholeNumber(1) }, ['src', 'alt']),
      hideOnScroll: bool,
      items: arrayOf(navItem),
    }),
    footer: object({
      columns: arrayOf(object({ title: str, items: arrayOf(link) }, ['title', 'items'])),
      copyright: str,
      style: oneOf('light', 'dark'),
      logo: object({ src: str, alt: str, srcDark: str, href: str, width: wholeNumber(1), height: wholeNumber(1) }, ['src', 'alt']),
    }),
  },
  ['title', 'url'],
);

/** What the schema cannot say: a navbar link (an item without a `type`) needs a label (or HTML, or an ARIA label); version items show the version's. */
export function navbarItemIssues(config: unknown): ValidationIssue[] {
  const items = (config as { navbar?: { items?: unknown } } | null)?.navbar?.items;
  if (!Array.isArray(items)) return [];
  return items.flatMap((item: unknown, i) => {
    const entry = item as { type?: unknown; label?: unknown; html?: unknown; ariaLabel?: unknown } | null;
    // A link shows its label, its HTML, or an icon its class draws, which its ARIA label names.
    if (typeof entry !== 'object' || entry === null || entry.type !== undefined || entry.label !== undefined || entry.html !== undefined || entry.ariaLabel !== undefined) return [];
    const path = `navbar.items.${i}.label`;
    return [{ path, message: `${path} is required: a navbar link shows a label, its \`html\`, or an icon its \`className\` draws named by its \`ariaLabel\`` }];
  });
}

/** What the schema cannot say of the table of contents: its first level is not below its last. */
export function tocIssues(config: unknown): ValidationIssue[] {
  const toc = (config as { toc?: { minHeadingLevel?: unknown; maxHeadingLevel?: unknown } } | null)?.toc;
  if (typeof toc !== 'object' || toc === null) return [];
  const min = toc.minHeadingLevel ?? DEFAULT_TOC.minHeadingLevel;
  const max = toc.maxHeadingLevel ?? DEFAULT_TOC.maxHeadingLevel;
  if (typeof min !== 'number' || typeof max !== 'number' || min <= max) return [];
  const path = toc.minHeadingLevel === undefined ? 'toc.maxHeadingLevel' : 'toc.minHeadingLevel';
  const shown = (value: number, given: unknown) => (given === undefined ? `${value}, the default` : `${value}`);
  return [
    {
      path,
      message: `toc.minHeadingLevel (${shown(min, toc.minHeadingLevel)}) is above toc.maxHeadingLevel (${shown(max, toc.maxHeadingLevel)}): the table of contents would show no heading`,
    },
  ];
}
