import { beforeAll, describe, expect, it } from 'vitest';
import { compileMdx } from '../../../../src/compiler/mdx/compile.js';
import { createCodeHighlighter, type CodeHighlighter } from '../../../../src/compiler/mdx/highlighter.js';
import { SiteError } from '../../../../src/errors.js';

let highlighter: CodeHighlighter;
beforeAll(async () => {
  highlighter = await createCodeHighlighter({ light: 'github-light', dark: 'github-dark' });
}, 60_000);

const compile = (body: string) =>
  compileMdx(body, { file: 'docs/page.mdx', sourceText: body, format: 'mdx', highlighter, tocLevels: { min: 2, max: 3 }, resolveMarkdownLink: () => null });

async function failure(body: string): Promise<SiteError> {
  const error = await compile(body).then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(SiteError);
  return error as SiteError;
}

describe('names MDX expressions read', () => {
  it('may be defined by the expression, the file, props or the globals', async () => {
    const body = [
      "import { useState } from 'react';",
      'export const { owner, repos: [first] } = { owner: "sipa", repos: ["a"] };',
      'export function Box({ children }) { return <div>{children}</div>; }',
      '',
      '# Title',
      '',
      'Owner {owner}, first {first}, {props.title ?? "none"}, {Math.max(1, 2)}, {JSON.stringify({ a: 1 })}.',
      '',
      '{[1, 2].map((n, i) => { const twice = n * 2; return <span key={i}>{twice}</span>; })}',
      '',
      '{(function f(x) { try { return f.name + x; } catch (error) { return String(error); } })(1)}',
      '',
      '{typeof window !== "undefined" && window.innerWidth} {typeof notDefined}',
      '',
      '<Box title={{ label: owner }.label} {...props}>{useState.name}</Box>',
    ].join('\n');
    await expect(compile(body)).resolves.toBeDefined();
  });

  it('are reported at their line and column when nothing defines them', async () => {
    const error = await failure('# Title\n\nSome text {missing} here.\n');
    expect(error.code).toBe('UNDEFINED_NAME');
    expect(error.message).toContain('"missing"');
    expect(error.location).toEqual({ file: 'docs/page.mdx', line: 3, column: 12 });
    expect(error.frame).toContain('> 3 |');
  });

  it('are found in attributes and nested functions too', async () => {
    expect((await failure('<div title={titel} />\n')).location).toMatchObject({ line: 1, column: 13 });
    expect((await failure('text\n\n{[1].map((n) => n + offset)}\n')).message).toContain('"offset"');
    expect((await failure('<div {...rest} />\n')).message).toContain('"rest"');
    // A property name is no variable; its object is.
    expect((await failure('{pros.title}\n')).message).toContain('"pros"');
  });
});
