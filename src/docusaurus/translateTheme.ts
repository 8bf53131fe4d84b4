import { DomUtils, ElementType, parseDocument } from 'htmlparser2';
import type { HeadTag, NavItemConfig, UserConfig } from '../config/types.js';
import { headSettingIssues } from '../config/headSettings.js';
import type { AnnouncementBar, FooterColumn, FooterLink } from '../shared/types.js';
import { isExternalUrl } from '../shared/paths.js';
import { ConfigObject, describeValue, isObject, moduleName } from './evaluated.js';
import type { MigrationNotes } from './notes.js';
import { migrateMagicComments } from './renderingOptions.js';
import { translateAlgolia } from './algolia.js';
import type { Evaluated } from './sandbox.js';

/** Routes of the migrated docs, for navbar items that name a doc or a sidebar. */
export interface DocRoutes {
  /** Route of a doc by id. */
  docRoute(id: string): string | undefined;
  /** The sidebar a doc is listed in. */
  sidebarOf(docId: string): string | undefined;
  /** The first page of a sidebar. */
  sidebarFirstRoute(sidebarId: string): string | undefined;
  /** The route prefix shared by every page of a sidebar (marks a navbar item active). */
  sidebarBasePath(sidebarId: string): string | undefined;
}

/** The parts of the sipadocs config that come from Docusaurus's `themeConfig`. */
export type ThemeSettings = Pick<UserConfig, 'navbar' | 'footer' | 'announcementBar' | 'colorMode' | 'codeThemes' | 'toc' | 'image' | 'algolia'> & {
  /** `themeConfig.metadata`: meta tags of every page, as head tags. */
  metadata?: HeadTag[];
  /** The project's own magic comments (themeConfig.prism.magicComments), when it has any. */
  magicComments?: NonNullable<UserConfig['markdown']>['magicComments'];
  docs: Pick<NonNullable<UserConfig['docs']>, 'sidebarHideable' | 'autoCollapseCategories' | 'versionPersistence'>;
};

/**
 * Every theme prism-react-renderer ships and the closest shiki theme: the same family where shiki
 * has it (one per colour slot where the family has a light and a dark member, else one for both);
 * otherwise the shiki theme nearest in background and token colours (duotone, jettwave and
 * shadesOfPurple have no shiki port). test/unit/docusaurus/translateTheme.test.ts checks the list
 * against the installed prism-react-renderer and shiki.
 */
export const CODE_THEMES: Record<string, { light: string; dark: string }> = {
  github: { light: 'github-light', dark: 'github-dark' },
  dracula: { light: 'dracula', dark: 'dracula' },
  duotoneDark: { light: 'dracula-soft', dark: 'dracula-soft' },
  duotoneLight: { light: 'material-theme-lighter', dark: 'material-theme-lighter' },
  vsDark: { light: 'dark-plus', dark: 'dark-plus' },
  vsLight: { light: 'light-plus', dark: 'light-plus' },
  // jettwave's tokens are Visual Studio's colours on slate backgrounds.
  jettwaveDark: { light: 'dark-plus', dark: 'dark-plus' },
  jettwaveLight: { light: 'light-plus', dark: 'light-plus' },
  nightOwl: { light: 'night-owl', dark: 'night-owl' },
  nightOwlLight: { light: 'night-owl-light', dark: 'night-owl-light' },
  oceanicNext: { light: 'material-theme-ocean', dark: 'material-theme-ocean' },
  okaidia: { light: 'monokai', dark: 'monokai' },
  palenight: { light: 'material-theme-palenight', dark: 'material-theme-palenight' },
  shadesOfPurple: { light: 'synthwave-84', dark: 'synthwave-84' },
  synthwave84: { light: 'synthwave-84', dark: 'synthwave-84' },
  ultramin: { light: 'min-light', dark: 'min-light' },
  oneDark: { light: 'one-dark-pro', dark: 'one-dark-pro' },
  oneLight: { light: 'one-light', dark: 'one-light' },
  gruvboxMaterialDark: { light: 'gruvbox-dark-medium', dark: 'gruvbox-dark-medium' },
  gruvboxMaterialLight: { light: 'gruvbox-light-medium', dark: 'gruvbox-light-medium' },
};
const DEFAULT_CODE_THEMES = { light: 'github-light', dark: 'github-dark' };

const THEME_CONFIG_REASONS: Record<string, string> = {
  mermaid: "sipadocs draws diagrams in Mermaid's default theme, and its dark theme in dark mode",
  liveCodeBlock: 'sipadocs has no live code blocks',
  zoom: 'sipadocs has no image zoom',
  blog: 'sipadocs blog layout has no options',
};

/** Translates Docusaurus's `themeConfig`; every key it cannot carry is reported. */
export function translateTheme(themeConfig: ConfigObject, routes: DocRoutes | null, baseUrl: string, notes: MigrationNotes): ThemeSettings {
  const prism = themeConfig.object('prism');
  const magicComments = migrateMagicComments(prism, notes);
  const settings: ThemeSettings = {
    ...(magicComments ? { magicComments } : {}),
    navbar: translateNavbar(themeConfig.object('navbar'), routes, baseUrl, notes),
    footer: translateFooter(themeConfig.object('footer'), notes),
    announcementBar: translateAnnouncementBar(themeConfig.object('announcementBar'), notes),
    colorMode: translateColorMode(themeConfig.object('colorMode'), notes),
    codeThemes: translatePrism(prism, notes),
    toc: translateToc(themeConfig.object('tableOfContents'), notes),
    ...translateAlgolia(themeConfig.object('algolia'), notes),
    docs: {},
  };
  const metadata = translateMetadata(themeConfig, notes);
  if (metadata.length > 0) settings.metadata = metadata;
  // The social card of pages that name none: a file of the static folder or a URL, as in sipadocs.
  const image = themeConfig.string('image');
  if (image !== undefined) settings.image = image;
  const docs = themeConfig.object('docs');
  const sidebar = docs.object('sidebar');
  const hideable = sidebar.boolean('hideable') ?? themeConfig.boolean('hideableSidebar');
  const autoCollapse = sidebar.boolean('autoCollapseCategories') ?? themeConfig.boolean('autoCollapseSidebarCategories');
  const persistence = docs.string('versionPersistence');
  if (hideable !== undefined) settings.docs.sidebarHideable = hideable;
  if (autoCollapse !== undefined) settings.docs.autoCollapseCategories = autoCollapse;
  if (persistence === 'localStorage' || persistence === 'none') settings.docs.versionPersistence = persistence;
  sidebar.reportRest(notes);
  docs.reportRest(notes);
  themeConfig.reportRest(notes, THEME_CONFIG_REASONS);
  return settings;
}

/** `themeConfig.metadata`, Docusaurus's meta tags of every page (`{ name, content }`…), as head tags; an entry sipadocs cannot write is reported. */
function translateMetadata(themeConfig: ConfigObject, notes: MigrationNotes): HeadTag[] {
  const value = themeConfig.get('metadata');
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    notes.notCarried(`${themeConfig.path('metadata')}: ${describeValue(value)}`, 'a list of meta tags was expected');
    return [];
  }
  return value.flatMap((entry, i) => {
    const attributes = isObject(entry) ? Object.fromEntries(Object.entries(entry).filter(([, v]) => typeof v === 'string' || typeof v === 'boolean')) : {};
    const tag: HeadTag = { tagName: 'meta', attributes: attributes as Record<string, string | boolean> };
    const issues = isObject(entry) && Object.keys(attributes).length === Object.keys(entry).length ? headSettingIssues({ headTags: [tag] }) : [{ message: 'a meta tag of string attributes was expected' }];
    if (issues.length === 0) return [tag];
    notes.notCarried(`${themeConfig.path(`metadata.${i}`)}: ${describeValue(entry)}`, issues.map((issue) => issue.message.replace('headTags.0', 'it')).join('; '));
    return [];
  });
}

function translateNavbar(navbar: ConfigObject, routes: DocRoutes | null, baseUrl: string, notes: MigrationNotes): ThemeSettings['navbar'] {
  const result: NonNullable<ThemeSettings['navbar']> = {};
  const title = navbar.string('title');
  const logo = navbar.object('logo');
  const logoSrc = logo.string('src');
  const logoDark = logo.string('srcDark');
  if (logoSrc) {
    const [href, target, width, height] = [logo.string('href'), logo.string('target'), logo.number('width'), logo.number('height')];
    result.logo = {
      src: siteUrl(logoSrc, baseUrl),
      alt: logo.string('alt') ?? title ?? '',
      ...(logoDark ? { srcDark: siteUrl(logoDark, baseUrl) } : {}),
      ...(href ? { href } : {}),
      ...(target ? { target } : {}),
      ...(width ? { width } : {}),
      ...(height ? { height } : {}),
    };
  }
  logo.reportRest(notes);
  // Without a title Docusaurus shows none; sipadocs would show the site title unless told otherwise.
  if (title !== undefined) result.title = title;
  else if (result.logo) result.title = '';
  const hideOnScroll = navbar.boolean('hideOnScroll');
  if (hideOnScroll !== undefined) result.hideOnScroll = hideOnScroll;
  const items = navbar.get('items');
  if (Array.isArray(items)) {
    result.items = items.flatMap((item, i) => translateNavItem(ConfigObject.of(navbar.path(`items.${i}`), item), routes, notes));
  }
  navbar.reportRest(notes, { style: 'the sipadocs navbar follows the colour mode' });
  return result;
}

/** Navbar item types sipadocs cannot show, and why. */
const UNCARRIED_NAV_TYPES: Record<string, string> = {};

/**
 * One navbar item, as the sipadocs config has it: links (`to`, `href`, their `html`, class and
 * ARIA label), `doc` and `docSidebar` items (which sipadocs resolves as Docusaurus does),
 * dropdowns and `html` items. `search` is where sipadocs always has its search button.
 */
function translateNavItem(item: ConfigObject, routes: DocRoutes | null, notes: MigrationNotes, inDropdown = false): NavItemConfig[] {
  const type = item.string('type') ?? 'default';
  const givenLabel = item.string('label');
  const ariaLabel = item.string('aria-label');
  const name = `${item.where}${givenLabel ? ` ("${givenLabel}")` : ''}`;
  const skip = (reason: string): NavItemConfig[] => {
    notes.notCarried(name, reason);
    item.ignore(...Object.keys(item.value));
    return [];
  };
  const nav: NavItemConfig = {};
  if (type === 'default' || type === 'link') {
    const to = item.string('to');
    const href = item.string('href');
    if (to !== undefined && !isExternalUrl(to)) nav.to = routePath(to);
    else if (href !== undefined || to !== undefined) nav.href = (href ?? to)!;
    else return skip(item.has('html') ? 'an HTML item without a link; give it a "to" or an "href", or make it of type "html"' : 'a navbar item without a link');
    const html = item.string('html');
    if (html !== undefined) nav.html = html;
  } else if (type === 'doc' || type === 'docSidebar') {
    const target = type === 'doc' ? item.string('docId') : item.string('sidebarId');
    // Without the docs read (a build in place), the build resolves the item, or reports it.
    const to = !target ? undefined : routes === null ? target : type === 'doc' ? routes.docRoute(target) : routes.sidebarFirstRoute(target);
    if (!to) return skip(`it links to ${type === 'doc' ? 'doc' : 'sidebar'} "${target ?? ''}", which the migrated docs do not have`);
    nav.type = type;
    if (type === 'doc') nav.docId = target;
    else nav.sidebarId = target;
    const pluginId = item.string('docsPluginId');
    if (pluginId !== undefined) nav.docsPluginId = pluginId;
  } else if (type === 'dropdown' && !inDropdown) {
    nav.type = 'dropdown';
    const entries = item.get('items');
    nav.items = Array.isArray(entries) ? entries.flatMap((entry, i) => translateNavItem(ConfigObject.of(item.path(`items.${i}`), entry), routes, notes, true)) : [];
    const html = item.string('html');
    if (html !== undefined) nav.html = html;
    item.ignore('to', 'href');
  } else if ((type === 'docsVersionDropdown' || type === 'docsVersion') && !inDropdown) {
    Object.assign(nav, translateVersionItem(item, type, notes));
  } else if (type === 'localeDropdown' && !inDropdown) {
    // The same links around the locales as around the versions.
    const { type: _type, docsPluginId: _id, dropdownActiveClassDisabled: _disabled, ...around } = translateVersionItem(item, 'docsVersionDropdown', notes);
    Object.assign(nav, around, { type: 'localeDropdown' });
    item.ignore('queryString');
  } else if (type === 'html') {
    nav.type = 'html';
    nav.html = item.string('value') ?? '';
  } else if (type === 'search' && !inDropdown) {
    notes.carriedOver(`${item.where}: the search box is sipadocs's own search button, always in the navbar`);
    item.ignore(...Object.keys(item.value));
    return [];
  } else {
    notes.notCarried(`${name}: type "${type}"`, UNCARRIED_NAV_TYPES[type] ?? (type === 'dropdown' ? 'a dropdown inside a dropdown' : 'a custom navbar item type'));
    item.ignore(...Object.keys(item.value));
    return [];
  }
  // Docusaurus labels the version and locale dropdowns with the version or locale shown, whatever the config says.
  if (givenLabel !== undefined && type !== 'docsVersionDropdown' && type !== 'localeDropdown') nav.label = givenLabel;
  if (!inDropdown) nav.position = item.string('position') === 'right' ? 'right' : 'left';
  const activeBasePath = item.string('activeBasePath');
  if (activeBasePath !== undefined) nav.activeBasePath = routePath(activeBasePath);
  if (ariaLabel) nav.ariaLabel = ariaLabel;
  const className = item.string('className');
  if (className) nav.className = className;
  // A link shows its label, its HTML, or an icon its class draws (named by its ARIA label).
  const isLink = nav.type === undefined;
  if (isLink && !nav.label && !nav.html && !(className && ariaLabel)) {
    nav.label = ariaLabel ?? (nav.href ? hostLabel(nav.href) : nav.to!);
    notes.notCarried(`${item.where}: no label`, `a link with neither a label, HTML nor a class to draw it; "${nav.label}" was used`);
  }
  item.ignore('type', 'docId', 'sidebarId', 'to', 'href', 'position', 'label', 'value', 'items');
  item.reportRest(notes, {
    activeBaseRegex: 'sipadocs marks items active by route prefix (activeBasePath)',
    target: 'sipadocs opens external links in a new tab and internal ones in place',
    rel: 'sipadocs sets rel on external links itself',
    prependBaseUrlToHref: 'sipadocs keeps href as written',
    activeSidebarClassName: 'sipadocs marks the active item with its own class',
  });
  return [nav];
}

/** A docs version item: its docs instance and, for the dropdown, the links around the versions. */
function translateVersionItem(item: ConfigObject, type: 'docsVersionDropdown' | 'docsVersion', notes: MigrationNotes): NavItemConfig {
  const nav: NavItemConfig = { type };
  const pluginId = item.string('docsPluginId');
  if (pluginId !== undefined) nav.docsPluginId = pluginId;
  if (type === 'docsVersion') return nav;
  for (const key of ['dropdownItemsBefore', 'dropdownItemsAfter'] as const) {
    const entries = item.get(key);
    if (!Array.isArray(entries)) continue;
    nav[key] = entries.flatMap((entry, i) => {
      const link = ConfigObject.of(item.path(`${key}.${i}`), entry);
      const label = link.string('label');
      const to = link.string('to');
      const href = link.string('href');
      if (!label || (to === undefined && href === undefined)) {
        notes.notCarried(link.where, 'a dropdown entry without a label and a link');
        link.ignore(...Object.keys(link.value));
        return [];
      }
      link.reportRest(notes, { target: 'sipadocs opens external links in a new tab and internal ones in place', rel: 'sipadocs sets rel on external links itself' });
      return [to !== undefined && !isExternalUrl(to) ? { label, to: routePath(to) } : { label, href: (href ?? to)! }];
    });
  }
  const disabled = item.boolean('dropdownActiveClassDisabled');
  if (disabled !== undefined) nav.dropdownActiveClassDisabled = disabled;
  return nav;
}

function translateFooter(footer: ConfigObject, notes: MigrationNotes): ThemeSettings['footer'] {
  const result: NonNullable<ThemeSettings['footer']> = {};
  const links = footer.get('links');
  if (Array.isArray(links)) {
    const multiColumn = links.some((entry) => isObject(entry) && Array.isArray(entry.items));
    const columns = multiColumn
      ? links.map((entry, i) => ConfigObject.of(footer.path(`links.${i}`), entry))
      : [new ConfigObject(footer.path('links'), { title: null, items: links })];
    result.columns = columns.map((column) => translateFooterColumn(column, notes));
    if (!multiColumn && links.length > 0) notes.carriedOver('the footer\'s single row of links became one footer column');
  }
  const copyright = footer.string('copyright');
  if (copyright !== undefined) {
    const text = htmlToText(copyright);
    result.copyright = text.text;
    if (text.hadMarkup) notes.notCarried('themeConfig.footer.copyright: its HTML markup', 'the sipadocs copyright is plain text; its text was kept');
  }
  // Docusaurus's footer is light unless its style says dark (sipadocs's is dark unless told).
  if (Object.keys(footer.value).length > 0) result.style = footer.string('style') === 'dark' ? 'dark' : 'light';
  const logo = footer.object('logo');
  const logoSrc = logo.string('src');
  if (logoSrc) {
    const [srcDark, href, width, height] = [logo.string('srcDark'), logo.string('href'), logo.number('width'), logo.number('height')];
    result.logo = { src: siteUrl(logoSrc, '/'), alt: logo.string('alt') ?? '', ...(srcDark ? { srcDark: siteUrl(srcDark, '/') } : {}), ...(href ? { href } : {}), ...(width ? { width } : {}), ...(height ? { height } : {}) };
  }
  logo.reportRest(notes);
  footer.reportRest(notes);
  return result;
}

function translateFooterColumn(column: ConfigObject, notes: MigrationNotes): FooterColumn {
  const items = column.get('items');
  const links: FooterLink[] = [];
  if (Array.isArray(items)) {
    items.forEach((entry, i) => {
      const item = ConfigObject.of(column.path(`items.${i}`), entry);
      const label = item.string('label');
      const to = item.string('to');
      const href = item.string('href');
      const html = item.string('html');
      const className = item.string('className');
      if (html !== undefined && to === undefined && href === undefined) {
        links.push({ label: '', html, ...(className ? { className } : {}) });
      } else if (!label || (to === undefined && href === undefined)) {
        notes.notCarried(item.where, 'a footer item without a label and a link');
        item.ignore(...Object.keys(item.value));
        return;
      } else {
        links.push({ ...(to !== undefined && !isExternalUrl(to) ? { label, to: routePath(to) } : { label, href: (href ?? to)! }), ...(className ? { className } : {}) });
        if (html !== undefined) notes.notCarried(`${item.path('html')}`, 'a footer link shows its label; its HTML was left out');
      }
      item.reportRest(notes, { target: 'sipadocs opens external links in a new tab', rel: 'sipadocs sets rel on external links itself', prependBaseUrlToHref: 'sipadocs keeps href as written' });
    });
  }
  const title = column.string('title') ?? '';
  column.reportRest(notes);
  return { title, items: links };
}

function translateAnnouncementBar(bar: ConfigObject, notes: MigrationNotes): AnnouncementBar | undefined {
  const content = bar.string('content');
  if (content === undefined) {
    bar.reportRest(notes);
    return undefined;
  }
  const text = htmlToText(content);
  const result: AnnouncementBar = {
    id: bar.string('id') ?? 'announcement-bar',
    content: text.text,
    isCloseable: bar.boolean('isCloseable') ?? true,
  };
  if (text.link) {
    // sipadocs shows the link after the text. A link that ends the sentence (only punctuation
    // or symbols follow it) takes the rest along, so the words keep their order; otherwise the
    // whole sentence stays and the link follows it.
    const at = text.text.indexOf(text.link.label);
    const after = at === -1 ? '' : text.text.slice(at + text.link.label.length);
    let label = text.link.label;
    if (at !== -1 && !/[\p{L}\p{N}]/u.test(after)) {
      result.content = text.text.slice(0, at).trim();
      label = `${label}${after}`.trim();
    }
    result.link = isExternalUrl(text.link.href) ? { label, href: text.link.href } : { label, to: routePath(text.link.href) };
    notes.carriedOver(`the announcement bar's link "${label}" is shown after its text`);
  }
  if (text.hadMarkup && text.links > 1) notes.notCarried('themeConfig.announcementBar.content: its markup beyond the first link', 'the sipadocs announcement bar is plain text with one link');
  for (const key of ['backgroundColor', 'textColor'] as const) {
    const colour = bar.string(key);
    if (colour !== undefined) result[key] = colour;
  }
  bar.reportRest(notes);
  return result;
}

function translateColorMode(colorMode: ConfigObject, notes: MigrationNotes): ThemeSettings['colorMode'] {
  const result: NonNullable<ThemeSettings['colorMode']> = {};
  const mode = colorMode.string('defaultMode');
  if (mode === 'light' || mode === 'dark') result.defaultMode = mode;
  const respect = colorMode.boolean('respectPrefersColorScheme');
  if (respect !== undefined) result.respectPrefersColorScheme = respect;
  const disable = colorMode.boolean('disableSwitch');
  if (disable !== undefined) result.disableSwitch = disable;
  colorMode.reportRest(notes, { switchConfig: 'the sipadocs switch has fixed icons' });
  return result;
}

function translatePrism(prism: ConfigObject, notes: MigrationNotes): ThemeSettings['codeThemes'] {
  const result: NonNullable<ThemeSettings['codeThemes']> = {};
  const pick = (key: 'theme' | 'darkTheme', slot: 'light' | 'dark') => {
    const value = prism.get(key);
    if (value === undefined) return undefined;
    const family = prismThemeName(value);
    const mapped = family ? CODE_THEMES[family]?.[slot] : undefined;
    if (mapped) {
      notes.carriedOver(`code theme ${family} (${slot}) → ${mapped}`);
      return mapped;
    }
    notes.notCarried(`themeConfig.prism.${key}: ${describeValue(value)}`, `no shiki theme of the same family is known; the default ${DEFAULT_CODE_THEMES[slot]} is used`);
    return undefined;
  };
  const light = pick('theme', 'light');
  // Docusaurus uses the light theme in dark mode too when no dark theme is set.
  const dark = prism.has('darkTheme') ? pick('darkTheme', 'dark') : light && CODE_THEMES[prismThemeName(prism.value.theme!)!]?.dark;
  if (light) result.light = light;
  if (dark) result.dark = dark;
  const languages = prism.get('additionalLanguages');
  if (Array.isArray(languages) && languages.length > 0) notes.carriedOver('prism additionalLanguages: shiki loads the grammar of every language a code block names');
  prism.reportRest(notes, { defaultLanguage: 'unlabelled code blocks are plain text in sipadocs' });
  return result;
}

/**
 * The prism theme family a value stands for: a theme of prism-react-renderer itself
 * ("prism-react-renderer/themes/github", "prism-react-renderer.themes.github"), or a theme object
 * made from one with changes (`{ ...themes.github, plain: … }`, or `plain: Object.assign(base.plain,
 * …)` as jest's are), which takes its base's family: the first part of it that is a value of a
 * known theme (its `plain`, its `styles` or one of them) names it.
 */
export function prismThemeName(value: Evaluated): string | undefined {
  const named = moduleName(value);
  if (named !== undefined) return familyIn(named);
  if (!isObject(value)) return undefined;
  const parts = [value.plain, value.styles, ...(Array.isArray(value.styles) ? value.styles : [])];
  for (const part of parts) {
    const family = familyIn(moduleName(part ?? undefined) ?? '');
    if (family) return family;
  }
  return undefined;
}

/** The last part of a module path that names a known prism theme ("….themes.github.plain" → "github"). */
function familyIn(modulePath: string): string | undefined {
  return modulePath.split(/[./]/).filter((part) => Object.hasOwn(CODE_THEMES, part)).pop();
}

function translateToc(toc: ConfigObject, notes: MigrationNotes): ThemeSettings['toc'] {
  const result: NonNullable<ThemeSettings['toc']> = {};
  const min = toc.number('minHeadingLevel');
  const max = toc.number('maxHeadingLevel');
  if (min !== undefined) result.minHeadingLevel = min;
  if (max !== undefined) result.maxHeadingLevel = max;
  toc.reportRest(notes);
  return result;
}

/** Text of an HTML fragment, and its first link. */
export function htmlToText(html: string): { text: string; hadMarkup: boolean; link?: { label: string; href: string }; links: number } {
  const document = parseDocument(html, { decodeEntities: true });
  const anchors = DomUtils.getElementsByTagName('a', document);
  const first = anchors.find((a) => a.attribs.href);
  return {
    text: DomUtils.textContent(document).replace(/\s+/g, ' ').trim(),
    hadMarkup: DomUtils.getElementsByTagType(ElementType.Tag, document).length > 0,
    link: first ? { label: DomUtils.textContent(first).trim(), href: first.attribs.href! } : undefined,
    links: anchors.length,
  };
}

/** Docusaurus resolves `to` and static paths against the base URL; sipadocs routes start with "/". */
function routePath(to: string): string {
  return to.startsWith('/') ? to : `/${to}`;
}

function siteUrl(src: string, baseUrl: string): string {
  if (isExternalUrl(src) || src.startsWith('/')) return src;
  return `${baseUrl.replace(/\/?$/, '/')}${src}`;
}

function hostLabel(href: string): string {
  try {
    const host = new URL(href).hostname.replace(/^www\./, '');
    return host === 'github.com' ? 'GitHub' : host;
  } catch {
    return href;
  }
}
