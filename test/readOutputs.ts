/**
 * Reads the site's files for machines as their readers do, with real parsers: XML strictly (saxes
 * refuses a "<" in an attribute value, an unescaped "&", a stray "]]>", a control character),
 * the HTML that feeds carry inside XML with htmlparser2, and markdown with markdown-it.
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import markdownIt from 'markdown-it';
import { SaxesParser } from 'saxes';

/** The text of one XML element, read back; for an element whose text is HTML, that HTML read too. */
export interface XmlText {
  /** The element's name, with its prefix ("title", "content:encoded"). */
  element: string;
  /** The text as the XML holds it (entities and CDATA read). */
  text: string;
  /** For text that is HTML (Atom's type="html", an RSS item's description and content:encoded): its text, and the elements it holds. */
  html?: { text: string; elements: string[] };
}

/** Elements of an RSS 2.0 item whose text is HTML (a channel's description is plain text). */
const RSS_HTML = new Set(['description', 'content:encoded']);

/**
 * Every element's text and every attribute value of an XML document, read by a conforming XML 1.0
 * parser (which throws on a broken document).
 */
export function readXml(xml: string): { texts: XmlText[]; attributes: string[]; elements: string[] } {
  const texts: XmlText[] = [];
  const attributes: string[] = [];
  const elements: string[] = [];
  const open: Array<{ name: string; html: boolean; text: string }> = [];
  let rss = false;
  const parser = new SaxesParser();
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => {
    const values = tag.attributes as Record<string, string>;
    if (tag.name === 'rss') rss = true;
    elements.push(tag.name);
    attributes.push(...Object.values(values));
    const inItem = open[open.length - 1]?.name === 'item';
    open.push({ name: tag.name, html: values.type === 'html' || (rss && inItem && RSS_HTML.has(tag.name)), text: '' });
  });
  const addText = (value: string) => {
    const top = open[open.length - 1];
    if (top) top.text += value;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', () => {
    const { name, html, text } = open.pop()!;
    if (!text.trim()) return;
    texts.push({ element: name, text, ...(html ? { html: readHtml(text) } : {}) });
  });
  parser.write(xml).close();
  return { texts, attributes, elements };
}

/** The text of an HTML fragment and the names of the elements in it. */
export function readHtml(html: string): { text: string; elements: string[] } {
  const document = parseDocument(html);
  return { text: DomUtils.textContent(document), elements: DomUtils.findAll(() => true, document.children).map((element) => element.name) };
}

/** Markdown rendered to HTML by markdown-it with raw HTML allowed, as a permissive reader would, then read as HTML. */
export function readMarkdown(markdown: string): { html: string; text: string; elements: string[] } {
  const html = markdownIt({ html: true }).render(markdown);
  return { html, ...readHtml(html) };
}
