/**
 * Plain text (a title, a description, a tag, a name) written into the site's files for machines,
 * each format escaped its own way, so that no text a page's author writes is read as markup by a
 * feed reader, a crawler, a host or a language model.
 */

/** Half of a surrogate pair without the other half: no character, and nothing UTF-8 can write. */
const LONE_SURROGATE = '[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]';

/** Characters XML 1.0 allows nowhere, not even as a character reference: C0 controls but tab and line breaks, U+FFFE, U+FFFF and lone surrogates. */
const XML_INVALID = new RegExp(`[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\ufffe\\uffff]|${LONE_SURROGATE}`, 'g');

/** Text without the characters no XML document may hold (they are dropped). */
export const xmlChars = (text: string): string => text.replace(XML_INVALID, '');

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text as XML character data, right in element content and in attribute values alike. */
export const escapeXml = (text: string): string => xmlChars(text).replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML: what a format that carries HTML (Atom's type="html", RSS's description) is given for plain text. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/** C0 controls but tab, DEL and lone surrogates, which mean nothing in a line of markdown. */
const CONTROL = new RegExp(`[\\u0000-\\u0008\\u000a-\\u001f\\u007f]|${LONE_SURROGATE}`, 'g');

/**
 * Text as one line of markdown that reads as that text and nothing else: line breaks become
 * spaces and control characters (and lone surrogates) go; a backslash escapes what markdown could take for syntax:
 * emphasis, code, links, HTML and autolinks, strikethrough, an entity reference, a heading's
 * closing "#"s, and what would begin a block (a heading, a quote, a list) at the start of the line.
 */
export function markdownText(text: string): string {
  const line = text.replace(/\s*[\n\r\u2028\u2029]\s*/g, ' ').replace(CONTROL, '').trim();
  return line
    .replace(/[\\`*_[\]<~]|&(?=#?\w+;)|#+$/g, (match) => `\\${match}`)
    .replace(/^[-+=#>]/, '\\$&')
    .replace(/^(\d+)([.)])/, '$1\\$2');
}

/** A URL as the destination of a markdown link: parentheses and whitespace percent-encoded, so neither ends it. */
export const markdownUrl = (url: string): string => url.replace(/[()\s]/g, (c) => (c === '(' ? '%28' : c === ')' ? '%29' : encodeURIComponent(c)));

/**
 * A URL or path as one field of a line of `_redirects` (fields are separated by whitespace, lines
 * by line breaks): whitespace and control characters percent-encoded.
 */
export const lineField = (value: string): string => value.replace(/[\s\u0000-\u001f\u007f]/g, (c) => encodeURIComponent(c));
