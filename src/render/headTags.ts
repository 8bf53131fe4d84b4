import type { HeadTag } from '../config/types.js';

const VOID_TAGS = new Set(['meta', 'link']);
const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** A head tag of the config as HTML: attributes escaped, `true` as a bare attribute, `false` left out, content as it is. */
export function headTagHtml(tag: HeadTag): string {
  const attributes = Object.entries(tag.attributes ?? {})
    .map(([name, value]) => (value === false ? '' : value === true ? ` ${name}` : ` ${name}="${escapeAttribute(value)}"`))
    .join('');
  if (VOID_TAGS.has(tag.tagName)) return `<${tag.tagName}${attributes}>`;
  return `<${tag.tagName}${attributes}>${tag.innerHTML ?? ''}</${tag.tagName}>`;
}
