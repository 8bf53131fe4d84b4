import type { SiteConfig } from '../config/types.js';
import type { Doc, SiteModel } from '../content/model.js';
import type { PlannedRoute } from '../content/routes.js';
import { firstPageOf } from '../content/sidebar.js';
import { routeMarkdownUrl } from '../shared/paths.js';
import type { SidebarItem } from '../shared/types.js';
import { outputKey, type OutputWriter } from './outputWriter.js';
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

/** Output-relative path of a route's markdown: "/docs/guides/x" → "docs/guides/x.md". */
export function markdownFile(route: string): string {
  return routeMarkdownUrl(route).slice(1);
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
  const link = (title: string, route: string, description: string): LlmsLink => ({ title, url: `${siteBase}/${markdownFile(route)}`, description });
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
  for (const sidebar of model.sidebars) {
    section(sidebarTitle(sidebar, model, config), docsUnder(sidebar.items.filter((item) => item.type === 'link')));
    for (const item of sidebar.items) if (item.type === 'category') section(item.label, docsUnder([item]));
  }
  section('More docs', [...docsByRoute.values()]);
  const posts = model.posts.filter((post) => listed.has(post.route));
  if (posts.length > 0) sections.push({ title: config.blog.title, docs: [], links: posts.map((post) => link(post.title, post.route, post.description)) });
  return sections;
}

/** The label of the navbar item that leads into a sidebar; "Docs" for a lone sidebar; else its id in words. */
function sidebarTitle(sidebar: SiteModel['sidebars'][number], model: SiteModel, config: SiteConfig): string {
  const first = firstPageOf(sidebar);
  const item = first ? config.navbar.items.find((nav) => nav.to === first) : undefined;
  if (item) return item.label;
  if (model.sidebars.length === 1) return 'Docs';
  const words = sidebar.id.replace(/[-_]?sidebar$/i, '').replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[-_]+/g, ' ').trim() || sidebar.id;
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The header both files start with: "# Title" and the summary as a quote. */
function header(title: string, summary: string): string {
  return `# ${title}\n\n${summary ? `> ${oneLine(summary)}\n\n` : ''}`;
}

/** llms.txt as llmstxt.org describes it: title, summary, then sections of `- [Title](url): description`. */
export function llmsTxt(title: string, summary: string, sections: LlmsSection[]): string {
  const body = sections.map(
    (section) => `## ${section.title}\n\n${section.links.map((l) => `- [${escapeLinkText(l.title)}](${l.url})${l.description ? `: ${oneLine(l.description)}` : ''}`).join('\n')}\n`,
  );
  return `${header(title, summary)}${body.join('\n')}`;
}

/** llms-full.txt: the header, then every doc's markdown (trimmed) in the order of llms.txt. */
export function llmsFullTxt(header: string, docsMarkdown: string[]): string {
  return `${header}${docsMarkdown.join('\n\n')}\n`;
}

const escapeLinkText = (text: string) => text.replace(/[[\]\\]/g, '\\$&');
/** A list item or quote holds one line. */
const oneLine = (text: string) => text.trim().replace(/\s*\n\s*/g, ' ');

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
 * is kept from the last good build when no doc's markdown changed; when some did, the unchanged
 * docs are taken from it rather than read from their files one by one. Nothing when there are no
 * sections (a noIndex site).
 */
export function writeLlms(input: WriteLlmsInput): void {
  const { sections, writer } = input;
  if (sections.length === 0) return;
  writer.writeText('llms.txt', llmsTxt(input.title, input.summary, sections));
  const top = header(input.title, input.summary);
  const docs = sections.flatMap((section) => section.docs.map((doc) => ({ route: doc.route, key: input.markdownKey(doc.route) })));
  const key = outputKey([top, docs]);
  if (writer.reuse('llms-full', key)) return;
  const earlier = earlierPieces(writer.earlier('llms-full', 'llms-full.txt'));
  const pieces = docs.map(({ route, key: pieceKey }) => (pieceKey !== undefined ? earlier.get(`${route}\0${pieceKey}`) : undefined) ?? input.markdownOf(route).trim());
  writer.write('llms-full', key, [['llms-full.txt', llmsFullTxt(top, pieces)]], [['', '', top.length], ...docs.map(({ route, key: pieceKey }, i): [string, string, number] => [route, pieceKey ?? '', pieces[i]!.length])]);
}

/** The docs' pieces of an earlier llms-full.txt by route and key; empty when it does not match its record. */
function earlierPieces(earlier: ReturnType<OutputWriter['earlier']>): Map<string, string> {
  const found = new Map<string, string>();
  if (!earlier) return found;
  const [headerPiece, ...docPieces] = earlier.pieces;
  let at = headerPiece?.[2] ?? 0;
  for (const [route, pieceKey, length] of docPieces) {
    if (at + length > earlier.text.length) return new Map();
    if (pieceKey) found.set(`${route}\0${pieceKey}`, earlier.text.slice(at, at + length));
    at += length + 2;
  }
  // The pieces must account for the whole file ("\n\n" between pieces, "\n" at the end).
  return at - (docPieces.length ? 2 : 0) + 1 === earlier.text.length ? found : new Map();
}
