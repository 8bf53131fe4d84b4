import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileMdx } from '../../../src/compiler/mdx/compile.js';
import { createCodeHighlighter } from '../../../src/compiler/mdx/highlighter.js';
import { SiteError } from '../../../src/errors.js';
import { THEME_COMPONENT_NAMES } from '../../../src/shared/themeComponents.js';
import { mdxComponents } from '../../../templates/mdxComponents.js';

describe('the theme components usable without an import', () => {
  it('are each a file of templates/components and an entry of the map every MDX page gets', () => {
    for (const name of THEME_COMPONENT_NAMES) {
      expect(existsSync(path.join('templates/components', `${name}.tsx`)), name).toBe(true);
      expect(typeof (mdxComponents as Record<string, unknown>)[name], name).toBe('function');
    }
    const capitalised = Object.keys(mdxComponents).filter((key) => /^[A-Z]/.test(key));
    expect(capitalised.sort()).toEqual([...THEME_COMPONENT_NAMES].sort());
  });

  it('are what the compiler accepts without an import, and the names its error offers', async () => {
    const highlighter = await createCodeHighlighter({ light: 'github-light', dark: 'github-dark' });
    const compile = (body: string) =>
      compileMdx(body, { file: 'docs/page.mdx', sourceText: body, format: 'mdx', highlighter, tocLevels: { min: 2, max: 3 }, resolveMarkdownLink: () => null });
    for (const name of THEME_COMPONENT_NAMES) await expect(compile(`<${name} />\n`), name).resolves.toBeDefined();
    const error = (await compile('<Heading />\n').catch((e: unknown) => e)) as SiteError;
    expect(error.code).toBe('UNKNOWN_COMPONENT');
    for (const name of THEME_COMPONENT_NAMES) expect(error.hint).toContain(name);
  }, 60_000);
});
