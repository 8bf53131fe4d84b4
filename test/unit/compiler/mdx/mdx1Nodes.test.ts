/**
 * Remark plugins written for MDX 1 (Docusaurus 2) put MDX 1's node types into the tree: `import`,
 * `export`, `jsx` and `comment`. The compiler reads them into MDX 3's after each plugin (see
 * mdx1Nodes.ts). @docusaurus/remark-plugin-npm2yarn 2.0.1 is the real case (installed as
 * docusaurus2-remark-plugin-npm2yarn); the other plugins here make each node type as MDX 1's did.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import npm2yarn2 from 'docusaurus2-remark-plugin-npm2yarn';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadedPlugins } from '../../../../src/compiler/compile/loadPlugins.js';
import type { CompiledPage, CompileOptions } from '../../../../src/compiler/mdx/compile.js';
import { tempDir } from '../../../helpers.js';
import { compileHarness } from './compileHarness.js';

const harness = compileHarness();
let stubs: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  await harness.start();
  stubs = await tempDir();
  // The theme's Tabs and TabItem as plain markup, so a rendered page shows what the compiler passed them.
  writeFileSync(path.join(stubs.dir, 'Tabs.mjs'), "import { createElement } from 'react';\nexport default ({ groupId, children }) => createElement('div', { 'data-tabs': groupId ?? '' }, children);\n");
  writeFileSync(path.join(stubs.dir, 'TabItem.mjs'), "import { createElement } from 'react';\nexport default ({ value, label, children }) => createElement('section', { 'data-value': value, 'data-label': label }, children);\n");
}, 60_000);
afterAll(async () => {
  await harness.stop();
  await stubs?.cleanup();
});

type Tree = { type: string; children?: Tree[]; value?: string; lang?: string };
const withRemark = (...remark: LoadedPlugins['remark']): Partial<CompileOptions> => ({ plugins: { beforeRemark: [], remark, beforeRehype: [], rehype: [] } });
const mdx1: Partial<CompileOptions> = { file: 'docs/page.md', mdx1Compat: { comments: true, admonitions: true, headingIds: true, syntax: true } };

/** Renders a page whose module imports @theme/Tabs and @theme/TabItem, with the stand-ins above. */
function render(page: CompiledPage): Promise<string> {
  const code = page.code.replaceAll("'@theme/Tabs'", JSON.stringify(path.join(stubs.dir, 'Tabs.mjs'))).replaceAll("'@theme/TabItem'", JSON.stringify(path.join(stubs.dir, 'TabItem.mjs')));
  return harness.render({ ...page, code });
}

/** A plugin that adds nodes of MDX 1's types, as plugins written for MDX 1 did. */
const mdx1Plugin = (make: (tree: Tree) => void) => () => (tree: Tree) => make(tree);

describe('nodes of MDX 1 that remark plugins add', () => {
  it("@docusaurus/remark-plugin-npm2yarn 2.0.1: its tabs (opened in one jsx node, closed in another) hold the code between, and its import is made once", async () => {
    const body = "import Tabs from '@theme/Tabs';\n\n# Install\n\n```bash npm2yarn\nnpm install --save-dev @testing-library/react\n```\n\n- Or:\n\n  ```bash npm2yarn\n  npm install x\n  ```\n";
    for (const options of [{}, mdx1]) {
      const page = await harness.compile(body, { ...options, sourceText: body, ...withRemark([npm2yarn2, { sync: true }]) });
      expect(page.code.match(/^import Tabs from/gm)).toHaveLength(1);
      const html = await render(page);
      expect(html).toContain('<div data-tabs="npm2yarn"><section data-value="npm"><figure data-language="bash">');
      expect(html).toContain('<section data-value="yarn" data-label="Yarn"><figure data-language="bash">');
      expect(html.replace(/<[^>]+>/g, '')).toContain('yarn add --dev @testing-library/react');
      // The list item's tabs are in the list item.
      expect(html).toMatch(/<li>\n<p>Or:<\/p>\n<div data-tabs="npm2yarn">[\s\S]*<\/div>\n<\/li>/);
      expect(html.replace(/<[^>]+>/g, '')).toContain('yarn add x');
    }
  });

  it('reads import and export nodes as ESM, and leaves out an import the page already makes', async () => {
    const plugin = mdx1Plugin((tree) => {
      tree.children!.unshift({ type: 'import', value: "import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';" }, { type: 'export', value: 'export const answer = 42;' });
      tree.children!.push({ type: 'paragraph', children: [{ type: 'text', value: 'The answer is ' }, { type: 'jsx', value: '<b>{answer}</b>' }, { type: 'text', value: '.' }] });
    });
    const body = "import Tabs from '@theme/Tabs';\n\nText.\n";
    const page = await harness.compile(body, { sourceText: body, ...withRemark(plugin) });
    expect(page.code.match(/^import Tabs from/gm)).toHaveLength(1);
    expect(page.code).toMatch(/^import TabItem from '@theme\/TabItem';/m);
    expect(await render(page)).toBe('<p>Text.</p>\n<p>The answer is <b>42</b>.</p>');
  });

  it('reads inline jsx nodes where they stand in a paragraph, a tag opened in one node holding the text up to its closing tag', async () => {
    const plugin = mdx1Plugin((tree) => {
      const paragraph = tree.children![0]!;
      paragraph.children = [{ type: 'text', value: 'Press ' }, { type: 'jsx', value: '<kbd title="key">' }, { type: 'text', value: 'Ctrl' }, { type: 'jsx', value: '</kbd>' }, ...paragraph.children!];
    });
    const page = await harness.compile(' now.\n', { ...withRemark(plugin) });
    expect(await render(page)).toBe('<p>Press <kbd title="key">Ctrl</kbd>now.</p>');
  });

  it('reads flow jsx nodes as elements, written on lines of their own and indented as JSX blocks were, and drops comment nodes', async () => {
    const plugin = mdx1Plugin((tree) => {
      tree.children!.push(
        { type: 'jsx', value: '<details>\n    <summary className="s">More</summary>\n    <p>{1 + 1} hidden</p>\n</details>' },
        { type: 'comment', value: ' a note for authors ' },
        { type: 'jsx', value: '<div className="box">' },
        { type: 'code', lang: 'js', value: '// highlight-next-line\nconst a = 1;' },
        { type: 'jsx', value: '</div>' },
      );
    });
    for (const options of [{}, mdx1]) {
      const page = await harness.compile('Intro.\n', { ...options, ...withRemark(plugin) });
      const html = await render(page);
      expect(html).toMatch(/^<p>Intro\.<\/p>\n<details><summary class="s">More<\/summary>\n<p>2 hidden<\/p><\/details>\n<div class="box"><figure data-language="js">/);
      expect(html).not.toContain('a note for authors');
      // The code between the two halves of the div is a code block like any other: its magic comment applied.
      expect(html).not.toContain('highlight-next-line');
      expect(html).toContain('class="line highlighted"');
    }
  });

  it('reads nodes a plugin of the beforeDefaultRemarkPlugins list adds too', async () => {
    const plugin = mdx1Plugin((tree) => void tree.children!.push({ type: 'jsx', value: '<hr />' }));
    const page = await harness.compile('A.\n', { plugins: { beforeRemark: [plugin], remark: [], beforeRehype: [], rehype: [] } });
    expect(await render(page)).toBe('<p>A.</p>\n<hr/>');
  });

  it('fails with a SiteError naming the file when the JSX or ESM a plugin added cannot be read', async () => {
    const jsx = mdx1Plugin((tree) => void tree.children!.push({ type: 'jsx', value: '<div class=>' }));
    await expect(harness.compile('A.\n', withRemark(jsx))).rejects.toMatchObject({ code: 'MDX_SYNTAX', location: { file: 'docs/page.mdx' }, message: expect.stringContaining('the JSX a remark plugin added cannot be read') });
    const esm = mdx1Plugin((tree) => void tree.children!.unshift({ type: 'import', value: 'import from nowhere' }));
    await expect(harness.compile('A.\n', withRemark(esm))).rejects.toMatchObject({ code: 'MDX_SYNTAX', message: expect.stringContaining('an `import` node a remark plugin added is not valid JavaScript') });
  });
});
