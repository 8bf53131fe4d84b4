/**
 * A preorder walk over a unist tree (mdast or hast) for the compiler's own plugins.
 *
 * unist-util-visit names a fresh closure for every node it visits (`Object.defineProperty` on a
 * function) and copies the ancestor list at each level; with five plugins walking every page,
 * that bookkeeping cost more than the plugins' work (about 7% of compiling a page). This walk
 * is a plain loop that keeps no ancestors.
 */
export interface TreeNode {
  type: string;
  children?: TreeNode[];
}

/** Skip the children of the node just visited. */
export const SKIP = 'skip';

/**
 * What a visitor returns: nothing to go on (into the node's children, then its next sibling),
 * SKIP to leave its children out, or an index of the parent to go on from (after replacing the
 * node, return its own index to visit what replaced it).
 */
export type WalkResult = void | typeof SKIP | number;

export function walk<Node extends TreeNode>(tree: Node, visitor: (node: Node, index: number, parent: Node) => WalkResult): void {
  const children = tree.children as Node[] | undefined;
  if (!children) return;
  let index = 0;
  while (index < children.length) {
    const child = children[index]!;
    const result = visitor(child, index, tree);
    if (typeof result === 'number') {
      index = result;
      continue;
    }
    if (result !== SKIP) walk(child, visitor);
    index++;
  }
}

/**
 * Visits every node of a tree once, in no set order, keeping its own stack: for a tree that may
 * nest deeper than the call stack allows (raw HTML just parsed, before its depth is checked).
 */
export function eachNode<Node extends TreeNode>(tree: Node, visit: (node: Node) => void): void {
  const stack: Node[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop()!;
    visit(node);
    if (node.children) for (const child of node.children) stack.push(child as Node);
  }
}
