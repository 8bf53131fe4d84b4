import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MigrationNotes } from '../../../src/docusaurus/notes.js';
import { readDocusaurusConfig } from '../../../src/docusaurus/readConfig.js';
import type { Evaluated } from '../../../src/docusaurus/sandbox.js';
import { tempDir } from '../../helpers.js';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  tmp = await tempDir();
});
afterAll(() => tmp.cleanup());

/** A project whose package.json depends on @docusaurus/core `range` (none when null). */
function project(name: string, range: string | null, where: 'dependencies' | 'devDependencies' = 'dependencies'): string {
  const dir = path.join(tmp.dir, name);
  mkdirSync(dir, { recursive: true });
  if (range !== null) writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, [where]: { '@docusaurus/core': range, react: '^18.0.0' } }));
  return dir;
}

function read(dir: string, config: Record<string, Evaluated> = {}) {
  const notes = new MigrationNotes();
  const site = readDocusaurusConfig({ title: 'T', url: 'https://x.org', ...config }, dir, notes);
  return { markdown: site.markdown, notes };
}

describe('migrating the markdown settings', () => {
  it('reads .md as MDX for a Docusaurus 3 project, as Docusaurus 3 does by default', () => {
    const { markdown, notes } = read(project('v3', '^3.0.0'));
    expect(markdown).toEqual({ format: 'mdx' });
    expect(notes.carried.join('\n')).toContain("markdown.format: 'mdx'");
    // A project that does not say which Docusaurus it uses is read as the current one.
    expect(read(project('unknown', null)).markdown).toEqual({ format: 'mdx' });
  });

  it('carries a Docusaurus 3 project\'s own format and mdx1Compat options, and reports the rest', () => {
    const { markdown, notes } = read(project('v3-own', '3.5.2', 'devDependencies'), {
      markdown: { format: 'detect', mdx1Compat: { comments: false, headingIds: true }, emoji: false },
    });
    expect(markdown).toEqual({ format: 'detect', mdx1Compat: { comments: false, headingIds: true } });
    expect(notes.notCarriedItems.map((note) => note.item)).toEqual(['markdown.emoji: false']);
  });

  it('reads a Docusaurus 2 project\'s .md and .mdx as MDX 1 did', () => {
    const { markdown, notes } = read(project('v2', '2.4.3'));
    expect(markdown).toEqual({ format: 'mdx', mdx1Compat: { syntax: true } });
    expect(notes.carried.join('\n')).toContain('read as MDX 1');
  });

  it('refuses a format sipadocs does not know, saying so', () => {
    const { markdown, notes } = read(project('odd', '^3.1.0'), { markdown: { format: 'markdown' } });
    expect(markdown.format).toBe('mdx');
    expect(notes.notCarriedItems[0]).toMatchObject({ item: 'markdown.format: "markdown"' });
  });
});
