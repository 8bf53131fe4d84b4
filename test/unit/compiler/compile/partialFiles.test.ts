// Which files a page may import as partials: relative to the importing file or `@site/`-relative,
// inside the site folder; nothing outside it is read, through `..` or a symbolic link.
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCompileJob, type CompileJob, type CompileSettings } from '../../../../src/compiler/compile/compileJob.js';
import { createImageFiles } from '../../../../src/compiler/compile/images.js';
import { createCodeHighlighter, type CodeHighlighter } from '../../../../src/compiler/mdx/highlighter.js';
import { tempDir } from '../../../helpers.js';

let tmp: Awaited<ReturnType<typeof tempDir>>;
let site: string;
let highlighter: CodeHighlighter;
let settings: CompileSettings;

beforeAll(async () => {
  tmp = await tempDir();
  site = path.join(tmp.dir, 'site');
  await mkdir(path.join(site, 'docs/sub'), { recursive: true });
  await writeFile(path.join(site, 'docs/_inside.md'), '---\ntitle: ignored\n---\n\nInside the site.\n');
  await writeFile(path.join(tmp.dir, 'outside.md'), 'Outside the site.\n');
  await symlink(path.join(tmp.dir, 'outside.md'), path.join(site, 'docs/_link.md'));
  highlighter = await createCodeHighlighter({ light: 'github-light', dark: 'github-dark' });
  settings = {
    tocLevels: { min: 2, max: 3 },
    themes: { light: 'github-light', dark: 'github-dark' },
    linkTargets: { routesBySource: {}, contentRoots: ['docs'], staticMarkdown: [] },
    siteDir: site,
    baseUrl: '/',
    markdown: { format: 'mdx', mdx1Compat: { comments: true, admonitions: true, headingIds: true, syntax: false } },
  };
}, 60_000);
afterAll(() => tmp.cleanup());

const page = (body: string): CompileJob => ({ relPath: 'docs/sub/page.md', body, text: body, format: 'mdx', withExcerpt: false, route: null, image: null, frontMatter: null });
const run = (body: string) => runCompileJob(page(body), settings, highlighter, createImageFiles());

describe('partial files', () => {
  it('reads a partial relative to the page or to the site, without its front matter, and lists it', async () => {
    for (const specifier of ['../_inside.md', '@site/docs/_inside.md']) {
      const outcome = await run(`import Inside from '${specifier}';\n\n<Inside />\n`);
      if (!outcome.ok) throw new Error(outcome.error.message);
      expect(outcome.page.markdown).toBe('Inside the site.\n');
      expect(outcome.page.dependencies).toEqual([path.join(site, 'docs/_inside.md')]);
    }
  });

  it('reads nothing outside the site folder, by a path or by a symbolic link', async () => {
    for (const specifier of ['../../../outside.md', '../_link.md', '/etc/hostname.md', 'some-package/readme.md']) {
      const outcome = await run(`import Outside from '${specifier}';\n\n<Outside />\n`);
      expect(outcome.ok, specifier).toBe(false);
      if (!outcome.ok) expect(outcome.error).toMatchObject({ code: 'PARTIAL_NOT_FOUND', location: { file: 'docs/sub/page.md', line: 1 } });
    }
  });
});
