/**
 * Diagrams (`markdown.mermaid`): a ```mermaid fence becomes the theme's `<Mermaid value="…">`,
 * which draws it in the browser in the page's colour mode (see templates/components/Mermaid.tsx).
 * A page with a diagram, fenced or written as `<Mermaid>`, says so with the feature `mermaid`, so
 * the build writes the diagram runtime for it (see pipeline/stages/pageAssets.ts).
 */
import type { Element, Root as HastRoot, RootContent } from 'hast';
import { toString as hastToString } from 'hast-util-to-string';
import type { MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import type { CompileState } from './plugins.js';
import { SKIP, walk, type TreeNode } from './walk.js';

/** The `<code>` of a ```mermaid fence, or null. */
function mermaidCode(pre: Element): Element | null {
  const code = pre.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code');
  const classes = code?.properties?.className;
  return code && Array.isArray(classes) && classes.some((name) => String(name).toLowerCase() === 'language-mermaid') ? code : null;
}

/** Turns ```mermaid fences into `<Mermaid>` (when diagrams are on) and notes every page that has a diagram. Runs before code blocks. */
export function rehypeMermaid(options: { state: CompileState; fences: boolean }) {
  return (tree: HastRoot) => {
    walk(tree as TreeNode as RootContent, (node, index, parent) => {
      if ((node.type as string) === 'mdxJsxFlowElement' && (node as unknown as MdxJsxFlowElement).name === 'Mermaid') {
        options.state.features.add('mermaid');
        return SKIP;
      }
      if (!options.fences || node.type !== 'element' || node.tagName !== 'pre') return undefined;
      const code = mermaidCode(node);
      if (!code) return undefined;
      options.state.features.add('mermaid');
      const diagram: MdxJsxFlowElement = {
        type: 'mdxJsxFlowElement',
        name: 'Mermaid',
        attributes: [{ type: 'mdxJsxAttribute', name: 'value', value: hastToString(code).replace(/\n$/, '') }],
        children: [],
        position: node.position,
      };
      (parent as unknown as { children: unknown[] }).children[index] = diagram;
      return SKIP;
    });
  };
}
