import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigObject } from '../../../src/docusaurus/evaluated.js';
import { MigrationNotes } from '../../../src/docusaurus/notes.js';
import { readDocusaurusConfig } from '../../../src/docusaurus/readConfig.js';
import type { Evaluated } from '../../../src/docusaurus/sandbox.js';
import { translateTheme, type DocRoutes } from '../../../src/docusaurus/translateTheme.js';
import { tempDir } from '../../helpers.js';

let tmp: Awaited<ReturnType<typeof tempDir>>;
let dir: string;
beforeAll(async () => {
  tmp = await tempDir();
  dir = path.join(tmp.dir, 'project');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'p', dependencies: { '@docusaurus/core': '^3.0.0' } }));
});
afterAll(() => tmp.cleanup());

/** A module the config imported, as the sandbox hands it over. */
const stub = (name: string): Evaluated => ({ $module: `${name}.default`, $from: name });

function read(config: Record<string, Evaluated>) {
  const notes = new MigrationNotes();
  const site = readDocusaurusConfig({ title: 'T', url: 'https://x.org', ...config }, dir, notes);
  return { markdown: site.markdown, notes, skipped: notes.notCarriedItems.map((note) => note.item).join('\n') };
}

const noRoutes: DocRoutes = { docRoute: () => undefined, sidebarOf: () => undefined, sidebarFirstRoute: () => undefined, sidebarBasePath: () => undefined };

describe('migrating math, diagrams and magic comments', () => {
  it('turns math on where the docs, the blog, the pages or a content plugin use remark-math and rehype-katex', () => {
    const docs = read({ presets: [['classic', { docs: { remarkPlugins: [stub('remark-math')], rehypePlugins: [[stub('rehype-katex'), { strict: false }]] } }]] });
    expect(docs.markdown.math).toBe(true);
    expect(docs.notes.carried.join('\n')).toMatch(/presets\.classic\.docs\.remarkPlugins: remark-math.*presets\.classic\.docs\.rehypePlugins: rehype-katex/);
    expect(read({ presets: [['classic', { blog: { remarkPlugins: ['remark-math'] } }]] }).markdown.math).toBe(true);
    expect(read({ plugins: [['@docusaurus/plugin-content-docs', { id: 'api', remarkPlugins: [stub('remark-math')] }]] }).markdown.math).toBe(true);
    // Other plugins leave it off.
    expect(read({ presets: [['classic', { docs: { remarkPlugins: [stub('remark-gemoji')] } }]] }).markdown.math).toBeUndefined();
  });

  it('turns diagrams on with markdown.mermaid, and reports the Mermaid theme only when it had no effect', () => {
    const on = read({ markdown: { mermaid: true }, themes: ['@docusaurus/theme-mermaid'] });
    expect(on.markdown.mermaid).toBe(true);
    expect(on.skipped).not.toMatch(/mermaid/);
    const themeOnly = read({ themes: ['@docusaurus/theme-mermaid'] });
    expect(themeOnly.markdown.mermaid).toBeUndefined();
    expect(themeOnly.skipped).toContain('theme @docusaurus/theme-mermaid');
    expect(read({}).markdown.mermaid).toBeUndefined();
  });

  it('carries the project\'s magic comments, reporting an entry sipadocs cannot read, and no longer reports the key', () => {
    const notes = new MigrationNotes();
    const theme = translateTheme(
      ConfigObject.of('themeConfig', {
        prism: {
          magicComments: [
            { className: 'theme-code-block-highlighted-line', line: 'highlight-next-line', block: { start: 'highlight-start', end: 'highlight-end' } },
            { className: 'code-block-error-line', line: 'This will error' },
            { className: 'nothing-to-mark' },
          ],
        },
      }),
      noRoutes,
      '/',
      notes,
    );
    expect(theme.magicComments).toEqual([
      { className: 'theme-code-block-highlighted-line', line: 'highlight-next-line', block: { start: 'highlight-start', end: 'highlight-end' } },
      { className: 'code-block-error-line', line: 'This will error' },
    ]);
    expect(notes.notCarriedItems.map((note) => note.item)).toEqual(['themeConfig.prism.magicComments.2: {"className":"nothing-to-mark"}']);
  });
});
