/**
 * Where a broken link of a built page is written: the `file:line:column` of the link in the
 * page's source, or the config key of a navbar, footer or announcement link.
 *
 * A compiled page knows where each of its links is, by the href it renders (see
 * mdx/linkPlaces.ts); a page listing excerpts looks in the listed posts. Anything else (a React
 * page, a component's link) is looked for by its text in the source file.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { NavItemConfig, SiteConfig } from '../config/types.js';
import type { CompiledPage } from '../compiler/mdx/compile.js';
import type { PlannedRoute } from '../model/routes.js';
import { codeFrame, type SourceLocation } from '../errors.js';
import { normalizePath, routeOfUrlPath, splitHash, stripBase } from '../shared/paths.js';
import type { FooterLink } from '../shared/types.js';
import type { BrokenLink } from './links.js';

/** Where a broken link is, and the lines around it. */
export interface LinkLocation {
  /** Site-relative source file, or the config file (absolute). */
  location: SourceLocation;
  frame?: string;
  /** For a link of the config: its key ("navbar.items.2.to"). */
  configKey?: string;
}

/** A link the config gives every page: where it is in the config, and its target. */
interface ChromeLink {
  key: string;
  value: string;
}

export type LinkLocator = (link: BrokenLink) => LinkLocation | null;

export function createLinkLocator(config: Pick<SiteConfig, 'siteDir' | 'configFile' | 'baseUrl' | 'navbar' | 'footer' | 'announcementBar' | 'translation'>, routes: PlannedRoute[], compiled: ReadonlyMap<string, CompiledPage>): LinkLocator {
  const byRoute = new Map(routes.map((route) => [route.path, route]));
  const texts = new Map<string, string | null>();
  // A source a locale translates was read from its translation (see LocaleTranslation.sources).
  const translated = config.translation?.sources;
  const textOf = (file: string) => {
    if (!texts.has(file)) {
      try {
        texts.set(file, readFileSync(path.isAbsolute(file) ? file : path.join(config.siteDir, translated?.get(file) ?? file), 'utf8'));
      } catch {
        texts.set(file, null);
      }
    }
    return texts.get(file)!;
  };
  const chrome = chromeLinks(config);
  /** The place in `file` (read from `readFrom` when that differs: a React page's absolute path). */
  const withFrame = (file: string, line: number, column: number, configKey?: string, readFrom = file): LinkLocation => {
    const text = textOf(readFrom);
    return { location: { file, line, column }, ...(text ? { frame: codeFrame(text, line, column) } : {}), ...(configKey ? { configKey } : {}) };
  };

  return (link) => {
    const route = byRoute.get(link.source);
    const content = route?.content;
    const sources = content?.kind === 'mdx' ? [content.relPath] : content?.kind === 'excerpts' ? content.relPaths : [];
    for (const relPath of sources) {
      const place = compiled.get(relPath)?.linkPlaces?.find(([href]) => href === link.href);
      if (place) return withFrame(relPath, place[1], place[2]);
    }
    const fromConfig = chrome.find((item) => sameTarget(item.value, link.href, config.baseUrl));
    if (fromConfig) {
      const text = textOf(config.configFile);
      const at = text ? findWritten(text, [fromConfig.value]) : null;
      return at ? withFrame(config.configFile, at.line, at.column, fromConfig.key) : { location: { file: config.configFile }, configKey: fromConfig.key };
    }
    const file = route?.sourceFile;
    if (!file) return null;
    const readFrom = content?.kind === 'page' ? content.absPath : file;
    const text = textOf(readFrom);
    const at = text ? findWritten(text, [...new Set([stripBase(config.baseUrl, link.href), link.href])]) : null;
    return at ? withFrame(file, at.line, at.column, undefined, readFrom) : { location: { file } };
  };
}

/** Every link of the navbar (dropdowns included), the footer and the announcement bar, by config key. */
function chromeLinks(config: Pick<SiteConfig, 'navbar' | 'footer' | 'announcementBar'>): ChromeLink[] {
  const links: ChromeLink[] = [];
  const add = (key: string, item: Pick<NavItemConfig, 'to' | 'href'> | FooterLink) => {
    if (item.to !== undefined) links.push({ key: `${key}.to`, value: item.to });
    if (item.href !== undefined) links.push({ key: `${key}.href`, value: item.href });
  };
  const navItems = (items: readonly NavItemConfig[], key: string) => {
    items.forEach((item, i) => {
      add(`${key}.${i}`, item);
      if (item.items) navItems(item.items, `${key}.${i}.items`);
    });
  };
  navItems(config.navbar.items, 'navbar.items');
  config.footer.columns.forEach((column, c) => column.items.forEach((item, i) => add(`footer.columns.${c}.items.${i}`, item)));
  if (config.announcementBar?.link) add('announcementBar.link', config.announcementBar.link);
  return links;
}

/** True when a config link and a rendered href name the same route and fragment. */
function sameTarget(written: string, href: string, baseUrl: string): boolean {
  const target = (url: string) => {
    const { path: urlPath, hash } = splitHash(stripBase(baseUrl, url));
    return `${normalizePath(routeOfUrlPath(urlPath) ?? urlPath)}#${hash}`;
  };
  return written.startsWith('/') && href.startsWith('/') ? target(written) === target(href) : written === href;
}

/** The first place where one of the strings is written whole (not the start of a longer path). */
function findWritten(text: string, candidates: string[]): { line: number; column: number } | null {
  for (const candidate of candidates) {
    if (!candidate) continue;
    for (let at = text.indexOf(candidate); at !== -1; at = text.indexOf(candidate, at + 1)) {
      const next = text[at + candidate.length] ?? '';
      if (/[\w/.%#-]/.test(next)) continue;
      const before = text.slice(0, at).split('\n');
      return { line: before.length, column: before[before.length - 1]!.length + 1 };
    }
  }
  return null;
}
