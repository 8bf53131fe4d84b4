/**
 * The link targets of a compiled page: every element id and every `<a name>` its content renders,
 * read from the final syntax tree (after raw HTML was parsed, headings got their ids and code was
 * highlighted). Text inside code is text here, so `id="x"` in a code sample is never a target.
 *
 * Some content renders markup the compiler cannot see: a component imported by the page (or the
 * theme's Tabs, which give their tabs generated ids), a JSX expression, an id that is computed.
 * For such a page the targets are unknown (null) and are read from the rendered HTML instead.
 */
import type { Root } from 'hast';
import type { Node as EstreeNode, Program } from 'estree';
import type { MdxJsxAttribute, MdxJsxExpressionAttribute } from 'mdast-util-mdx-jsx';
import { SKIP, walk, type TreeNode } from './walk.js';

/** Theme components whose markup holds no id of its own (their children are in the tree). */
const COMPONENTS_WITHOUT_IDS = new Set(['Admonition', 'CodeBlock', 'Details', 'Mermaid', 'TabItem']);

interface AnyNode extends TreeNode {
  tagName?: string;
  name?: string | null;
  properties?: Record<string, unknown>;
  attributes?: Array<MdxJsxAttribute | MdxJsxExpressionAttribute>;
  data?: { estree?: Program | null };
}

/** Every id and `<a name>` of the tree, or null when some of its markup is only known once rendered. */
export function collectAnchors(tree: Root): string[] | null {
  const anchors = new Set<string>();
  let opaque = false;
  walk(tree as TreeNode as AnyNode, (node) => {
    if (opaque) return SKIP;
    switch (node.type) {
      case 'element': {
        const { id, name } = node.properties ?? {};
        if (typeof id === 'string' && id) anchors.add(id);
        if (node.tagName === 'a' && typeof name === 'string' && name) anchors.add(name);
        return;
      }
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement': {
        const tag = node.name ?? null;
        // A fragment (<>…</>) renders its children only.
        if (tag === null) return;
        const isHtml = /^[a-z][\w-]*$/.test(tag);
        if (!isHtml && !COMPONENTS_WITHOUT_IDS.has(tag)) {
          opaque = true;
          return;
        }
        for (const attribute of node.attributes ?? []) {
          // A spread may hold an id, or anything a component renders.
          if (attribute.type === 'mdxJsxExpressionAttribute') {
            opaque = true;
            continue;
          }
          const value = attribute.value;
          if (!isHtml) {
            // A component may render what an attribute holds (a summary, a title), JSX included.
            if (value !== null && typeof value === 'object' && !isStatic(value.data?.estree)) opaque = true;
            continue;
          }
          if (attribute.name !== 'id' && !(tag === 'a' && attribute.name === 'name')) continue;
          const target = typeof value === 'string' ? value : value === null || value === undefined ? null : stringLiteral(value.data?.estree);
          if (target === undefined) opaque = true;
          else if (target) anchors.add(target);
        }
        return;
      }
      case 'mdxFlowExpression':
      case 'mdxTextExpression':
        if (!isStatic(node.data?.estree)) opaque = true;
        return;
      default:
        return;
    }
  });
  return opaque ? null : [...anchors];
}

/** The string an expression is (`id={'x'}`), null for another literal, undefined when only known at run time. */
function stringLiteral(program: Program | null | undefined): string | null | undefined {
  const statement = program?.body.length === 1 ? program.body[0] : undefined;
  if (statement?.type !== 'ExpressionStatement') return undefined;
  const expression = statement.expression;
  if (expression.type === 'Literal') return typeof expression.value === 'string' ? expression.value : null;
  if (expression.type === 'TemplateLiteral' && expression.expressions.length === 0) return expression.quasis[0]!.value.cooked ?? null;
  return undefined;
}

/**
 * Whether an expression can only render text: nothing but literals (`{'{'}`, `{"<"}`, a comment,
 * a template without substitutions, arrays and objects of those).
 */
function isStatic(program: Program | null | undefined): boolean {
  if (!program) return false;
  const literal = (node: EstreeNode | null): boolean => {
    if (!node) return true;
    switch (node.type) {
      case 'Literal':
        return true;
      case 'TemplateLiteral':
        return node.expressions.length === 0;
      case 'ArrayExpression':
        return node.elements.every((element) => element === null || (element.type !== 'SpreadElement' && literal(element)));
      case 'ObjectExpression':
        return node.properties.every((property) => property.type === 'Property' && !property.computed && literal(property.value));
      default:
        return false;
    }
  };
  return program.body.every((statement) => statement.type === 'ExpressionStatement' && literal(statement.expression));
}
