/**
 * Names an MDX expression uses that nothing defines. `{missing}` or `{pros.title}` compiles, then
 * fails when the page is rendered ("missing is not defined"), far from its line; found here, the
 * compiler reports it at its line and column.
 *
 * Deliberately lenient: a name counts as defined if the expression declares it anywhere (a
 * parameter, a variable, a function), if the page's imports or exports do, if it is a global of
 * the server (Node) or a browser global (code may guard those with `typeof`), or if it is `props`.
 */
import type { Node, Pattern, Program } from 'estree';
import { visit } from 'estree-util-visit';

/** Globals a page's expressions may use without defining them. */
const KNOWN_GLOBALS: ReadonlySet<string> = new Set([
  ...Object.getOwnPropertyNames(globalThis),
  'props',
  'arguments',
  // `require('./img.png').default`, as Docusaurus content writes images; the bundler resolves it.
  'require',
  // Browser globals: not defined while rendering on the server, but a guarded use is fine.
  'window', 'document', 'navigator', 'location', 'history', 'localStorage', 'sessionStorage', 'self', 'screen',
  'alert', 'confirm', 'prompt', 'matchMedia', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback',
  'getComputedStyle', 'IntersectionObserver', 'ResizeObserver', 'MutationObserver', 'HTMLElement', 'Element', 'Node',
  'CustomEvent', 'KeyboardEvent', 'MouseEvent', 'innerWidth', 'innerHeight', 'scrollX', 'scrollY', 'devicePixelRatio',
]);

export interface FreeName {
  name: string;
  /** 1-based line and column in the file, when the parser gave positions. */
  line?: number;
  column?: number;
}

/** Every name a declaration or parameter pattern binds (`{ a, b: [c], ...d } = …` binds a, c, d). */
export function patternNames(pattern: Pattern, into: Set<string> = new Set()): Set<string> {
  switch (pattern.type) {
    case 'Identifier':
      into.add(pattern.name);
      break;
    case 'ObjectPattern':
      for (const property of pattern.properties) patternNames(property.type === 'RestElement' ? property.argument : property.value, into);
      break;
    case 'ArrayPattern':
      for (const element of pattern.elements) if (element) patternNames(element, into);
      break;
    case 'RestElement':
      patternNames(pattern.argument, into);
      break;
    case 'AssignmentPattern':
      patternNames(pattern.left, into);
      break;
    default:
      // A member expression as a pattern (`[a.b] = …`) binds nothing.
      break;
  }
  return into;
}

/** Names bound anywhere inside a program: variables, functions, classes, parameters, catch clauses. */
function declaredNames(program: Program): Set<string> {
  const names = new Set<string>();
  visit(program as never, (node: Node) => {
    switch (node.type) {
      case 'VariableDeclarator':
        patternNames(node.id, names);
        break;
      case 'FunctionDeclaration':
      case 'FunctionExpression':
      case 'ArrowFunctionExpression':
        if ('id' in node && node.id) names.add(node.id.name);
        for (const param of node.params) patternNames(param, names);
        break;
      case 'ClassDeclaration':
      case 'ClassExpression':
        if (node.id) names.add(node.id.name);
        break;
      case 'CatchClause':
        if (node.param) patternNames(node.param, names);
        break;
      case 'ImportDeclaration':
        for (const specifier of node.specifiers) names.add(specifier.local.name);
        break;
    }
  });
  return names;
}

/**
 * Identifiers an expression's program reads that neither it, `defined` (the page's imports and
 * exports) nor KNOWN_GLOBALS provide, in source order.
 */
export function freeNames(program: Program, defined: ReadonlySet<string>): FreeName[] {
  const local = declaredNames(program);
  const free: FreeName[] = [];
  visit(program as never, (node: Node, key, _index, ancestors) => {
    if (node.type !== 'Identifier') return;
    const parent = ancestors[ancestors.length - 1];
    if (!isRead(parent, key)) return;
    if (local.has(node.name) || defined.has(node.name) || KNOWN_GLOBALS.has(node.name)) return;
    free.push({ name: node.name, line: node.loc?.start.line, column: node.loc ? node.loc.start.column + 1 : undefined });
  });
  return free;
}

/** Whether an identifier found under `parent.key` is a variable being read (not a property name, label or `typeof x`). */
function isRead(parent: Node | undefined, key: string | undefined): boolean {
  if (!parent) return true;
  switch (parent.type) {
    case 'MemberExpression':
      return key !== 'property' || parent.computed;
    case 'Property':
    case 'MethodDefinition':
    case 'PropertyDefinition':
      return key !== 'key' || parent.computed;
    case 'LabeledStatement':
    case 'BreakStatement':
    case 'ContinueStatement':
    case 'MetaProperty':
    case 'ImportSpecifier':
    case 'ImportDefaultSpecifier':
    case 'ImportNamespaceSpecifier':
    case 'ExportSpecifier':
      return false;
    case 'UnaryExpression':
      // `typeof x` never throws for an undefined x.
      return parent.operator !== 'typeof';
    default:
      return true;
  }
}
