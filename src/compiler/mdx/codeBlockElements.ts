/**
 * `<CodeBlock language="js" title="a.js" showLineNumbers>{`…`}</CodeBlock>`, written in a page or
 * made by a remark plugin, is the theme's code block with its code as a string. Docusaurus
 * highlights it and reads its magic comments in the browser; here it becomes the code node a
 * fence would have made, so it is highlighted at build time and its magic comments are applied
 * (see magicComments.ts) like any fence's. Only the theme's CodeBlock (not imported, or imported
 * from `@theme/CodeBlock`) with code the build can read (a string or a template without
 * placeholders) and attributes that are plain values is taken; any other is left to the component.
 */
import type { Expression, Program } from 'estree';
import type { Code, Root } from 'mdast';
import type { MdxJsxAttribute, MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import { walk, type TreeNode } from './walk.js';

/** The props of Docusaurus's CodeBlock that a fence's info string can say. */
const META_PROPS = new Set(['language', 'title', 'showLineNumbers', 'metastring', 'className']);

export function remarkCodeBlockElements() {
  return (tree: Root) => {
    if (!usesThemeCodeBlock(tree)) return;
    walk(tree as unknown as TreeNode, (node, index, parent) => {
      if (node.type !== 'mdxJsxFlowElement' || (node as unknown as MdxJsxFlowElement).name !== 'CodeBlock') return;
      const code = asCode(node as unknown as MdxJsxFlowElement);
      if (!code) return;
      parent.children![index] = code as unknown as TreeNode;
    });
  };
}

/** Whether `CodeBlock` in the page is the theme's: imported from `@theme/CodeBlock`, or not defined by the page. */
function usesThemeCodeBlock(tree: Root): boolean {
  for (const node of tree.children) {
    if (node.type !== 'mdxjsEsm') continue;
    const program = (node.data as { estree?: Program } | undefined)?.estree;
    for (const statement of program?.body ?? []) {
      if (statement.type !== 'ImportDeclaration') continue;
      for (const specifier of statement.specifiers) {
        if (specifier.local.name !== 'CodeBlock') continue;
        return statement.source.value === '@theme/CodeBlock' && specifier.type === 'ImportDefaultSpecifier';
      }
    }
  }
  return true;
}

/** The element as a code node, or null when its code or an attribute is only known when the page runs. */
function asCode(element: MdxJsxFlowElement): Code | null {
  const props: Record<string, string | true> = {};
  for (const attribute of element.attributes) {
    if (attribute.type !== 'mdxJsxAttribute' || !META_PROPS.has(attribute.name)) return null;
    const value = attributeValue(attribute);
    if (value === null) return null;
    props[attribute.name] = value;
  }
  const value = codeOf(element.children as unknown as TreeNode[]);
  if (value === null) return null;
  const language = typeof props.language === 'string' ? props.language : typeof props.className === 'string' ? (/\blanguage-(\S+)/.exec(props.className)?.[1] ?? null) : null;
  const meta = [
    typeof props.title === 'string' ? `title=${JSON.stringify(props.title)}` : null,
    props.showLineNumbers === true ? 'showLineNumbers' : typeof props.showLineNumbers === 'string' ? `showLineNumbers=${props.showLineNumbers}` : null,
    typeof props.metastring === 'string' ? props.metastring : null,
  ].filter((part): part is string => part !== null);
  // Placed at the element's line and column for messages, without offsets into the text: the
  // markdown view (markdownView.ts) then prints it as fenced code rather than copy the element.
  const at = element.position;
  const position = at ? { start: { line: at.start.line, column: at.start.column }, end: { line: at.end.line, column: at.end.column } } : undefined;
  return { type: 'code', lang: language, meta: meta.length > 0 ? meta.join(' ') : null, value: value.replace(/\n$/, ''), ...(position ? { position } : {}) };
}

/** An attribute's value when it is plain: a string, no value (true), or an expression that is a literal. */
function attributeValue(attribute: MdxJsxAttribute): string | true | null {
  const { value } = attribute;
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value;
  const literal = literalOf((value.data as { estree?: Program } | undefined)?.estree);
  if (literal === true || typeof literal === 'string') return literal;
  if (typeof literal === 'number') return String(literal);
  return null;
}

/** The code an element's children hold: one string expression (or text), blank lines around it aside. */
function codeOf(children: TreeNode[]): string | null {
  const meaningful = children.filter((child) => !(child.type === 'text' && !String((child as { value?: unknown }).value).trim()));
  if (meaningful.length !== 1) return null;
  const [child] = meaningful as [TreeNode & { value?: unknown; data?: { estree?: Program } }];
  if (child.type === 'text') return String(child.value);
  if (child.type === 'mdxFlowExpression' || child.type === 'mdxTextExpression') {
    const literal = literalOf(child.data?.estree);
    return typeof literal === 'string' ? literal : null;
  }
  if (child.type === 'paragraph') return codeOf((child as { children?: TreeNode[] }).children ?? []);
  return null;
}

/** The value of a program that is one literal expression (a string, a number, true, or a template without placeholders); undefined otherwise. */
function literalOf(program: Program | undefined): string | number | true | undefined {
  const statement = program?.body.length === 1 ? program.body[0] : undefined;
  if (statement?.type !== 'ExpressionStatement') return undefined;
  const expression: Expression = statement.expression;
  if (expression.type === 'Literal') {
    if (typeof expression.value === 'string' || typeof expression.value === 'number') return expression.value;
    return expression.value === true ? true : undefined;
  }
  if (expression.type === 'TemplateLiteral' && expression.expressions.length === 0) return expression.quasis[0]?.value.cooked ?? undefined;
  return undefined;
}
