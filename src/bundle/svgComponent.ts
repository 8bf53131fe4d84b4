import { parseDocument } from 'htmlparser2';
import type { Element } from 'domhandler';

/**
 * The source of an ES module whose default export (and `ReactComponent`) is a React component
 * drawing an SVG file inline, as Docusaurus's SVGR loader makes one: the root `<svg>`'s
 * attributes become the element's props (in React's names: `class` → `className`,
 * `stroke-width` → `strokeWidth`, `xlink:href` → `xlinkHref`, a style string → an object), the
 * props a page passes override them (`<Logo width={40} className="logo" />`), and `title`
 * adds a `<title>` first, as SVGR's title prop does. The drawing itself is the file's markup.
 *
 * @throws Error naming what is wrong when the file holds no `<svg>` element
 */
export function svgComponentModule(svgText: string): string {
  const document = parseDocument(svgText, { xmlMode: true, withStartIndices: true, withEndIndices: true });
  const root = document.children.find((node): node is Element => node.type === 'tag' && (node as Element).name === 'svg');
  if (!root) throw new Error('it holds no <svg> element');
  const first = root.children[0];
  const last = root.children[root.children.length - 1];
  const inner = first && last && first.startIndex !== null && last.endIndex !== null ? svgText.slice(first.startIndex, last.endIndex + 1) : '';
  const props: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(root.attribs)) props[reactName(name)] = name === 'style' ? styleObject(value) : value;
  return [
    "import { jsx } from 'react/jsx-runtime';",
    `const props = ${JSON.stringify(props)};`,
    `const inner = ${JSON.stringify(inner)};`,
    "const escape = (text) => String(text).replace(/[&<>\"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '\"': '&quot;' })[c]);",
    'function SvgComponent({ title, titleId, children, ...given }) {',
    "  const titled = title == null ? inner : '<title' + (titleId ? ' id=\"' + escape(titleId) + '\"' : '') + '>' + escape(title) + '</title>' + inner;",
    "  return jsx('svg', { ...props, ...(titleId ? { 'aria-labelledby': titleId } : {}), ...given, dangerouslySetInnerHTML: { __html: titled } });",
    '}',
    'export default SvgComponent;',
    'export { SvgComponent as ReactComponent };',
    '',
  ].join('\n');
}

/** An SVG attribute's name as React's props name it. */
function reactName(name: string): string {
  if (name === 'class') return 'className';
  if (name === 'for') return 'htmlFor';
  if (name.startsWith('data-') || name.startsWith('aria-')) return name;
  return name.replace(/[-:]([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/** "fill: red; stroke-width: 2" → { fill: 'red', strokeWidth: '2' } (custom properties kept as written). */
function styleObject(style: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim();
    const value = declaration.slice(colon + 1).trim();
    if (!property || !value) continue;
    result[property.startsWith('--') ? property : property.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())] = value;
  }
  return result;
}
