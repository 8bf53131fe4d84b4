import type { SiteConfig } from '../config/types.js';
import type { Doc, SiteModel } from '../model/model.js';
import type { PlannedRoute } from '../model/routes.js';
import { firstPageOf } from '../model/sidebar.js';
import { routeMarkdownUrl } from '../shared/paths.js';
import type { SidebarItem } from '../shared/types.js';
import { markdownText, markdownUrl } from './escape.js';
import type { FilePart, OutputWriter, SiteOutputRecord } from './outputWriter.js';
import { indexableRoutes } from './siteUrl.js';

/** A link of llms.txt: a page's markdown and what it is about. */
export interface LlmsLink {
  title: string;
  /** Absolute URL of the page's markdown (`<route>.md`). */
  url: string;
  description: string;
}

/** An `## H2` section of llms.txt. */
export interface LlmsSection {
  title: string;
  links: LlmsLink[];
  /** The docs of the section in order (for llms-full.txt); empty for the blog. */
  docs: Doc[];
}

/**
 * Output-relative path of a route's markdown: "/docs/guides/x" → "docs/guides/x.md", "/docs/a b"
 * → "docs/a b.md". Decoded, as every output file is named: the server decodes the URL
 * (routeMarkdownUrl) to find it.
 */
export function markdownFile(route: string): string {
  return `${route === '/' ? 'index' : route.slice(1)}.md`;
}

/**
 * The sections of llms.txt, in reading order: for each sidebar, its top-level docs (titled like
 * the navbar item that leads to the sidebar) and then one section per top-level category with
 * every doc under it; docs in no sidebar; then the blog, newest first. Only listed routes count
 * (see indexableRoutes): nothing when the site is noIndex.
 */
export function llmsSections(model: SiteModel, routes: PlannedRoute[], config: SiteConfig, siteBase: string): LlmsSection[] {
  const listed = new Set(indexableRoutes(routes, config).map((route) => route.path));
  const docsByRoute = new Map(model.docs.filter((doc) => listed.has(doc.route)).map((doc) => [doc.route, doc]));
  const link = (title: string, route: string, description: string): LlmsLink => ({ title, url: `${siteBase}${routeMarkdownUrl(route)}`, description });
  const placed = new Set<string>();
  const sections: LlmsSection[] = [];
  const section = (title: string, docs: Doc[]) => {
    const fresh = docs.filter((doc) => !placed.has(doc.route));
    fresh.forEach((doc) => placed.add(doc.route));
    if (fresh.length > 0) sections.push({ title, docs: fresh, links: fresh.map((doc) => link(doc.title, doc.route, doc.description)) });
  };
  const docsUnder = (items: SidebarItem[]): Doc[] =>
    items.flatMap((item) => {
      const own = item.type !== 'external' && item.href ? docsByRoute.get(item.href) : undefined;
      return [...(own ? [own] : []), ...(item.type === 'category' ? docsUnder(item.items) : [])];
    });
  // The llms files describe the last version of each docs instance.
  const lastVersions = new Set(model.docsInstances.map((instance) => `${instance.id}@${instance.lastVersion}`));
  const sidebars = model.sidebars.filter((sidebar) => lastVersions.has(`${sidebar.pluginId}@${sidebar.version}`));
  for (const sidebar of sidebars) {
    section(sidebarTitle(sidebar, sidebars, config), docsUnder(sidebar.items.filter((item) => item.type === 'link')));
    for (const item of sidebar.items) if (item.type === 'category') section(item.label, docsUnder([item]));
  }
  section('More docs', [...docsByRoute.values()]);
  const posts = model.posts.filter((post) => listed.has(post.route));
  if (posts.length > 0) sections.push({ title: config.blog.title, docs: [], links: posts.map((post) => link(post.title, post.route, post.description)) });
  return sections;
}

/** The label of the navbar item that leads into a sidebar; "Docs" for a lone sidebar; else its id in words. */
function sidebarTitle(sidebar: SiteModel['sidebars'][number], sidebars: SiteModel['sidebars'], config: SiteConfig): string {
  const first = firstPageOf(sidebar);
  const item = first ? config.navbar.items.find((nav) => nav.to === first) : undefined;
  if (item?.label) return item.label;
  if (sidebars.length === 1) return 'Docs';
  const words = sidebar.name.replace(/[-_]?sidebar$/i, '').replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[-_]+/g, ' ').trim() || sidebar.name;
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The header both files start with: "# Title" and the summary as a quote. */
function header(title: string, summary: string): string {
  const quote = markdownText(summary);
  return `# ${markdownText(title)}\n\n${quote ? `> ${quote}\n\n` : ''}`;
}

/**
 * llms.txt as llmstxt.org describes it: title, summary, then sections of `- [Title](url): description`.
 * Titles and descriptions are plain text, each escaped as one line of markdown (see markdownText).
 */
export function llmsTxt(title: string, summary: string, sections: LlmsSection[]): string {
  const item = (l: LlmsLink) => {
    const description = markdownText(l.description);
    return `- [${markdownText(l.title)}](${markdownUrl(l.url)})${description ? `: ${description}` : ''}`;
  };
  const body = sections.map((section) => `## ${markdownText(section.title)}\n\n${section.links.map(item).join('\n')}\n`);
  return `${header(title, summary)}${body.join('\n')}`;
}

export interface WriteLlmsInput {
  sections: LlmsSection[];
  title: string;
  summary: string;
  writer: OutputWriter;
  /** The markdown of a doc's page, by route (see writePageMarkdown). */
  markdownOf(route: string): string;
  /** What a doc's markdown file was made from (its output key), by route. */
  markdownKey(route: string): string | undefined;
}

/**
 * Writes llms.txt and llms-full.txt (every doc's markdown, in the order of llms.txt). The latter
 * is kept from the last good build when no doc's markdown changed. When some did, it is written
 * again piece by piece: the unchanged docs are copied from the previous file (runs of them in one
 * go) and only the changed ones are read, so neither the file nor every doc is held in memory.
 * Nothing when there are no sections (a noIndex site).
 */
export function writeLlms(input: WriteLlmsInput): void {
  const { sections, writer } = input;
  if (sections.length === 0) return;
  writer.writeText('llms.txt', llmsTxt(input.title, input.summary, sections));
  const top = header(input.title, input.summary);
  const docs = sections.flatMap((section) => section.docs.map((doc) => ({ route: doc.route, key: input.markdownKey(doc.route) })));
  const key = writer.key([top, docs]);
  if (writer.reuse('llms-full', key)) return;
  const earlier = writer.earlier('llms-full', 'llms-full.txt');
  const before = earlier ? earlierPieces(earlier.pieces, earlier.size) : new Map<string, { start: number; end: number }>();
  // The file is the header, the docs' markdown with a blank line between them, and a newline.
  const pieces: NonNullable<SiteOutputRecord['pieces']> = [['', '', Buffer.byteLength(top)]];
  const parts: FilePart[] = [top];
  docs.forEach(({ route, key: pieceKey }, i) => {
    const old = pieceKey !== undefined ? before.get(`${route}\0${pieceKey}`) : undefined;
    if (old) {
      pieces.push([route, pieceKey!, old.end - old.start]);
      const last = parts[parts.length - 1]!;
      // Next to the previous doc in the old file too: one range, with the blank line between them.
      if (i > 0 && typeof last === 'object' && last.end + 2 === old.start) last.end = old.end;
      else parts.push(...(i > 0 ? ['\n\n'] : []), { file: earlier!.file, ...old });
      return;
    }
    pieces.push([route, pieceKey ?? '', 0]);
    if (i > 0) parts.push('\n\n');
    parts.push(() => {
      const bytes = Buffer.from(input.markdownOf(route).trim());
      pieces[i + 1]![2] = bytes.length;
      return bytes;
    });
  });
  parts.push('\n');
  writer.writeParts('llms-full', key, 'llms-full.txt', parts, pieces);
}

/**
 * Where each doc's markdown is in an earlier llms-full.txt (bytes [start, end)), by route and key;
 * empty when its recorded pieces do not add up to the file's size.
 */
function earlierPieces(pieces: NonNullable<SiteOutputRecord['pieces']>, size: number): Map<string, { start: number; end: number }> {
  const found = new Map<string, { start: number; end: number }>();
  const [top, ...docs] = pieces;
  let at = top?.[2] ?? 0;
  for (const [route, pieceKey, length] of docs) {
    if (pieceKey) found.set(`${route}\0${pieceKey}`, { start: at, end: at + length });
    at += length + 2;
  }
  return at - (docs.length > 0 ? 2 : 0) + 1 === size ? found : new Map();
}
