/**
 * GitHub's alerts: a block quote whose first line is `[!NOTE]`, `[!TIP]`, `[!IMPORTANT]`,
 * `[!WARNING]` or `[!CAUTION]` (any case, alone on its line) is an admonition of that type, as if
 * written `:::note`. What follows the marker is the admonition's content.
 */
import type { Blockquote, Paragraph, Root as MdastRoot, RootContent } from 'mdast';
import type { MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import { walk, type TreeNode } from './walk.js';

export const ALERT_TYPES = ['note', 'tip', 'important', 'warning', 'caution'] as const;

/** The marker at the start of a quote's first line, and what follows it on that line. */
const MARKER = new RegExp(`^\\[!(${ALERT_TYPES.join('|')})\\][ \\t]*(?:\\n|$)`, 'i');

/** A source line that starts an alert (`> [!NOTE]`), for the fast path's gate. */
export const ALERT_LINE = new RegExp(`^[ \\t>]*>[ \\t]*\\[!(?:${ALERT_TYPES.join('|')})\\][ \\t]*$`, 'im');

/** The alert type of a quote, with its first paragraph's text nodes before the marker's end; null for a plain quote. */
function alertOf(quote: Blockquote): string | null {
  const first = quote.children[0];
  if (first?.type !== 'paragraph') return null;
  const lead = first.children[0];
  if (lead?.type !== 'text') return null;
  return MARKER.exec(lead.value)?.[1]?.toLowerCase() ?? null;
}

/** Removes the marker (and its line) from the quote's first paragraph; drops the paragraph if nothing is left. */
function withoutMarker(quote: Blockquote): Blockquote['children'] {
  const [first, ...rest] = quote.children as [Paragraph, ...Blockquote['children']];
  const [lead, ...inline] = first.children;
  const text = (lead as { value: string }).value.replace(MARKER, '');
  const children = text === '' ? inline : [{ ...(lead as object), value: text } as Paragraph['children'][number], ...inline];
  // A line break right after the marker's line would start the content with a break.
  if (children[0]?.type === 'break') children.shift();
  return children.length > 0 ? [{ ...first, children }, ...rest] : rest;
}

/** Turns GitHub alerts into the admonitions remarkAdmonitions makes. */
export function remarkAlerts() {
  return (tree: MdastRoot) => {
    walk(tree as TreeNode as RootContent, (node, index, parent) => {
      if (node.type !== 'blockquote') return;
      const type = alertOf(node);
      if (!type) return;
      const element: MdxJsxFlowElement = {
        type: 'mdxJsxFlowElement',
        name: 'Admonition',
        attributes: [{ type: 'mdxJsxAttribute', name: 'type', value: type }],
        children: withoutMarker(node) as MdxJsxFlowElement['children'],
        position: node.position,
      };
      (parent as unknown as { children: RootContent[] }).children.splice(index, 1, element as never);
      // Visit the admonition again, so alerts inside it are turned too.
      return index;
    });
  };
}
