import { Parser } from 'htmlparser2';
import { escapeHtml } from '../outputs/escape.js';

/**
 * The attribute the theme puts on the element holding a page's searchable content (the article
 * of a doc, a post or a markdown page; the main element of a React page). Everything outside it
 * (navbar, sidebar, table of contents, footer) is chrome and is not indexed.
 */
export const SEARCH_BODY_ATTRIBUTE = 'data-search-body';

/**
 * On the element carrying SEARCH_BODY_ATTRIBUTE: the docs version the page belongs to
 * ("<instance>@<version>"), when its docs have several. It becomes the page's `scope` filter, by
 * which the dialog leaves out the versions not chosen.
 */
export const SEARCH_SCOPE_ATTRIBUTE = 'data-search-scope';

/**
 * On an element inside the searchable content: what it holds is not content (the search page's
 * form and results). A page whose content is all marked so is not indexed at all.
 */
export const SEARCH_IGNORE_ATTRIBUTE = 'data-search-ignore';

/**
 * Weight of code blocks relative to prose (1): code is indexed, so an API name found only in an
 * example is still found, but a page that talks about a word ranks above one that only uses it.
 */
export const CODE_WEIGHT = 0.5;

/** What the search index is built from for one page: small, plain, and cached by the page's body key. */
export interface SearchDocument {
  title: string;
  /**
   * The page's content as minimal HTML for the indexer: headings with their ids (so a result opens
   * at its heading), text as paragraphs, code blocks as `<pre>` with CODE_WEIGHT. Text is escaped.
   */
  html: string;
}

/** Elements whose text is not content: controls, icons, a post's tag list and edit link. */
const SKIPPED = new Set(['nav', 'button', 'svg', 'script', 'style', 'template', 'footer', 'noscript', 'select', 'textarea']);
/** Elements that end a run of text (their neighbours are separate words, even without spaces). */
const BLOCKS = new Set([
  'address', 'article', 'aside', 'blockquote', 'br', 'dd', 'details', 'div', 'dl', 'dt', 'figcaption', 'figure', 'hr', 'li', 'main',
  'ol', 'p', 'section', 'summary', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'ul',
]);

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Reads the searchable content of a rendered page body: the first element carrying
 * SEARCH_BODY_ATTRIBUTE. Returns null when the body has none, or when all it holds is marked
 * SEARCH_IGNORE_ATTRIBUTE (the page has nothing to search).
 * `fallbackTitle` names the page when its content has no h1 (a React page, say).
 */
export function extractSearchDocument(bodyHtml: string, fallbackTitle: string): SearchDocument | null {
  const marker = bodyHtml.indexOf(` ${SEARCH_BODY_ATTRIBUTE}`);
  if (marker === -1) return null;
  // Parse from the start of the marked element only: the sidebar before it can be most of the page.
  const start = bodyHtml.lastIndexOf('<', marker);
  const parts: string[] = [];
  let title: string | null = null;
  let text = '';
  let depth = 0;
  let skipDepth = 0;
  let preDepth = 0;
  let heading: { level: number; id: string; text: string } | null = null;
  let done = false;
  let ignored = false;

  const flush = () => {
    const value = squash(text);
    text = '';
    if (!value) return;
    parts.push(preDepth > 0 ? `<pre data-pagefind-weight="${CODE_WEIGHT}">${escapeHtml(value)}</pre>` : `<p>${escapeHtml(value)}</p>`);
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (done) return;
        depth++;
        const scope = depth === 1 ? attributes[SEARCH_SCOPE_ATTRIBUTE] : undefined;
        if (scope) parts.push(`<span data-pagefind-filter="scope:${escapeHtml(scope)}"></span>`);
        // A hidden tab panel is content (another tab shows it); other hidden elements are not.
        const hidden = ('hidden' in attributes && attributes.role !== 'tabpanel') || attributes['aria-hidden'] === 'true';
        if (SEARCH_IGNORE_ATTRIBUTE in attributes) ignored = true;
        if (skipDepth > 0 || SKIPPED.has(name) || hidden || SEARCH_IGNORE_ATTRIBUTE in attributes) {
          skipDepth++;
          return;
        }
        if (/^h[1-6]$/.test(name)) {
          flush();
          heading = { level: Number(name[1]), id: attributes.id ?? '', text: '' };
        } else if (name === 'pre') {
          flush();
          preDepth++;
        } else if (BLOCKS.has(name) && preDepth === 0) {
          flush();
        }
      },
      ontext(value) {
        if (done || skipDepth > 0) return;
        if (heading) heading.text += value;
        else text += value;
      },
      onclosetag(name) {
        if (done) return;
        depth--;
        if (skipDepth > 0) {
          skipDepth--;
        } else if (heading && /^h[1-6]$/.test(name)) {
          const { level, id } = heading;
          const value = squash(heading.text);
          heading = null;
          if (value) {
            if (level === 1) title ??= value;
            parts.push(`<h${level}${id ? ` id="${escapeHtml(id)}"` : ''}>${escapeHtml(value)}</h${level}>`);
          }
        } else if (name === 'pre') {
          flush();
          preDepth--;
        } else if (BLOCKS.has(name) && preDepth === 0) {
          flush();
        }
        if (depth === 0) {
          flush();
          done = true;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(bodyHtml.slice(start));
  parser.end();
  flush();
  if (ignored && parts.every((part) => part.startsWith('<span data-pagefind-filter'))) return null;
  if (title === null) {
    title = fallbackTitle;
    parts.unshift(`<h1>${escapeHtml(fallbackTitle)}</h1>`);
  }
  return { title, html: parts.join('') };
}
