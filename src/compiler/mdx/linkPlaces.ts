/**
 * Where each link of a page's content is written: its href as the page renders it, with the line
 * and column of the link in the source. The build's link check names that place for a broken link
 * or anchor (see check/linkLocations.ts). Read from the finished tree, so a markdown link resolved
 * to a route, a reference link (placed where it is used) and an `<a href>` of raw HTML or JSX all
 * carry the href the page shows.
 */
import type { Element, Root } from 'hast';
import type { MdxJsxAttribute, MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import { isExternalUrl } from '../../shared/paths.js';
import { walk, type TreeNode } from './walk.js';

/** A link's href and the 1-based line and column where its source starts. */
export type LinkPlace = [href: string, line: number, column: number];

/** Links worth placing: those the link check follows (not external, not empty). */
const isCheckedHref = (href: string) => href !== '' && !isExternalUrl(href);

export function collectLinkPlaces(tree: Root): LinkPlace[] {
  const places: LinkPlace[] = [];
  const add = (href: unknown, node: { position?: { start: { line: number; column: number } } }) => {
    const start = node.position?.start;
    if (typeof href === 'string' && isCheckedHref(href) && start) places.push([href, start.line, start.column]);
  };
  walk(tree as unknown as TreeNode, (node) => {
    if (node.type === 'element') {
      const element = node as unknown as Element;
      if (element.tagName === 'a') add(element.properties?.href, element);
    } else if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
      const element = node as unknown as MdxJsxFlowElement;
      if (element.name !== 'a') return undefined;
      const href = element.attributes.find((a): a is MdxJsxAttribute => a.type === 'mdxJsxAttribute' && a.name === 'href');
      add(href?.value, element);
    }
    return undefined;
  });
  return places;
}
