/**
 * Partials: `.md`/`.mdx` files a page imports and renders as elements (`import Note from
 * './_note.mdx'` … `<Note kind="beta" />`), as Docusaurus renders them. The partial's content is
 * put into the page's tree where each element stands, so its headings are in the page's table of
 * contents, its anchors and its markdown view, and one module holds the page.
 *
 * What Docusaurus gets from compiling a partial as a component of its own is kept:
 * - its headings get ids from a slugger of their own (the same in every place it is used), and its
 *   `# heading` is not the page's title;
 * - `props` in its expressions are the element's attributes, `{props.children}` its children;
 * - its relative links, images and imports are relative to its own folder;
 * - it is read with its own format (`markdown.format`, by its extension under 'detect'), its
 *   front matter left out; partials may import partials.
 * Every file read is recorded, so the page is compiled again when one changes.
 */
import GithubSlugger from 'github-slugger';
import type { Expression, Identifier, ImportDeclaration, Node as EstreeNode, ObjectExpression, Program, Property, SpreadElement } from 'estree';
import { visit as visitEstree } from 'estree-util-visit';
import type { Heading, Root as MdastRoot, RootContent as MdastContent } from 'mdast';
import type { MdxJsxAttribute, MdxJsxExpressionAttribute, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import type { MdxjsEsm } from 'mdast-util-mdxjs-esm';
import { toString as mdastToString } from 'mdast-util-to-string';
import path from 'node:path';
import { SiteError } from '../../errors.js';
import { isExternalUrl } from '../../shared/paths.js';
import { walk, type TreeNode, type WalkResult } from './walk.js';

/** A partial's file, read. */
export interface PartialFile {
  /** Site-relative path, "/"-separated. */
  relPath: string;
  absPath: string;
  /** The file's text with its front matter blanked (lines kept). */
  body: string;
  format: 'md' | 'mdx';
}

/** A partial parsed: its tree (positions of its own file) and its explicit heading ids by line. */
export interface ParsedPartial {
  tree: MdastRoot;
  customIds: Map<number, string>;
}

export interface PartialOptions {
  /** Site-relative path of the page being compiled. */
  file: string;
  /** The file an import names from the file at `fromRelPath`; null when no such file is in the site. */
  resolve(specifier: string, fromRelPath: string): PartialFile | null;
  /** Parses a partial (throws a SiteError located in it when it is not valid). */
  parse(partial: PartialFile): Promise<ParsedPartial>;
  /** Every partial file used, by absolute path (filled in). */
  used: Set<string>;
}

/** Marks a heading that comes from a partial: `rehypeHeadings` keeps its id and leaves it out of the page's title. */
export const PARTIAL_HEADING = 'dataSipaPartial';

/** A specifier naming a markdown file. */
const isPartialSpecifier = (source: string) => /\.mdx?$/.test(source.replace(/[?#].*$/, ''));

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;
const isJsx = (node: { type: string }): node is JsxElement => node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement';
const programOf = (node: { data?: unknown }) => (node.data as { estree?: Program | null } | undefined)?.estree ?? undefined;

/** Inlines the partials a page imports (see the top of this file); a remark plugin. */
export function remarkPartials(options: PartialOptions) {
  const parsed = new Map<string, Promise<ParsedPartial>>();
  /** Partials whose imports went to the page already: a partial used twice imports once. */
  const imported = new Set<string>();
  const load = (partial: PartialFile) => {
    let entry = parsed.get(partial.absPath);
    if (!entry) {
      entry = options.parse(partial).then((result) => ({ ...result, tree: withHeadingIds(result.tree, result.customIds) }));
      parsed.set(partial.absPath, entry);
    }
    return entry;
  };

  /**
   * Replaces the elements of `tree` that name partials it imports by their content; gives the
   * imports that must move to the page (those of inlined partials, made relative to `pageRelPath`).
   */
  const inline = async (tree: MdastRoot, fromRelPath: string, pageRelPath: string, chain: string[]): Promise<MdxjsEsm[]> => {
    const partials = takePartialImports(tree, fromRelPath, options, chain);
    if (partials.size === 0) return [];
    const hoisted: MdxjsEsm[] = [];
    const uses: Array<{ element: JsxElement; index: number; parent: TreeNode }> = [];
    walk(tree as TreeNode, (node, index, parent) => {
      if (isJsx(node) && node.name && partials.has(node.name)) uses.push({ element: node, index, parent });
    });
    // From the last use, so earlier indexes stay valid.
    for (const { element, index, parent } of uses.reverse()) {
      const partial = partials.get(element.name!)!;
      const { tree: source } = await load(partial);
      const content = structuredClone(source);
      // Its own links first: the partials it imports bring theirs relocated already.
      relocateUrls(content, partial.relPath, pageRelPath);
      hoisted.push(...(await inline(content, partial.relPath, pageRelPath, [...chain, partial.relPath])));
      const esm = takeEsm(content);
      if (!imported.has(partial.absPath)) for (const node of esm) hoisted.push(relocateEsm(node, partial.relPath, pageRelPath));
      imported.add(partial.absPath);
      // Its positions are lines of another file than the page's.
      stripPositions(content as unknown as Record<string, unknown>);
      let nodes = withProps(content.children, element);
      // Used inside a paragraph, a partial of one paragraph gives its text.
      if (element.type === 'mdxJsxTextElement' && nodes.length === 1 && nodes[0]!.type === 'paragraph') nodes = nodes[0]!.children;
      parent.children!.splice(index, 1, ...(nodes as TreeNode[]));
    }
    checkNoOtherUse(tree, partials, fromRelPath);
    return hoisted;
  };

  return async (tree: MdastRoot) => {
    const hoisted = await inline(tree, options.file, options.file, [options.file]);
    if (hoisted.length > 0) addImports(tree, hoisted, options.file);
  };
}

/**
 * Takes the imports of partials out of the tree's ESM; gives the partial each local name stands
 * for. A partial that is no file of the site is an error at its import.
 */
function takePartialImports(tree: MdastRoot, fromRelPath: string, options: PartialOptions, chain: string[]): Map<string, PartialFile> {
  const partials = new Map<string, PartialFile>();
  for (const node of [...tree.children]) {
    if (node.type !== 'mdxjsEsm') continue;
    const program = programOf(node);
    if (!program) continue;
    const kept = program.body.filter((statement) => {
      if (statement.type !== 'ImportDeclaration' || !isPartialSpecifier(String(statement.source.value))) return true;
      const specifier = String(statement.source.value);
      const partial = options.resolve(specifier, fromRelPath);
      const where = { file: fromRelPath, line: node.position?.start.line, column: node.position?.start.column };
      if (!partial) {
        throw new SiteError({
          code: 'PARTIAL_NOT_FOUND',
          message: `"${specifier}" names no markdown file of the site`,
          location: where,
          hint: 'A partial is imported with a path relative to the importing file ("./_note.mdx") or to the site ("@site/docs/_note.mdx"), and must lie inside the site folder.',
        });
      }
      if (chain.includes(partial.relPath)) {
        throw new SiteError({
          code: 'PARTIAL_UNSUPPORTED',
          message: `"${specifier}" imports itself through ${[...chain, partial.relPath].join(' → ')}`,
          location: where,
          hint: 'A partial cannot contain itself: remove one of the imports of the cycle.',
        });
      }
      options.used.add(partial.absPath);
      for (const spec of statement.specifiers) {
        if (spec.type === 'ImportDefaultSpecifier' || (spec.type === 'ImportSpecifier' && importedName(spec.imported) === 'default')) partials.set(spec.local.name, partial);
      }
      return false;
    });
    if (kept.length === program.body.length) continue;
    if (kept.length === 0) tree.children.splice(tree.children.indexOf(node), 1);
    else program.body = kept;
  }
  return partials;
}

const importedName = (name: { type: string; name?: string; value?: unknown }) => (name.type === 'Identifier' ? name.name : String(name.value));

/** Takes the ESM nodes out of a partial's top level. */
function takeEsm(tree: MdastRoot): MdxjsEsm[] {
  const esm = tree.children.filter((node): node is MdxjsEsm => node.type === 'mdxjsEsm');
  tree.children = tree.children.filter((node) => node.type !== 'mdxjsEsm');
  return esm;
}

/** A relative specifier or URL of a file in `fromRelPath`'s folder, made relative to `toRelPath`'s folder. */
function relocate(target: string, fromRelPath: string, toRelPath: string): string {
  const fromDir = path.posix.dirname(fromRelPath);
  const toDir = path.posix.dirname(toRelPath);
  if (fromDir === toDir) return target;
  const [, bare = '', rest = ''] = /^([^?#]*)(.*)$/.exec(target)!;
  const moved = path.posix.relative(toDir, path.posix.join(fromDir, bare));
  return `${moved.startsWith('.') ? moved : `./${moved}`}${rest}`;
}

const isRelative = (target: string) => target !== '' && !isExternalUrl(target) && !target.startsWith('/') && !target.startsWith('#') && !target.startsWith('@');

/**
 * A partial's imports of relative modules, made relative to the page. (The compiler reads an ESM
 * node's syntax tree, not its text, so only the tree changes.)
 */
function relocateEsm(node: MdxjsEsm, fromRelPath: string, pageRelPath: string): MdxjsEsm {
  for (const statement of programOf(node)?.body ?? []) {
    if ((statement.type !== 'ImportDeclaration' && statement.type !== 'ExportNamedDeclaration' && statement.type !== 'ExportAllDeclaration') || !statement.source) continue;
    const source = String(statement.source.value);
    if (!isRelative(source)) continue;
    const moved = relocate(source, fromRelPath, pageRelPath);
    statement.source.value = moved;
    statement.source.raw = JSON.stringify(moved);
  }
  return node;
}

/** Relative links, images and definitions of a partial, and `src`/`href` of its elements, made relative to the page. */
function relocateUrls(tree: MdastRoot, fromRelPath: string, pageRelPath: string): void {
  if (path.posix.dirname(fromRelPath) === path.posix.dirname(pageRelPath)) return;
  walk(tree as TreeNode, (node) => {
    const n = node as MdastContent;
    if ((n.type === 'link' || n.type === 'image' || n.type === 'definition') && isRelative(n.url)) n.url = relocate(n.url, fromRelPath, pageRelPath);
    if (isJsx(n)) {
      for (const attribute of n.attributes) {
        if (attribute.type === 'mdxJsxAttribute' && (attribute.name === 'src' || attribute.name === 'href') && typeof attribute.value === 'string' && isRelative(attribute.value)) {
          attribute.value = relocate(attribute.value, fromRelPath, pageRelPath);
        }
      }
    }
  });
}

/**
 * A partial's headings get their ids as they would compiled on their own: explicit ones, then
 * GitHub slugs from a slugger of the partial's; and they lose their positions, which are lines of
 * another file than the page's.
 */
function withHeadingIds(tree: MdastRoot, customIds: Map<number, string>): MdastRoot {
  const slugger = new GithubSlugger();
  for (const id of customIds.values()) slugger.slug(id);
  walk(tree as TreeNode, (node) => {
    if (node.type !== 'heading') return;
    const heading = node as Heading;
    const line = heading.position?.start.line;
    const custom = line === undefined ? undefined : customIds.get(line);
    const id = custom ?? slugger.slug(mdastToString(heading, { includeHtml: false }).trim());
    const data = (heading.data ??= {}) as { hProperties?: Record<string, unknown> };
    data.hProperties = { ...data.hProperties, id, [PARTIAL_HEADING]: '' };
  });
  return tree;
}

function stripPositions(node: Record<string, unknown>): void {
  delete node.position;
  for (const child of (node.children as Array<Record<string, unknown>> | undefined) ?? []) stripPositions(child);
}

/**
 * The partial's content for one element: `{props.children}` becomes the element's children and
 * every other `props` its attributes, as an object.
 */
function withProps(nodes: MdastContent[], element: JsxElement): MdastContent[] {
  const props = propsObject(element);
  const root = { type: 'root', children: nodes } as TreeNode;
  walk(root, (node, index, parent): WalkResult => {
    const n = node as MdastContent;
    if ((n.type === 'mdxFlowExpression' || n.type === 'mdxTextExpression') && readsChildren(programOf(n))) {
      parent.children!.splice(index, 1, ...(structuredClone(element.children) as TreeNode[]));
      return index + element.children.length;
    }
    for (const program of programsOf(n)) replaceProps(program, props);
    return undefined;
  });
  return root.children as MdastContent[];
}

/** The estree programs a node holds: an expression's, and those of an element's attributes. */
function programsOf(node: MdastContent): Program[] {
  const programs: Program[] = [];
  const own = programOf(node as { data?: unknown });
  if (own && node.type !== 'mdxjsEsm') programs.push(own);
  if (isJsx(node)) {
    for (const attribute of node.attributes) {
      const program = attribute.type === 'mdxJsxExpressionAttribute' ? programOf(attribute) : typeof attribute.value === 'object' && attribute.value ? programOf(attribute.value) : undefined;
      if (program) programs.push(program);
    }
  }
  return programs;
}

/** `{props.children}` exactly. */
function readsChildren(program: Program | undefined): boolean {
  const statement = program?.body.length === 1 ? program.body[0] : undefined;
  const expression = statement?.type === 'ExpressionStatement' ? statement.expression : undefined;
  return (
    expression?.type === 'MemberExpression' &&
    !expression.computed &&
    expression.object.type === 'Identifier' &&
    expression.object.name === 'props' &&
    expression.property.type === 'Identifier' &&
    expression.property.name === 'children'
  );
}

/** The element's attributes as an object expression: `a="x"` → a: "x", `b` → b: true, `c={v}` → c: v, `{...o}` → ...o. */
function propsObject(element: JsxElement): ObjectExpression {
  const properties: Array<Property | SpreadElement> = [];
  for (const attribute of element.attributes as Array<MdxJsxAttribute | MdxJsxExpressionAttribute>) {
    if (attribute.type === 'mdxJsxExpressionAttribute') {
      const statement = programOf(attribute)?.body[0];
      const object = statement?.type === 'ExpressionStatement' && statement.expression.type === 'ObjectExpression' ? statement.expression : null;
      if (object) properties.push(...(structuredClone(object.properties) as Array<Property | SpreadElement>));
      continue;
    }
    let value: Expression;
    if (attribute.value === null || attribute.value === undefined) value = { type: 'Literal', value: true };
    else if (typeof attribute.value === 'string') value = { type: 'Literal', value: attribute.value };
    else {
      const statement = programOf(attribute.value)?.body[0];
      value = statement?.type === 'ExpressionStatement' ? (structuredClone(statement.expression) as Expression) : { type: 'Identifier', name: 'undefined' };
    }
    properties.push({ type: 'Property', key: { type: 'Literal', value: attribute.name }, value, kind: 'init', method: false, shorthand: false, computed: false });
  }
  return { type: 'ObjectExpression', properties };
}

/**
 * Replaces every read of `props` in the program: `props.name` by the attribute's value (so a
 * literal stays a literal, which the markdown view and the table of contents can show), any other
 * use by (a copy of) the object.
 */
function replaceProps(program: Program, props: ObjectExpression): void {
  const values = new Map<string, Expression>();
  for (const property of props.properties) {
    if (property.type === 'Property' && property.key.type === 'Literal') values.set(String(property.key.value), property.value as Expression);
  }
  const spread = props.properties.some((property) => property.type === 'SpreadElement');
  visitEstree(program as never, (node: EstreeNode, key, index, ancestors) => {
    if (node.type !== 'Identifier' || (node as Identifier).name !== 'props') return;
    let parent = ancestors[ancestors.length - 1] as unknown as Record<string, unknown> | undefined;
    if (!parent || key === undefined) return;
    if ((parent.type === 'MemberExpression' && key === 'property' && !parent.computed) || (parent.type === 'Property' && key === 'key' && !parent.computed)) return;
    let slot: { key: string; index: number | undefined } = { key, index };
    let replacement: EstreeNode = structuredClone(props);
    const member = parent as unknown as { type: string; computed: boolean; property: EstreeNode };
    const name = member.type === 'MemberExpression' && key === 'object' && !member.computed && member.property.type === 'Identifier' ? (member.property as Identifier).name : undefined;
    if (name !== undefined && !spread && ancestors.length >= 2) {
      // `props.name` as a whole becomes the value.
      const grand = ancestors[ancestors.length - 2] as unknown as Record<string, unknown>;
      const at = Object.entries(grand).find(([, value]) => value === parent || (Array.isArray(value) && value.includes(parent)));
      if (at) {
        slot = { key: at[0], index: Array.isArray(at[1]) ? at[1].indexOf(parent) : undefined };
        replacement = structuredClone(values.get(name) ?? ({ type: 'Identifier', name: 'undefined' } as Identifier));
        parent = grand;
      }
    }
    if (slot.index === undefined) parent[slot.key] = replacement;
    else (parent[slot.key] as unknown[])[slot.index] = replacement;
  });
}

/** A partial named in an expression (`{show && <Note />}`) cannot be inlined: an error rather than a page without it. */
function checkNoOtherUse(tree: MdastRoot, partials: Map<string, PartialFile>, fromRelPath: string): void {
  walk(tree as TreeNode, (node) => {
    for (const program of programsOf(node as MdastContent)) {
      visitEstree(program as never, (child: EstreeNode) => {
        const name = child.type === 'Identifier' ? (child as Identifier).name : (child as { type: string; name?: string }).type === 'JSXIdentifier' ? (child as { name: string }).name : undefined;
        if (name && partials.has(name)) {
          throw new SiteError({
            code: 'PARTIAL_UNSUPPORTED',
            message: `the partial ${name} is used inside an expression`,
            location: { file: fromRelPath, line: (node as MdastContent).position?.start.line, column: (node as MdastContent).position?.start.column },
            hint: `Write the partial as an element of its own (<${name} />), which sipadocs puts into the page; inside {…} it cannot.`,
          });
        }
      });
    }
  });
}

/**
 * Puts the imports partials need at the top of the page, each once; one name imported from two
 * modules is an error, as it would be in one module.
 */
function addImports(tree: MdastRoot, hoisted: MdxjsEsm[], file: string): void {
  /** What each local name of the page's imports stands for: "module#imported name". */
  const bound = new Map<string, string>();
  const what = (statement: ImportDeclaration, spec: ImportDeclaration['specifiers'][number]) =>
    `${String(statement.source.value)}#${spec.type === 'ImportSpecifier' ? importedName(spec.imported) : spec.type}`;
  for (const node of tree.children) {
    if (node.type !== 'mdxjsEsm') continue;
    for (const statement of programOf(node)?.body ?? []) {
      if (statement.type === 'ImportDeclaration') for (const spec of statement.specifiers) bound.set(spec.local.name, what(statement, spec));
    }
  }
  const added: MdxjsEsm[] = [];
  for (const node of hoisted) {
    const program = programOf(node);
    if (!program) continue;
    program.body = program.body.filter((statement) => {
      if (statement.type !== 'ImportDeclaration') return true;
      const fresh = statement.specifiers.filter((spec) => {
        const earlier = bound.get(spec.local.name);
        if (earlier === undefined) return true;
        if (earlier === what(statement, spec)) return false;
        throw new SiteError({
          code: 'PARTIAL_UNSUPPORTED',
          message: `"${spec.local.name}" is imported from ${earlier.split('#')[0]} and, by a partial, from ${String(statement.source.value)}`,
          location: { file },
          hint: "A partial's imports join the page's: give one of them another local name.",
        });
      });
      // An import the page has already (the same name from the same module) is not made twice.
      if (fresh.length === 0 && statement.specifiers.length > 0) return false;
      statement.specifiers = fresh;
      for (const spec of fresh) bound.set(spec.local.name, what(statement, spec));
      return true;
    });
    if (program.body.length > 0) added.push(node);
  }
  tree.children.unshift(...added);
}
