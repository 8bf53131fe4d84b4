/**
 * The nodes of MDX 1's syntax tree that remark plugins written for it (Docusaurus 2's) put into a
 * page, read into MDX 3's. MDX 1 had `import` and `export` (ESM as a string), `jsx` (JSX as a
 * string: a whole element, or only an opening or closing tag with the nodes between it and its
 * other half as its children, as @docusaurus/remark-plugin-npm2yarn 2 writes its tabs) and
 * `comment`; MDX 3 knows none of them and stops ("Cannot handle unknown node `import`").
 *
 * `remarkMdx1Nodes` runs after each of the site's remark plugins (see withMdx1Nodes). An `import`
 * or `export` becomes an `mdxjsEsm` with its program (an import the page already has is not made
 * twice: MDX 1 plugins look for `import` nodes to avoid that, and find none in MDX 3's tree). The
 * `jsx` nodes of a parent are read together with MDX 3's own parser, the other nodes between them
 * standing in as placeholders, so a tag opened in one node and closed in another holds the nodes
 * between; the placeholders are then given back their nodes. A comment shows nothing, in MDX 1 as
 * here.
 */
import { Parser } from 'acorn';
import type { ImportDeclaration, Program } from 'estree';
import type { PluggableList, Processor } from 'unified';
import { VFileMessage } from 'vfile-message';
import { walk, type TreeNode } from './walk.js';
import { jsxAsMdx3 } from './mdx1Syntax.js';

const MDX1_TYPES = new Set(['import', 'export', 'jsx', 'comment']);

/** A node as the tree holds it. */
interface Node extends TreeNode {
  value?: string;
  name?: string | null;
  position?: { start: { line: number; column: number }; end: { line: number; column: number } };
  data?: Record<string, unknown>;
  children?: Node[];
}

/** Parents whose children are phrasing content: their `jsx` nodes are inline JSX. */
const PHRASING_PARENTS = new Set(['paragraph', 'heading', 'tableCell', 'emphasis', 'strong', 'delete', 'link', 'linkReference', 'mdxJsxTextElement']);

/** The name a placeholder element takes for the n-th node of its parent: not a name anyone writes. */
const placeholder = (n: number) => `sipadocs-mdx1-node-${n}`;
const PLACEHOLDER = /^sipadocs-mdx1-node-(\d+)$/;

/** The site's remark plugins, each followed by remarkMdx1Nodes, so the next sees MDX 3's nodes only. */
export function withMdx1Nodes(plugins: PluggableList): PluggableList {
  return plugins.flatMap((plugin) => [plugin, remarkMdx1Nodes]);
}

/** Reads the MDX 1 nodes of a tree into MDX 3's (see the module's comment). */
export function remarkMdx1Nodes(this: Processor) {
  const processor = this;
  return (tree: Node) => {
    if (!hasMdx1Node(tree)) return;
    const imported = importedNames(tree);
    translateChildren(tree, processor, imported);
  };
}

function hasMdx1Node(tree: Node): boolean {
  let found = false;
  walk(tree, (node) => {
    if (found) return 'skip';
    if (MDX1_TYPES.has(node.type)) found = true;
    return undefined;
  });
  return found;
}

/** `source\0local` of every import the tree's ESM already makes. */
function importedNames(tree: Node): Set<string> {
  const names = new Set<string>();
  for (const node of tree.children ?? []) {
    const program = node.type === 'mdxjsEsm' ? (node.data?.estree as Program | undefined) : undefined;
    for (const statement of program?.body ?? []) {
      if (statement.type !== 'ImportDeclaration') continue;
      for (const specifier of statement.specifiers) names.add(`${String(statement.source.value)}\0${specifier.local.name}`);
    }
  }
  return names;
}

function translateChildren(parent: Node, processor: Processor, imported: Set<string>): void {
  const children = parent.children;
  if (!children) return;
  for (const child of children) translateChildren(child, processor, imported);
  if (!children.some((child) => MDX1_TYPES.has(child.type))) return;
  const kept: Node[] = [];
  for (const child of children) {
    if (child.type === 'comment') continue;
    if (child.type === 'import' || child.type === 'export') {
      const esm = esmNode(child, imported);
      if (esm) kept.push(esm);
      continue;
    }
    kept.push(child);
  }
  parent.children = kept.some((child) => child.type === 'jsx') ? readJsx(kept, PHRASING_PARENTS.has(parent.type), processor) : kept;
}

/** An `import` or `export` node as `mdxjsEsm`, without the imports the page already makes; null when nothing is left. */
function esmNode(node: Node, imported: Set<string>): Node | null {
  const program = parseEsm(node.value ?? '', node);
  const body = program.body.filter((statement) => {
    if (statement.type !== 'ImportDeclaration') return true;
    const keys = (statement as ImportDeclaration).specifiers.map((specifier) => `${String(statement.source.value)}\0${specifier.local.name}`);
    if (keys.length > 0 && keys.every((key) => imported.has(key))) return false;
    for (const key of keys) imported.add(key);
    return true;
  });
  if (body.length === 0) return null;
  const value = body.length === program.body.length ? (node.value ?? '') : body.map((statement) => (node.value ?? '').slice(offset(statement, 'start'), offset(statement, 'end'))).join('\n');
  return { type: 'mdxjsEsm', value, data: { estree: value === node.value ? program : parseEsm(value, node) }, ...(node.position ? { position: node.position } : {}) };
}

const offset = (statement: object, end: 'start' | 'end') => (statement as Record<typeof end, number>)[end];

function parseEsm(value: string, node: Node): Program {
  try {
    return Parser.parse(value, { ecmaVersion: 'latest', sourceType: 'module' }) as unknown as Program;
  } catch (error) {
    throw mdx1Error(`an \`${node.type}\` node a remark plugin added is not valid JavaScript (${(error as Error).message}): ${value}`, node);
  }
}

/**
 * The children of a parent read with their `jsx` nodes as MDX 3 reads JSX: the JSX strings and a
 * placeholder element for each other node, parsed at once, then each placeholder replaced by its
 * node. Inline (in a paragraph, a heading…) the pieces are joined as they stand; in flow content,
 * each on lines of its own.
 */
function readJsx(children: Node[], inline: boolean, processor: Processor): Node[] {
  const source = children.map((child, i) => (child.type === 'jsx' ? jsxAsMdx3(child.value ?? '') : `<${placeholder(i)} />`)).join(inline ? '' : '\n\n');
  let tree: Node;
  try {
    tree = processor.parse(source) as unknown as Node;
  } catch (error) {
    const first = children.find((child) => child.type === 'jsx');
    throw mdx1Error(`the JSX a remark plugin added cannot be read (${(error as VFileMessage).reason ?? (error as Error).message}): ${source.replace(/<sipadocs-mdx1-node-\d+ \/>/g, '…')}`, first);
  }
  let read = tree.children ?? [];
  // Inline, the pieces parse as one paragraph: its content is what the parent holds.
  if (inline && read.length === 1 && read[0]!.type === 'paragraph') read = read[0]!.children ?? [];
  const restore = (nodes: Node[], inElement: boolean): Node[] =>
    nodes.flatMap((node) => {
      const index = node.type.startsWith('mdxJsx') && node.name ? PLACEHOLDER.exec(node.name)?.[1] : undefined;
      if (index !== undefined) return [children[Number(index)]!];
      // A placeholder alone in a paragraph stands for a flow node; and JSX had no paragraphs in
      // MDX 1 (`<summary>More</summary>` then `<p>…</p>` on the next line): the paragraph goes.
      if (node.type === 'paragraph' && (inElement || (node.children?.length === 1 && PLACEHOLDER.test(node.children[0]!.name ?? '')))) return restore(node.children ?? [], inElement);
      delete node.position;
      if (node.children) node.children = restore(node.children, node.type === 'mdxJsxFlowElement');
      return [node];
    });
  return restore(read, false);
}

function mdx1Error(message: string, node: Node | undefined): VFileMessage {
  return new VFileMessage(message, node?.position ? { start: node.position.start, end: node.position.end } : undefined, 'sipadocs:mdx1-node');
}
