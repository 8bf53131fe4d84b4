import { describe, expect, it } from 'vitest';
import type { Element, ElementContent, Root } from 'hast';
import { elementDepthError, findDeepElement, MAX_ELEMENT_DEPTH, measureElementDepth, tagColumn } from '../../../../src/compiler/mdx/elementDepth.js';

const at = (line: number, column: number) => ({ start: { line, column, offset: 0 }, end: { line, column: column + 1, offset: 1 } });
const element = (tagName: string, children: ElementContent[], line?: number, column = 1): Element => ({
  type: 'element',
  tagName,
  properties: {},
  children,
  ...(line === undefined ? {} : { position: at(line, column) }),
});

/** `depth` <div>s inside each other, one a line from line 1, with a text at the bottom. */
function nestedDivs(depth: number, placed = (_level: number) => true): Root {
  let inner: ElementContent = { type: 'text', value: 'x' };
  for (let level = depth; level >= 1; level--) inner = element('div', [{ type: 'text', value: '\n' }, inner], placed(level) ? level : undefined);
  return { type: 'root', children: [inner], position: at(1, 1) };
}

describe('measureElementDepth', () => {
  it('walks a tree 100,000 elements deep without running out of stack', () => {
    const { deepest, past } = measureElementDepth(nestedDivs(100_000));
    expect(deepest).toBe(100_000);
    expect(past).toEqual({ name: 'div', line: MAX_ELEMENT_DEPTH + 1, column: 1, placed: true, placeName: 'div' });
  });

  it('counts elements and JSX elements, not the root, text or expressions', () => {
    const tree: Root = {
      type: 'root',
      children: [
        element('p', [{ type: 'text', value: 'a' }]),
        {
          type: 'mdxJsxFlowElement',
          name: 'Tabs',
          attributes: [],
          children: [{ type: 'mdxJsxFlowElement', name: 'TabItem', attributes: [], children: [element('ul', [element('li', [element('code', [{ type: 'text', value: 'x' }])])])] }],
        },
        { type: 'mdxFlowExpression', value: '<a><b><c /></b></a>' },
      ],
    } as Root;
    expect(measureElementDepth(tree)).toEqual({ deepest: 5, past: null });
    expect(findDeepElement(tree, 4)).toMatchObject({ deepest: 5, name: 'code' });
  });

  it('gives the first element past the limit in document order, placed at the nearest element around it that has a place', () => {
    const shallow = element('section', [element('div', [], 2)], 1);
    const deep = element('table', [element('tbody', [element('tr', [element('td', [])], 4, 8)])], 4);
    const tree: Root = { type: 'root', children: [shallow, element('div', [deep], 3)] };
    // <tbody> and <td>, as rehype-raw gives them here, have no place of their own.
    expect(findDeepElement(tree, 1)).toEqual({ deepest: 5, name: 'div', line: 2, column: 1, placed: true, placeName: 'div' });
    expect(findDeepElement(tree, 2)).toEqual({ deepest: 5, name: 'tbody', line: 4, column: 1, placed: false, placeName: 'table' });
    expect(findDeepElement(tree, 3)).toEqual({ deepest: 5, name: 'tr', line: 4, column: 8, placed: true, placeName: 'tr' });
    expect(findDeepElement(tree, 4)).toEqual({ deepest: 5, name: 'td', line: 4, column: 8, placed: false, placeName: 'tr' });
    expect(findDeepElement(tree, 5)).toBeNull();
  });

  it('falls back to the element around a partial\'s content, and to the start of the page', () => {
    const partialContent = nestedDivs(300, () => false).children[0] as Element;
    const inPage = element('div', [partialContent], 7);
    expect(findDeepElement({ type: 'root', children: [inPage] })).toEqual({ deepest: 301, name: 'div', line: 7, column: 1, placed: false, placeName: 'div' });
    expect(findDeepElement({ type: 'root', children: [partialContent] })).toEqual({ deepest: 300, name: 'div', line: 1, column: 1, placed: false, placeName: '' });
  });
});

describe('elementDepthError', () => {
  it('is CONTENT_TOO_DEEP at the tag that passes the limit, saying how deep the page nests', () => {
    const source = `# Deep\n\n> ${'<div>\n> '.repeat(300)}x\n`;
    // rehype-raw places the lines of an HTML block after its first at column 1, inside a quote too.
    const error = elementDepthError('docs/deep.md', source, { deepest: 300, name: 'div', line: 253, column: 1, placed: true, placeName: 'div' });
    expect(error).toMatchObject({ code: 'CONTENT_TOO_DEEP', location: { file: 'docs/deep.md', line: 253, column: 3 } });
    expect(error.message).toBe(`elements nest 300 levels deep; level ${MAX_ELEMENT_DEPTH + 1} is this <div>, and at most ${MAX_ELEMENT_DEPTH} levels are allowed`);
    expect(error.frame).toContain('> 253 |');
    const unplaced = elementDepthError('docs/page.mdx', source, { deepest: 300, name: 'tbody', line: 3, column: 1, placed: false, placeName: 'div' });
    expect(unplaced).toMatchObject({ location: { line: 3, column: 3 } });
    expect(unplaced.message).toBe(
      `elements nest 300 levels deep; level ${MAX_ELEMENT_DEPTH + 1} is a <tbody> inside the element here (one with no place in this file: HTML implies it, or a partial or a plugin made it), and at most ${MAX_ELEMENT_DEPTH} levels are allowed`,
    );
  });

  it('finds the tag on its line only past quote markers and indentation', () => {
    expect(tagColumn('  <div>\n', { line: 1, column: 1, name: 'div' })).toBe(3);
    expect(tagColumn('> > <Section>\n', { line: 1, column: 1, name: 'section' })).toBe(5);
    expect(tagColumn('<div><div>\n', { line: 1, column: 6, name: 'div' })).toBe(6);
    // A list item's place is its marker, not a tag further on.
    expect(tagColumn('- a <li>\n', { line: 1, column: 1, name: 'li' })).toBe(1);
    expect(tagColumn('  <divider>\n', { line: 1, column: 1, name: 'div' })).toBe(1);
  });
});
