/**
 * Odd inputs among a site's sources: binary files, text in other encodings, a 5 MB page and pages
 * nesting thousands of levels. Each is one clear error naming the file, reported with the other
 * content errors, and the last good output stays as it was.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce } from '../../src/pipeline/build.js';
import { SiteError, SiteErrors } from '../../src/errors.js';
import { copyFixture, silentLogger, tempDir } from '../helpers.js';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  tmp = await tempDir();
});
afterAll(() => tmp.cleanup());

/** A fresh copy of the basic fixture, built once so there is a last good output. */
async function siteWithOutput(name: string): Promise<{ site: string; out: string; before: Map<string, string> }> {
  const root = path.join(tmp.dir, name);
  const site = await copyFixture('basic', root);
  const out = path.join(root, 'build');
  await buildOnce({ siteDir: site, outDir: out, logger: silentLogger() });
  return { site, out, before: await snapshot(out) };
}

async function snapshot(dir: string): Promise<Map<string, string>> {
  const files = await readdir(dir, { recursive: true, withFileTypes: true });
  const entries = await Promise.all(
    files.filter((f) => f.isFile()).map(async (f) => {
      const file = path.join(f.parentPath, f.name);
      return [path.relative(dir, file), await readFile(file, 'utf8')] as const;
    }),
  );
  return new Map(entries);
}

async function failedBuild(site: string, out: string): Promise<SiteError[]> {
  const error = await buildOnce({ siteDir: site, outDir: out, logger: silentLogger() }).then(() => null, (e: unknown) => e);
  if (error instanceof SiteErrors) return error.errors;
  if (error instanceof SiteError) return [error];
  throw new Error(`expected the build to fail with content errors, got ${String(error)}`);
}

/** A realistic page of about `bytes` bytes: headings, prose, lists, code, tables and quotes. */
function largePage(bytes: number): string {
  const parts = ['---\ntitle: Large page\n---\n\n# Large page\n'];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const section = `
## Section ${i}

Sipa keeps its state in the page: *option ${i}* with a [link](#section-${i}) and \`inline code\`.

- First point about item ${i}
  - Nested point
- Second point with **bold** text

\`\`\`js
const app${i} = Sipa.init({ root: '#app', debug: ${i % 2 === 0} });
\`\`\`

| Option | Default |
| --- | --- |
| root | #app |

> A note about section ${i}.
`;
    parts.push(section);
    size += section.length;
  }
  return parts.join('');
}

const byFile = (errors: SiteError[]) => new Map(errors.map((e) => [path.basename(e.location?.file ?? ''), e]));

describe('sources that are not text', () => {
  it('are each one error naming the file, reported with the other content errors', async () => {
    const { site, out, before } = await siteWithOutput('not-text');
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    await writeFile(path.join(site, 'docs/image.md'), png);
    await writeFile(path.join(site, 'docs/latin1.md'), Buffer.from('# Caf\xe9\n\nNa\xefve text.\n', 'latin1'));
    await writeFile(path.join(site, 'docs/utf16.mdx'), Buffer.from('\ufeff# Wide text\n', 'utf16le'));
    await writeFile(path.join(site, 'blog/2024-05-06-binary.mdx'), Buffer.from([0x00, 0x01, 0x02, 0xff]));
    await writeFile(path.join(site, 'docs/bad-front-matter.md'), '---\ntitle: [unclosed\n---\n\nText.\n');
    const errors = byFile(await failedBuild(site, out));
    expect([...errors.keys()].sort()).toEqual(['2024-05-06-binary.mdx', 'bad-front-matter.md', 'image.md', 'latin1.md', 'utf16.mdx']);
    expect(errors.get('image.md')).toMatchObject({ code: 'SOURCE_NOT_TEXT', message: expect.stringMatching(/NUL bytes/) });
    expect(errors.get('utf16.mdx')).toMatchObject({ code: 'SOURCE_NOT_TEXT' });
    expect(errors.get('2024-05-06-binary.mdx')).toMatchObject({ code: 'SOURCE_NOT_TEXT' });
    // Invalid UTF-8 is pointed at: "é" in Latin-1 is the 6th character of line 1.
    expect(errors.get('latin1.md')).toMatchObject({ code: 'SOURCE_NOT_TEXT', message: expect.stringMatching(/0xE9/), location: { line: 1, column: 6 } });
    expect(errors.get('bad-front-matter.md')?.code).toBe('FRONT_MATTER_SYNTAX');
    expect(errors.get('image.md')?.location?.file).toBe(path.relative(process.cwd(), path.join(site, 'docs/image.md')));
    expect(await snapshot(out)).toEqual(before);
  }, 120_000);

  it('are reported in the same run as the compile errors of the other pages', async () => {
    const { site, out, before } = await siteWithOutput('not-text-and-mdx');
    await writeFile(path.join(site, 'docs/image.md'), Buffer.from([0x89, 0x50, 0x00, 0x01]));
    await writeFile(path.join(site, 'docs/bad-front-matter.md'), '---\ntitle: [unclosed\n---\n\nText.\n');
    await writeFile(path.join(site, 'docs/broken.mdx'), '---\ntitle: Broken\n---\n\nText {oops\n');
    await writeFile(path.join(site, 'blog/2024-05-07-broken.mdx'), '---\ntitle: Broken post\n---\n\n<div>unclosed\n');
    const errors = byFile(await failedBuild(site, out));
    expect([...errors.keys()].sort()).toEqual(['2024-05-07-broken.mdx', 'bad-front-matter.md', 'broken.mdx', 'image.md']);
    expect(errors.get('image.md')?.code).toBe('SOURCE_NOT_TEXT');
    expect(errors.get('bad-front-matter.md')?.code).toBe('FRONT_MATTER_SYNTAX');
    expect(errors.get('broken.mdx')).toMatchObject({ code: 'MDX_SYNTAX', location: { line: 5 } });
    expect(errors.get('2024-05-07-broken.mdx')?.code).toBe('MDX_SYNTAX');
    expect(await snapshot(out)).toEqual(before);
  }, 120_000);

  it('reads UTF-8 with a byte-order mark as the text after it, and a real U+FFFD as text', async () => {
    const root = path.join(tmp.dir, 'bom');
    const site = await copyFixture('basic', root);
    await writeFile(path.join(site, 'docs/bom.md'), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('---\ntitle: Saved on Windows\n---\n\nText.\n')]));
    await writeFile(path.join(site, 'docs/replacement.md'), '# Replacement\n\nThe character \ufffd marks bad bytes.\n');
    await buildOnce({ siteDir: site, outDir: path.join(root, 'build'), logger: silentLogger() });
    expect(await readFile(path.join(root, 'build/docs/bom.html'), 'utf8')).toContain('<h1>Saved on Windows</h1>');
    expect(await readFile(path.join(root, 'build/docs/replacement.html'), 'utf8')).toContain('The character \ufffd marks');
  }, 120_000);
});

describe('a 5 MB markdown page', () => {
  it('is refused with an error naming the file, its size and the limit', async () => {
    const { site, out, before } = await siteWithOutput('large');
    const page = largePage(5 * 1024 * 1024);
    await writeFile(path.join(site, 'docs/large.md'), page);
    const errors = await failedBuild(site, out);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: 'SOURCE_TOO_LARGE', location: { file: expect.stringMatching(/docs\/large\.md$/) } });
    expect(errors[0]!.message).toContain(`${Buffer.byteLength(page).toLocaleString('en-US')} bytes`);
    expect(errors[0]!.message).toContain('markdown.maxFileSize allows: 1,048,576 bytes (1.0 MB)');
    expect(await snapshot(out)).toEqual(before);
  }, 120_000);

  it('follows markdown.maxFileSize from the config', async () => {
    const root = path.join(tmp.dir, 'limit');
    const site = await copyFixture('basic', root);
    const config = path.join(site, 'sipadocs.config.ts');
    await writeFile(config, (await readFile(config, 'utf8')).replace('blog: {', 'markdown: { maxFileSize: 8_000 },\n  blog: {'));
    await writeFile(path.join(site, 'docs/small.md'), largePage(7_000));
    await writeFile(path.join(site, 'docs/larger.md'), largePage(9_000));
    const errors = await failedBuild(site, path.join(root, 'build'));
    expect(errors.map((e) => [e.code, path.basename(e.location!.file)])).toEqual([['SOURCE_TOO_LARGE', 'larger.md']]);
    expect(errors[0]!.message).toContain('8,000 bytes');
  }, 120_000);
});

describe('pages nesting thousands of levels', () => {
  it('are reported with the file and line, and the build goes on to report every one', async () => {
    const { site, out, before } = await siteWithOutput('deep');
    await writeFile(path.join(site, 'docs/quotes.md'), `# Quotes\n\nIntro.\n\n${'>'.repeat(10_000)} deep\n`);
    await writeFile(path.join(site, 'docs/quotes-mdx.mdx'), `# Quotes\n\nIntro.\n\n${'>'.repeat(10_000)} deep\n`);
    await writeFile(path.join(site, 'docs/lists.md'), `# Lists\n\n${'- '.repeat(10_000)}deep\n`);
    await writeFile(path.join(site, 'docs/lists-mdx.mdx'), `# Lists\n\n${'- '.repeat(10_000)}deep\n`);
    // As deep as allowed: builds.
    await writeFile(path.join(site, 'docs/hundred.md'), `# Hundred\n\n${'>'.repeat(100)} deep\n\n${'- '.repeat(100)}deep\n`);
    const errors = byFile(await failedBuild(site, out));
    expect([...errors.keys()].sort()).toEqual(['lists-mdx.mdx', 'lists.md', 'quotes-mdx.mdx', 'quotes.md']);
    expect(errors.get('quotes.md')).toMatchObject({ code: 'CONTENT_TOO_DEEP', location: { line: 5, column: 101 } });
    expect(errors.get('quotes-mdx.mdx')).toMatchObject({ code: 'CONTENT_TOO_DEEP', location: { line: 5, column: 101 } });
    expect(errors.get('lists.md')).toMatchObject({ code: 'CONTENT_TOO_DEEP', location: { line: 3, column: 201 } });
    expect(errors.get('lists-mdx.mdx')).toMatchObject({ code: 'CONTENT_TOO_DEEP', location: { line: 3, column: 201 } });
    expect(await snapshot(out)).toEqual(before);
  }, 120_000);

  it('are told apart from a paragraph of 4,900 emphasis markers that never close, which nests nothing and builds as text', async () => {
    const root = path.join(tmp.dir, 'unclosed');
    const site = await copyFixture('basic', root);
    const literal = `${'*a '.repeat(4900)}end`;
    await writeFile(path.join(site, 'docs/literal.md'), `# Literal\n\n${literal}\n`);
    await writeFile(path.join(site, 'docs/literal-mdx.mdx'), `# Literal\n\n${literal}\n`);
    await buildOnce({ siteDir: site, outDir: path.join(root, 'build'), logger: silentLogger() });
    for (const page of ['literal', 'literal-mdx']) {
      const html = await readFile(path.join(root, 'build/docs', `${page}.html`), 'utf8');
      expect(html).toContain(literal);
      expect(html).not.toContain('<em>');
    }
  }, 120_000);

  it('are refused at the tag that goes past the limit when elements nest too deeply, in MDX or in raw HTML, however warm the process is', async () => {
    const root = path.join(tmp.dir, 'deep-elements');
    const site = await copyFixture('basic', root);
    // 1000 levels run a cold process out of stack and build in a warm one: the scan decides first.
    await writeFile(path.join(site, 'docs/elements.mdx'), `# Elements\n\n${'<span>'.repeat(1000)}x${'</span>'.repeat(1000)}\n`);
    // Raw HTML in markdown, which the scan does not count: 600 levels render in a warm process and
    // not in a cold one; the parsed tree is measured first.
    await writeFile(path.join(site, 'docs/raw.md'), `# Raw\n\n${'<div>\n'.repeat(600)}x\n${'</div>\n'.repeat(600)}`);
    const errors = byFile(await failedBuild(site, path.join(root, 'build')));
    expect([...errors.keys()].sort()).toEqual(['elements.mdx', 'raw.md']);
    expect(errors.get('elements.mdx')).toMatchObject({ code: 'CONTENT_TOO_DEEP', location: { line: 3, column: 6 * 100 + 1 } });
    expect(errors.get('elements.mdx')!.message).toBe('elements nest 101 levels deep here; at most 100 levels are allowed');
    expect(errors.get('raw.md')).toMatchObject({ code: 'CONTENT_TOO_DEEP', location: { line: 3 + 250, column: 1 } });
    expect(errors.get('raw.md')!.message).toBe('elements nest 600 levels deep; level 251 is this <div>, and at most 250 levels are allowed');
  }, 120_000);

  it('are reported when rendering one runs out of stack', async () => {
    const root = path.join(tmp.dir, 'deep-render');
    const site = await copyFixture('basic', root);
    // Depth the scan cannot see, made while the page renders: a million calls overflow any stack.
    await writeFile(path.join(site, 'docs/recursion.mdx'), 'export const depth = (n) => (n > 0 ? depth(n - 1) + 1 : 0);\n\n# Recursion\n\n{depth(1_000_000)}\n');
    const errors = await failedBuild(site, path.join(root, 'build'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: 'CONTENT_TOO_DEEP', location: { file: expect.stringMatching(/recursion\.mdx$/), line: expect.any(Number) } });
    expect(errors[0]!.message).toMatch(/too deeply to render/);
  }, 120_000);
});

describe('file names too long for the output', () => {
  it('are refused with an error naming the source, and long routes that fit build', async () => {
    const { site, out, before } = await siteWithOutput('long-names');
    // 243 characters: the page's own output files (".html", ".md") would pass the 255-byte limit of a name.
    const longName = `${'a'.repeat(243)}.md`;
    await writeFile(path.join(site, 'docs', longName), '---\ntitle: Long\n---\n\nText.\n');
    // Non-ASCII letters count in bytes: 120 "é" are 240 bytes.
    const longUnicode = `${'é'.repeat(120)}.md`;
    await writeFile(path.join(site, 'docs', longUnicode), '---\ntitle: Accents\n---\n\nText.\n');
    const errors = byFile(await failedBuild(site, out));
    expect([...errors.keys()].sort()).toEqual([longName, longUnicode].sort());
    for (const error of errors.values()) {
      expect(error.code).toBe('ROUTE_INVALID');
      expect(error.message).toMatch(/bytes/);
      expect(error.hint).toMatch(/slug/);
    }
    expect(await snapshot(out)).toEqual(before);

    // Two long segments that each fit: the page builds, whatever its chunk is named after.
    await rm(path.join(site, 'docs', longName));
    await rm(path.join(site, 'docs', longUnicode));
    const folder = 'b'.repeat(200);
    await mkdir(path.join(site, 'docs', folder), { recursive: true });
    await writeFile(path.join(site, 'docs', folder, `${'c'.repeat(200)}.mdx`), '---\ntitle: Deep\n---\n\nText with <span>JSX</span>.\n');
    await buildOnce({ siteDir: site, outDir: out, logger: silentLogger() });
    expect(await readFile(path.join(out, 'docs', folder, `${'c'.repeat(200)}.html`), 'utf8')).toContain('Text with');
  }, 120_000);
});
