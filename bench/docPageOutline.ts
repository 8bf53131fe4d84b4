/**
 * What a rendered doc page shows, read from its HTML so that two generators' pages for the same
 * doc can be compared: the benchmark checks with it that Hugo's pages carry what sipadocs's do.
 * Reads sipadocs's theme and the benchmark's Hugo layouts (hugoTheme.ts), which share the
 * landmarks it looks for: the "Docs sidebar" and "Breadcrumbs" navs, `sidebar__category` items
 * (`--open` when expanded), and a table of contents (`.toc` or Hugo's `#TableOfContents`).
 */
import { DomUtils, parseDocument } from 'htmlparser2';

type Element = ReturnType<typeof DomUtils.findAll>[number];

export interface DocPageOutline {
  /** The first h1's text. */
  title: string;
  /** Every link in the docs sidebar, in order (routes without a trailing slash). */
  sidebarLinks: string[];
  openCategories: string[];
  closedCategories: string[];
  /** Breadcrumb texts, home first, current page last. */
  breadcrumbs: string[];
  /** The table of contents' targets (`#id`), in order. */
  toc: string[];
  prev: string | null;
  next: string | null;
  /** `<pre>` blocks, and those with coloured tokens. */
  codeBlocks: number;
  highlightedCodeBlocks: number;
}

export function outlineDocPage(html: string): DocPageOutline {
  const dom = parseDocument(html);
  const all = (test: (element: Element) => boolean, within: Element[] | Element = dom.children as Element[]): Element[] =>
    DomUtils.findAll(test, Array.isArray(within) ? within : [within]);
  const attr = (element: Element, name: string): string => element.attribs[name] ?? '';
  const hasClass = (element: Element, name: string): boolean => attr(element, 'class').split(/\s+/).includes(name);
  const text = (element: Element): string => DomUtils.textContent(element).replace(/\s+/g, ' ').trim();
  const nav = (label: string): Element[] => all((e) => e.name === 'nav' && attr(e, 'aria-label') === label);

  const sidebar = nav('Docs sidebar');
  const categories = all((e) => e.name === 'li' && hasClass(e, 'sidebar__category'), sidebar);
  // A category's label is its link, or the summary of its disclosure (sipadocs's chevron beside a link is an empty summary).
  const label = (category: Element): string => all((e) => (e.name === 'button' || e.name === 'summary' || e.name === 'a') && text(e) !== '', category).map(text)[0] ?? '';
  const toc = all((e) => e.name === 'nav' && (hasClass(e, 'toc') || attr(e, 'id') === 'TableOfContents'));
  const pager = (rel: 'prev' | 'next'): string | null => {
    const link = all((e) => e.name === 'a' && (attr(e, 'rel') === rel || hasClass(e, `pager__link--${rel}`)))[0];
    return link ? route(attr(link, 'href')) : null;
  };
  const pres = all((e) => e.name === 'pre');
  return {
    title: all((e) => e.name === 'h1').map(text)[0] ?? '',
    sidebarLinks: all((e) => e.name === 'a', sidebar).map((a) => route(attr(a, 'href'))),
    openCategories: categories.filter((c) => hasClass(c, 'sidebar__category--open')).map(label),
    closedCategories: categories.filter((c) => !hasClass(c, 'sidebar__category--open')).map(label),
    breadcrumbs: all((e) => e.name === 'a' || e.name === 'span', nav('Breadcrumbs')).map(text).filter(Boolean),
    toc: all((e) => e.name === 'a' && attr(e, 'href').startsWith('#'), toc).map((a) => attr(a, 'href')),
    prev: pager('prev'),
    next: pager('next'),
    codeBlocks: pres.length,
    highlightedCodeBlocks: pres.filter((pre) => all((e) => e.name === 'span' && /color:\s*#|--shiki-light:\s*#/i.test(attr(e, 'style')), pre).length > 0).length,
  };
}

/** `/docs/a/b/` and `/docs/a/b` are the same route (Hugo writes pretty URLs, sipadocs `b.html`). */
function route(href: string): string {
  return href.length > 1 ? href.replace(/\/$/, '') : href;
}

/** The fields in which two outlines differ, each as `field: a ≠ b`; empty when they match. */
export function outlineDifferences(a: DocPageOutline, b: DocPageOutline): string[] {
  const differences: string[] = [];
  for (const key of Object.keys(a) as (keyof DocPageOutline)[]) {
    const [left, right] = [a[key], b[key]];
    if (JSON.stringify(left) === JSON.stringify(right)) continue;
    if (Array.isArray(left) && Array.isArray(right)) {
      // Long lists share long prefixes: say where they part.
      let i = 0;
      while (i < left.length && left[i] === right[i]) i++;
      differences.push(`${key}: ${left.length} ≠ ${right.length} items, item ${i + 1} ${JSON.stringify(left[i] ?? null)} ≠ ${JSON.stringify(right[i] ?? null)}`);
    } else {
      differences.push(`${key}: ${JSON.stringify(left)} ≠ ${JSON.stringify(right)}`);
    }
  }
  return differences;
}
