import { DomUtils, parseDocument } from 'htmlparser2';
import { xmlChars } from './escape.js';

type Element = NonNullable<ReturnType<typeof DomUtils.findOne>>;

/** URL-valued attributes made absolute in feed content. */
const URL_ATTRIBUTES = ['href', 'src', 'poster'];

/** Interactive parts of the theme that mean nothing in a feed reader. */
const DROPPED = (element: Element) =>
  element.name === 'button' || element.name === 'script' || element.name === 'style' || element.name === 'svg' || element.attribs.role === 'tablist';

/**
 * The content of a blog post, as feeds carry it: the post's rendered article body (what the
 * theme shows under the post's header) with every URL absolute, so it reads the same in a feed
 * reader as on the site. Interactive parts go (copy buttons, tab bars, icons); each tab panel
 * gets its tab's label as a bold line, and hidden panels are shown. Null when the page holds no
 * post body (a theme without `article.post .markdown`).
 *
 * @param bodyHtml the server-rendered body of the post's page (see documentBody)
 * @param pageUrl the post's absolute URL, against which relative URLs resolve
 * @param siteBase the site's URL with its base path and no trailing slash ("https://x.org/sub"),
 *   put before site paths ("/img/a.png")
 */
export function postContentHtml(bodyHtml: string, pageUrl: string, siteBase: string): string | null {
  const document = parseDocument(bodyHtml);
  const article = DomUtils.findOne((e) => e.name === 'article' && hasClass(e, 'post'), document.children);
  const content = article && DomUtils.findOne((e) => e.name === 'div' && hasClass(e, 'markdown'), article.children);
  if (!content) return null;

  const labels = new Map<string, string>();
  for (const tab of DomUtils.findAll((e) => e.attribs.role === 'tab', content.children)) {
    if (tab.attribs.id) labels.set(tab.attribs.id, DomUtils.textContent(tab).trim());
  }
  for (const element of DomUtils.findAll(DROPPED, content.children)) DomUtils.removeElement(element);
  for (const element of DomUtils.findAll(() => true, content.children)) {
    delete element.attribs.hidden;
    for (const name of URL_ATTRIBUTES) {
      const value = element.attribs[name];
      if (value !== undefined) element.attribs[name] = absoluteUrl(value, pageUrl, siteBase);
    }
    const label = element.attribs.role === 'tabpanel' ? labels.get(element.attribs['aria-labelledby'] ?? '') : undefined;
    if (label) DomUtils.prependChild(element, labelParagraph(label));
  }
  // "]]>" would end the CDATA section a feed wraps the content in; in HTML text, "&gt;" is the same character.
  return xmlChars(DomUtils.getInnerHTML(content).replaceAll(']]>', ']]&gt;'));
}

function hasClass(element: Element, name: string): boolean {
  return (element.attribs.class ?? '').split(/\s+/).includes(name);
}

/** "/img/a.png" → site base + path; "#x" and "a.png" → against the page; other URLs as they are. */
function absoluteUrl(value: string, pageUrl: string, siteBase: string): string {
  if (value.startsWith('/') && !value.startsWith('//')) return `${siteBase}${value}`;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('//')) return value;
  try {
    return new URL(value, pageUrl).href;
  } catch {
    return value;
  }
}

/** `<p><strong>label</strong></p>` as a node. */
function labelParagraph(label: string): Element {
  return parseDocument(`<p><strong>${label.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</strong></p>`).children[0] as Element;
}
