import type { Element } from 'hast';
import { HEAD_TAG_NAMES } from '../config/headSettings.js';
import type { HtmlTag } from '../config/pluginApi.js';
import type { HeadTag } from '../config/types.js';

/** The tags of one `injectHtmlTags` list (one tag or a list), as head tags; what cannot be one is named in `refused`. */
export async function htmlTagsOf(given: HtmlTag | HtmlTag[] | undefined): Promise<{ tags: HeadTag[]; refused: string[] }> {
  const tags: HeadTag[] = [];
  const refused: string[] = [];
  const list = given === undefined ? [] : Array.isArray(given) ? given : [given];
  // The HTML parser is loaded for tags given as HTML text only: most builds have none.
  const hast = list.some((tag) => typeof tag === 'string') ? await loadHast() : null;
  for (const tag of list) {
    for (const element of typeof tag === 'string' ? elementsOf(tag, refused, hast!) : [objectTag(tag)]) {
      const name = element.tagName.toLowerCase();
      if (!(HEAD_TAG_NAMES as readonly string[]).includes(name)) refused.push(`<${name}> (a plugin's tags are ${HEAD_TAG_NAMES.join(', ')})`);
      else if (Object.keys(element.attributes ?? {}).some((attribute) => /^on/i.test(attribute))) refused.push(`<${name}> with an inline event handler (the site's Content-Security-Policy blocks it)`);
      else tags.push({ ...element, tagName: name });
    }
  }
  return { tags, refused };
}

function objectTag(tag: Exclude<HtmlTag, string>): HeadTag {
  const attributes: Record<string, string | boolean> = {};
  for (const [name, value] of Object.entries(tag.attributes ?? {})) if (value !== undefined) attributes[name] = value;
  return { tagName: tag.tagName, attributes, ...(tag.innerHTML !== undefined ? { innerHTML: tag.innerHTML } : {}) };
}

type Hast = Awaited<ReturnType<typeof loadHast>>;

async function loadHast() {
  const [{ fromHtml }, { toHtml }] = await Promise.all([import('hast-util-from-html'), import('hast-util-to-html')]);
  return { fromHtml, toHtml };
}

/** The elements of a tag given as HTML text (`<meta name="x" content="y">`). */
function elementsOf(html: string, refused: string[], { fromHtml, toHtml }: Hast): HeadTag[] {
  const tree = fromHtml(html, { fragment: true });
  const result: HeadTag[] = [];
  for (const node of tree.children) {
    if (node.type === 'text' && node.value.trim() === '') continue;
    if (node.type !== 'element') {
      refused.push(`${JSON.stringify(html.slice(0, 60))} (not an element)`);
      continue;
    }
    const element = node as Element;
    const attributes: Record<string, string | boolean> = {};
    // hast's property names back to attribute names: the element written alone and read again.
    const written = toHtml({ ...element, children: [] });
    for (const [, name, value] of written.matchAll(/\s([^\s=>]+)(?:="([^"]*)")?/g)) attributes[name!] = value === undefined ? true : value.replace(/&#x26;/g, '&').replace(/&#x22;/g, '"');
    const inner = element.children.length > 0 ? toHtml(element.children) : undefined;
    result.push({ tagName: element.tagName, attributes, ...(inner !== undefined ? { innerHTML: inner } : {}) });
  }
  return result;
}
