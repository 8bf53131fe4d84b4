/**
 * A blog post shows its title above its content, so Docusaurus takes the content's own title out
 * of the post: its first heading, when that is an h1 (wherever it stands, as the first heading of
 * the page is its `contentTitle`).
 */
import type { Root as MdastRoot } from 'mdast';
import { SKIP, walk, type TreeNode } from './walk.js';

export function remarkRemoveContentTitle() {
  return (tree: MdastRoot) => {
    let done = false;
    walk(tree as TreeNode, (node, index, parent) => {
      if (done) return SKIP;
      if (node.type !== 'heading') return undefined;
      done = true;
      if ((node as TreeNode & { depth: number }).depth === 1) parent.children!.splice(index, 1);
      return SKIP;
    });
  };
}

/** Whether a body may hold an h1 (an ATX or setext one), which remarkRemoveContentTitle would take out. */
export function mayHaveH1(body: string): boolean {
  return /^ {0,3}#(?:[ \t]|$)|^ {0,3}=+[ \t]*$/m.test(body);
}
