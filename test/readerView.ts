// What a reader gets from a built page's article, read the same way from a sipadocs page and from a
// page Docusaurus built: its text, its headings and their ids, each code block's lines and the
// classes that mark them, admonitions, details, math and diagrams, and the table of contents. The
// theme's own markup (class names, icons, buttons, anchors) is left out, so the two can be compared.
import { DomUtils, parseDocument } from 'htmlparser2';

type Element = NonNullable<ReturnType<typeof DomUtils.findOne>>;
type Node = Element['children'][number];

export type Flavour = 'sipadocs' | 'docusaurus';

export interface ReaderView {
  /** The article's text, white space collapsed. */
  text: string;
  headings: Array<{ level: number; id: string | null; text: string }>;
  /** Each code block's lines as shown, and the lines marked with a class (1-based, the classes sorted). */
  code: Array<{ lines: string[]; marked: Array<[number, string]> }>;
  /** Admonitions by type, with their title as written or the type's default title. */
  admonitions: Array<{ type: string; title: string }>;
  /** Details boxes: the summary's text, whether written open, the author's own class names. */
  details: Array<{ summary: string; open: boolean; classes: string[] }>;
  /** Formulas rendered by KaTeX, and of those the displayed ones. */
  math: { inline: number; display: number };
  /** The table of contents: each entry's depth (0 for the top level) and target id. */
  toc: Array<[number, string]>;
}

/** Elements a reader does not read as text: scripts, icons, controls, the copy-free fallbacks. */
const UNREAD = new Set(['script', 'style', 'svg', 'button', 'noscript', 'template']);
/** Parts of the theme inside the article that are not the author's content. */
const THEME_PARTS: Record<Flavour, (element: Element) => boolean> = {
  sipadocs: (e) => hasClass(e, 'hash-link') || hasClass(e, 'visually-hidden'),
  docusaurus: (e) => hasClass(e, 'hash-link'),
};
const BLOCKS = new Set(['p', 'div', 'li', 'ul', 'ol', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre', 'table', 'tr', 'td', 'th', 'blockquote', 'details', 'summary', 'header', 'br']);

/** Reads the article of a built page (a doc or a markdown page) as a reader sees it. */
export function readerView(html: string, flavour: Flavour): ReaderView {
  const document = parseDocument(html);
  const root = DomUtils.findOne(flavour === 'sipadocs' ? isSipadocsArticle : isDocusaurusArticle, document.children);
  if (!root) throw new Error(`no article in the ${flavour} page`);
  const skip = THEME_PARTS[flavour];
  const all = (test: (element: Element) => boolean) => DomUtils.findAll(test, root.children);
  return {
    text: textOf(root, skip),
    headings: all((e) => /^h[1-6]$/.test(e.name)).map((h) => ({ level: Number(h.name[1]), id: h.attribs.id ?? null, text: textOf(h, skip) })),
    code: all((e) => hasClass(e, flavour === 'sipadocs' ? 'code-block' : 'theme-code-block')).map((block) => codeOf(block, flavour)),
    admonitions: all((e) => hasClass(e, flavour === 'sipadocs' ? 'admonition' : 'theme-admonition')).map((box) => admonitionOf(box, flavour)),
    details: all((e) => e.name === 'details').map((details) => detailsOf(details, flavour)),
    math: { inline: all((e) => hasClass(e, 'katex')).length, display: all((e) => hasClass(e, 'katex-display')).length },
    toc: tocOf(document.children, flavour),
  };
}

const isSipadocsArticle = (e: Element) => (e.name === 'article' && hasClass(e, 'markdown')) || hasClass(e, 'md-page__article');
// A doc's content, or a markdown page's article.
const isDocusaurusArticle = (e: Element) => hasClass(e, 'theme-doc-markdown') || (e.name === 'article' && e.parent !== null && hasClass(e.parent as Element, 'col--8'));

function textOf(node: Node, skip: (element: Element) => boolean): string {
  const parts: string[] = [];
  const walk = (current: Node) => {
    if (current.type === 'text') {
      parts.push((current as unknown as { data: string }).data);
      return;
    }
    const element = current as Element;
    if (!('name' in element) || UNREAD.has(element.name) || skip(element)) return;
    const block = BLOCKS.has(element.name);
    if (block) parts.push(' ');
    for (const child of element.children) walk(child as Node);
    if (block) parts.push(' ');
  };
  walk(node);
  return parts.join('').replace(/[\u200b\u00a0]/g, ' ').replace(/\s+/g, ' ').trim();
}

function codeOf(block: Element, flavour: Flavour): ReaderView['code'][number] {
  const code = DomUtils.findOne((e) => e.name === 'code', block.children)!;
  // sipadocs: one span.line per line; Docusaurus: one .token-line per line.
  const lines = DomUtils.findAll((e) => hasClass(e, flavour === 'sipadocs' ? 'line' : 'token-line'), code.children);
  const ownClasses = (line: Element) => classes(line).filter((name) => (flavour === 'sipadocs' ? name !== 'line' : name !== 'token-line' && !isModuleClass(name)));
  return {
    lines: lines.map((line) => DomUtils.textContent(line).replace(/\n$/, '')),
    marked: lines.flatMap((line, i) => (ownClasses(line).length > 0 ? [[i + 1, ownClasses(line).sort().join(' ')] as [number, string]] : [])),
  };
}

function admonitionOf(box: Element, flavour: Flavour): ReaderView['admonitions'][number] {
  const type = classes(box)
    .map((name) => (flavour === 'sipadocs' ? /^admonition--(\w+)$/ : /^theme-admonition-(\w+)$/).exec(name)?.[1])
    .find(Boolean)!;
  const heading = DomUtils.findOne((e) => (flavour === 'sipadocs' ? hasClass(e, 'admonition__heading') : classes(e).some((name) => name.startsWith('admonitionHeading_'))), box.children)!;
  return { type, title: textOf(heading, () => false) };
}

function detailsOf(details: Element, flavour: Flavour): ReaderView['details'][number] {
  const summary = DomUtils.findOne((e) => e.name === 'summary', details.children, false);
  // Docusaurus writes the class of a <details> in markdown's HTML twice; a browser keeps the first.
  const own = classes(details).filter((name) => (flavour === 'sipadocs' ? name !== 'details' : !isModuleClass(name) && name !== 'alert' && name !== 'alert--info'));
  return { summary: summary ? textOf(summary, () => false) : '', open: 'open' in details.attribs, classes: own.sort() };
}

function tocOf(nodes: Node[], flavour: Flavour): ReaderView['toc'] {
  if (flavour === 'sipadocs') {
    const toc = DomUtils.findOne((e) => hasClass(e, 'toc__list') || (e.name === 'nav' && hasClass(e, 'toc')), nodes as Element[]);
    if (!toc) return [];
    return DomUtils.findAll((e) => hasClass(e, 'toc__item'), toc.children).map((item) => {
      const link = DomUtils.findOne((e) => e.name === 'a', item.children)!;
      return [Number(/toc__item--level-(\d)/.exec(item.attribs.class!)![1]), link.attribs.href!.slice(1)];
    });
  }
  const toc = DomUtils.findOne((e) => hasClass(e, 'theme-doc-toc-desktop'), nodes as Element[]);
  if (!toc) return [];
  return DomUtils.findAll((e) => hasClass(e, 'table-of-contents__link'), toc.children).map((link) => {
    let depth = -1;
    for (let node = link.parent; node && node !== toc; node = node.parent) if ((node as Element).name === 'ul') depth++;
    return [depth, link.attribs.href!.slice(1)];
  });
}

const classes = (element: Element) => (element.attribs.class ?? '').split(/\s+/).filter(Boolean);
const hasClass = (element: Element, name: string) => classes(element).includes(name);
/** A CSS module's class name as Docusaurus's theme emits it ("codeLine_lJS_"). */
const isModuleClass = (name: string) => /^[a-z]\w*_[\w-]{4}$/i.test(name);
