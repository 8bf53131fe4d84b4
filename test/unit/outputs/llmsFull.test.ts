import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLastOutput } from '../../../src/cache/lastOutput.js';
import type { OutputManifest } from '../../../src/cache/outputManifest.js';
import { createStagingDir } from '../../../src/staging/stagingDir.js';
import type { Doc } from '../../../src/model/model.js';
import { writeLlms, type LlmsSection } from '../../../src/outputs/llms.js';
import { createOutputWriter, type SiteOutputRecord } from '../../../src/outputs/outputWriter.js';
import { tempDir } from '../../helpers.js';

const doc = (route: string) => ({ route, title: route, description: '' }) as Doc;
const section = (routes: string[]): LlmsSection[] => [
  { title: 'Docs', docs: routes.map(doc), links: [{ title: 'A', url: 'https://x.example/docs/a.md', description: '' }] },
];
let sections = section(['/docs/a', '/docs/b', '/docs/c']);

describe('llms-full.txt over a previous build', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let out: string;
  beforeEach(async () => {
    sections = section(['/docs/a', '/docs/b', '/docs/c']);
    tmp = await tempDir();
    out = path.join(tmp.dir, 'out');
  });
  afterEach(() => tmp.cleanup());

  /** One build's llms files, through a real staging folder; returns what it recorded and which docs it read. */
  async function build(markdown: Record<string, string>, previous?: OutputManifest) {
    const staging = await createStagingDir(out);
    const last = openLastOutput(out, staging, previous ?? null);
    const writer = createOutputWriter(last.files, last.section<SiteOutputRecord>('outputs'), new Set(), { key: (inputs) => JSON.stringify(inputs) });
    const read: string[] = [];
    writeLlms({
      sections,
      title: 'X',
      summary: 'Sum.',
      writer,
      markdownOf: (route) => (read.push(route), markdown[route]!),
      // The key of a doc's markdown changes with its text.
      markdownKey: (route) => `k-${markdown[route]!.length}-${markdown[route]!.charCodeAt(2)}`,
    });
    const { build: id } = await staging.commit();
    return { manifest: last.manifest(id), read };
  }

  it('takes unchanged docs from the previous file and reads only the changed one', async () => {
    const first = { '/docs/a': '# A\n\nÄ text.\n', '/docs/b': '# B\n\nB text.\n', '/docs/c': '# C\n' };
    const one = await build(first);
    expect(one.read).toEqual(['/docs/a', '/docs/b', '/docs/c']);
    const second = { ...first, '/docs/b': '# B2\n\nB text, longer now.\n' };
    const two = await build(second, one.manifest);
    expect(two.read).toEqual(['/docs/b']);
    const expected = '# X\n\n> Sum.\n\n# A\n\nÄ text.\n\n# B2\n\nB text, longer now.\n\n# C\n';
    expect(await readFile(path.join(out, 'llms-full.txt'), 'utf8')).toBe(expected);
    // Nothing changed: the file is kept and nothing is read.
    expect((await build(second, two.manifest)).read).toEqual([]);
  });

  it('copies unchanged docs that moved, and gives the file a fresh build writes', async () => {
    const markdown: Record<string, string> = {};
    for (const name of 'abcdefgh') markdown[`/docs/${name}`] = `# ${name.toUpperCase()}\n\nText of ${name}, ünïcödé.\n`;
    sections = section([...'abcdefgh'].map((name) => `/docs/${name}`));
    const one = await build(markdown);
    // Moved (c before a), dropped (d, f), new (x) and changed (g) docs.
    sections = section(['/docs/c', '/docs/e', '/docs/a', '/docs/b', '/docs/x', '/docs/g', '/docs/h']);
    markdown['/docs/x'] = '# X\n';
    markdown['/docs/g'] = '# G, changed\n';
    const two = await build(markdown, one.manifest);
    expect(two.read).toEqual(['/docs/x', '/docs/g']);
    const spliced = await readFile(path.join(out, 'llms-full.txt'), 'utf8');
    await tmp.cleanup();
    await build(markdown);
    expect(spliced).toBe(await readFile(path.join(out, 'llms-full.txt'), 'utf8'));
    expect(spliced).toContain('ünïcödé.\n\n# A\n');
  });

  it('reads every doc again when the previous file was changed by hand', async () => {
    const markdown = { '/docs/a': '# A\n', '/docs/b': '# B\n', '/docs/c': '# C\n' };
    const one = await build(markdown);
    await writeFile(path.join(out, 'llms-full.txt'), 'edited by hand\n');
    const two = await build({ ...markdown, '/docs/c': '# C, changed\n' }, one.manifest);
    expect(two.read).toEqual(['/docs/a', '/docs/b', '/docs/c']);
    expect(await readFile(path.join(out, 'llms-full.txt'), 'utf8')).toBe('# X\n\n> Sum.\n\n# A\n\n# B\n\n# C, changed\n');
  });
});
