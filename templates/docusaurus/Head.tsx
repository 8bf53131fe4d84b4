import { Children, Fragment, isValidElement, useContext, useEffect, type ReactElement, type ReactNode } from 'react';
import { PageHeadContext, usePageHead, type PageHead } from '../../src/client/pageHead.js';

/** Elements `<Head>` puts in the document's head; `title` sets the document title. */
const HEAD_ELEMENTS = new Set(['meta', 'link', 'script', 'style', 'noscript']);
/** Elements whose content is text, kept as it is. */
const TEXT_CONTENT = new Set(['script', 'style', 'noscript']);
/** Marks the elements a `<Head>` wrote, so the browser knows them again. */
export const HEAD_ATTRIBUTE = 'data-sipa-head';

/** React's names of attributes whose HTML name is not the lowercase of it. */
const ATTRIBUTE_NAMES: Record<string, string> = { className: 'class', htmlFor: 'for', httpEquiv: 'http-equiv', acceptCharset: 'accept-charset' };

/** Elements of the document's head some mounted `<Head>` owns. */
const claimed = new WeakSet<Element>();

/** One element for the head: its tag, its attributes in HTML spelling, its text content. */
export interface HeadTag {
  tag: string;
  attributes: Array<[name: string, value: string]>;
  text: string;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Text of React children (strings and numbers, as `<title>{site.title} · {tagline}</title>` has them). */
function textOf(children: ReactNode): string {
  return Children.toArray(children)
    .map((child) => (typeof child === 'string' || typeof child === 'number' ? String(child) : isValidElement(child) ? textOf((child.props as { children?: ReactNode }).children) : ''))
    .join('');
}

/** The elements among `children`, fragments opened. */
function elementsOf(children: ReactNode): ReactElement[] {
  return Children.toArray(children).flatMap((child) => {
    if (!isValidElement(child)) return [];
    if (child.type === Fragment) return elementsOf((child.props as { children?: ReactNode }).children);
    return [child];
  });
}

/** What `<Head>`'s children say: the document title, the description, other tags, and what a head cannot hold. */
export function readHead(children: ReactNode): Required<Pick<PageHead, 'tags' | 'ignored'>> & Pick<PageHead, 'documentTitle' | 'description'> & { headTags: HeadTag[] } {
  const result: ReturnType<typeof readHead> = { tags: [], ignored: [], headTags: [] };
  for (const element of elementsOf(children)) {
    const props = element.props as Record<string, unknown> & { children?: ReactNode; dangerouslySetInnerHTML?: { __html?: string } };
    if (element.type === 'title') {
      result.documentTitle = textOf(props.children);
      continue;
    }
    if (typeof element.type !== 'string' || !HEAD_ELEMENTS.has(element.type)) {
      result.ignored.push(typeof element.type === 'string' ? `<${element.type}>` : 'a component');
      continue;
    }
    if (element.type === 'meta' && props.name === 'description' && typeof props.content === 'string') {
      result.description = props.content;
      continue;
    }
    const attributes: HeadTag['attributes'] = [];
    for (const [name, value] of Object.entries(props)) {
      if (name === 'children' || name === 'dangerouslySetInnerHTML' || name === 'key' || value === false || value === null || value === undefined) continue;
      if (typeof value !== 'string' && typeof value !== 'number' && value !== true) continue;
      attributes.push([ATTRIBUTE_NAMES[name] ?? (/^(data|aria)-/.test(name) ? name : name.toLowerCase()), value === true ? '' : String(value)]);
    }
    const text = TEXT_CONTENT.has(element.type) ? (props.dangerouslySetInnerHTML?.__html ?? textOf(props.children)) : '';
    const tag: HeadTag = { tag: element.type, attributes, text };
    result.headTags.push(tag);
    result.tags.push(headTagHtml(tag));
  }
  return result;
}

/** A short hash of a tag (FNV-1a), which marks it in the page so the browser finds it again. */
export function headTagId({ tag, attributes, text }: HeadTag): string {
  let hash = 0x811c9dc5;
  for (const char of JSON.stringify([tag, attributes, text])) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return (hash >>> 0).toString(36);
}

/** A tag as HTML, marked with its id (see HEAD_ATTRIBUTE). "</" in a script or style is escaped so it cannot end the element. */
export function headTagHtml(head: HeadTag): string {
  const { tag, attributes, text } = head;
  const attrs = [...attributes, [HEAD_ATTRIBUTE, headTagId(head)] as const].map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join('');
  if (tag === 'meta' || tag === 'link') return `<${tag}${attrs}>`;
  return `<${tag}${attrs}>${text.replace(/<\//g, '<\\/')}</${tag}>`;
}

/**
 * `@docusaurus/Head`: puts its children in the document's head. The server render writes them
 * into the page (`<title>` becomes the whole document title, a description meta the page's
 * description); in the browser, a page opened client-side adds them and takes them away when it
 * is left. Only head elements are kept (meta, link, script, style, noscript); anything else is
 * named in a build warning.
 */
export default function Head({ children }: { children?: ReactNode }) {
  const onServer = useContext(PageHeadContext) !== null;
  const head = onServer ? readHead(children) : null;
  usePageHead(head ? { documentTitle: head.documentTitle, description: head.description, tags: head.tags, ignored: head.ignored } : {});
  // Read again in the effect: the browser needs only the tags, and only after rendering.
  const key = onServer ? '' : JSON.stringify(readHead(children));
  useEffect(() => {
    const { documentTitle, headTags } = JSON.parse(key) as ReturnType<typeof readHead>;
    if (documentTitle !== undefined) document.title = documentTitle;
    // The server wrote the first page's tags: those are taken over, the others are added.
    const owned = headTags.map((tag) => {
      const id = headTagId(tag);
      const found = document.head.querySelector(`[${HEAD_ATTRIBUTE}="${id}"]`);
      if (found && !claimed.has(found)) {
        claimed.add(found);
        return found;
      }
      const element = document.createElement(tag.tag);
      for (const [name, value] of tag.attributes) element.setAttribute(name, value);
      element.setAttribute(HEAD_ATTRIBUTE, id);
      if (tag.text) element.textContent = tag.text;
      document.head.appendChild(element);
      return element;
    });
    return () =>
      owned.forEach((element) => {
        claimed.delete(element);
        element.remove();
      });
  }, [key]);
  return null;
}
