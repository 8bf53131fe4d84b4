/**
 * onBrokenLinks, onBrokenMarkdownLinks and onBrokenAnchors: what a broken link does to a build,
 * and every broken link named at the place it is written.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce } from '../../src/pipeline/build.js';
import { SiteError, SiteErrors } from '../../src/errors.js';
import { silentLogger, tempDir } from '../helpers.js';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  tmp = await tempDir('sipadocs-broken-');
});
afterAll(() => tmp.cleanup());

const GUIDE = [
  '# Guide',
  '',
  '## Setup',
  '',
  'Read [the setup](./other.md#setup), then [nothing](./missing.md).',
  '',
  'A [bad anchor](./other.md#no-such-heading) and [a missing page](/docs/gone).',
  '',
  '[other]: ./other.md#not-here',
  '',
  'By reference: [other][].',
  '',
].join('\n');

/** A site whose guide holds broken links of every kind; `settings` go into its config. */
async function makeSite(name: string, settings: Record<string, string>, navTo = '/docs/guide'): Promise<string> {
  const site = path.join(tmp.dir, name);
  await mkdir(path.join(site, 'docs'), { recursive: true });
  await writeFile(
    path.join(site, 'sipadocs.config.ts'),
    [
      "import { defineConfig } from 'sipadocs';",
      '',
      'export default defineConfig({',
      "  title: 'Links',",
      "  url: 'https://links.example',",
      ...Object.entries(settings).map(([key, value]) => `  ${key}: '${value}',`),
      '  navbar: {',
      '    items: [',
      `      { label: 'Guide', to: '${navTo}', position: 'left' },`,
      '    ],',
      '  },',
      '});',
      '',
    ].join('\n'),
  );
  await writeFile(path.join(site, 'docs/guide.md'), GUIDE);
  await writeFile(path.join(site, 'docs/other.md'), '# Other\n\n## Setup\n\nText.\n');
  await mkdir(path.join(site, 'pages'), { recursive: true });
  await writeFile(path.join(site, 'pages/index.md'), '# Home\n');
  return site;
}

async function buildErrors(site: string): Promise<SiteError[]> {
  try {
    await buildOnce({ siteDir: site, outDir: path.join(site, '..', `${path.basename(site)}-out`), logger: silentLogger() });
  } catch (error) {
    if (error instanceof SiteErrors) return error.errors;
    if (error instanceof SiteError) return [error];
    throw error;
  }
  throw new Error('the build succeeded');
}

const guideFile = (site: string) => path.relative(process.cwd(), path.join(site, 'docs/guide.md'));

describe('broken links with the default settings', () => {
  it('fail the build, each at its line and column: missing pages, raw markdown links and missing anchors', async () => {
    const site = await makeSite('defaults', {});
    const errors = await buildErrors(site);
    expect(errors.every((e) => e.code === 'BROKEN_LINKS')).toBe(true);
    const at = (href: string) => errors.find((e) => e.message.includes(`→ ${href} `))?.location;
    expect(at('./missing.md')).toEqual({ file: guideFile(site), line: 5, column: 42 });
    expect(at('/docs/other#no-such-heading')).toEqual({ file: guideFile(site), line: 7, column: 3 });
    expect(at('/docs/gone')).toEqual({ file: guideFile(site), line: 7, column: 48 });
    // A reference link is placed where it is used; its definition resolved to the route.
    expect(at('/docs/other#not-here')).toEqual({ file: guideFile(site), line: 11, column: 15 });
    expect(errors).toHaveLength(4);
    expect(errors.find((e) => e.message.includes('no-such-heading'))!.frame).toContain('> 7 |');
  }, 60_000);

  it('name the config key of a broken navbar link, at its line in the config', async () => {
    const site = await makeSite('navbar', { onBrokenAnchors: 'ignore', onBrokenLinks: 'throw' }, '/docs/guied');
    await writeFile(path.join(site, 'docs/guide.md'), '# Guide\n\nNothing broken here.\n');
    const errors = await buildErrors(site);
    expect(errors.length).toBeGreaterThan(0);
    for (const error of errors) {
      expect(error.message).toContain('→ /docs/guied (missing page) (navbar.items.0.to in the config)');
      expect(error.location).toEqual({ file: path.relative(process.cwd(), path.join(site, 'sipadocs.config.ts')), line: 10, column: 30 });
    }
  }, 60_000);
});

describe('settings that let broken links through', () => {
  it("'warn' builds the site and warns about each broken link at its place, at every build", async () => {
    const site = await makeSite('warn', { onBrokenLinks: 'warn', onBrokenAnchors: 'warn' });
    const out = path.join(tmp.dir, 'warn-out');
    for (let build = 0; build < 2; build++) {
      const logger = silentLogger();
      await buildOnce({ siteDir: site, outDir: out, logger });
      const warnings = logger.lines.filter((line) => line.startsWith('warning:'));
      expect(warnings).toContainEqual(`warning: ${guideFile(site)}:5:42: markdown link "./missing.md" does not point at a doc, post or page`);
      expect(warnings).toContainEqual(`warning: ${guideFile(site)}:5:42: broken link on /docs/guide → ./missing.md (missing page)`);
      expect(warnings).toContainEqual(`warning: ${guideFile(site)}:7:3: broken link on /docs/guide → /docs/other#no-such-heading (missing anchor)`);
      expect(warnings).toContainEqual(`warning: ${guideFile(site)}:7:48: broken link on /docs/guide → /docs/gone (missing page)`);
    }
    // The links Docusaurus resolves are routes; the broken ones are written as they are.
    const html = await readFile(path.join(out, 'docs/guide.html'), 'utf8');
    expect(html).toContain('href="/docs/other#setup"');
    expect(html).toContain('href="/docs/other#not-here"');
  }, 60_000);

  it("'log' prints a line that is no warning, 'ignore' says nothing", async () => {
    const site = await makeSite('log', { onBrokenLinks: 'log', onBrokenAnchors: 'ignore', onBrokenMarkdownLinks: 'ignore' });
    const logger = silentLogger();
    await buildOnce({ siteDir: site, outDir: path.join(tmp.dir, 'log-out'), logger });
    expect(logger.lines.filter((line) => line.startsWith('warning:'))).toEqual([]);
    expect(logger.lines).toContain(`${guideFile(site)}:7:48: broken link on /docs/guide → /docs/gone (missing page)`);
    expect(logger.lines.some((line) => line.includes('missing anchor'))).toBe(false);
  }, 60_000);

  it("onBrokenMarkdownLinks: 'throw' stops the build at the link to a file that is no page", async () => {
    const site = await makeSite('md-throw', { onBrokenMarkdownLinks: 'throw', onBrokenLinks: 'warn', onBrokenAnchors: 'warn' });
    const errors = await buildErrors(site);
    expect(errors.map((e) => e.code)).toEqual(['BROKEN_MARKDOWN_LINK']);
    expect(errors[0]!.location).toEqual({ file: guideFile(site), line: 5, column: 42 });
  }, 60_000);
});

describe('a relative link whose text names a page from the site root', () => {
  // "docs/other" on /docs/guide leads a browser to /docs/docs/other; read from the root it is /docs/other.
  const rootRelative = async (name: string, settings: Record<string, string>) => {
    const site = await makeSite(name, settings);
    await writeFile(path.join(site, 'docs/guide.md'), '# Guide\n\nSee [the other page](docs/other) first.\n');
    return site;
  };

  it('is a broken link by default, with what it names from the root and how to write it', async () => {
    const errors = await buildErrors(await rootRelative('root-relative', {}));
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toBe("broken link on /docs/guide → docs/other (missing page; from the site's root it names /docs/other)");
    expect(errors[0]!.location).toMatchObject({ line: 3, column: 5 });
    expect(errors[0]!.hint).toContain('Write the link from the site\'s root ("/docs/other")');
  }, 60_000);

  it("onRootRelativeLinks: 'warn' reports it and builds; other broken links still fail", async () => {
    const site = await rootRelative('root-relative-warn', { onRootRelativeLinks: 'warn' });
    const logger = silentLogger();
    await buildOnce({ siteDir: site, outDir: path.join(tmp.dir, 'root-relative-warn-out'), logger });
    expect(logger.lines).toContainEqual(`warning: ${guideFile(site)}:3:5: broken link on /docs/guide → docs/other (missing page; from the site's root it names /docs/other)`);
    await writeFile(path.join(site, 'docs/guide.md'), '# Guide\n\nSee [the other page](docs/other) and [nothing](docs/nothing).\n');
    const errors = await buildErrors(site);
    expect(errors.map((e) => e.message)).toEqual(['broken link on /docs/guide → docs/nothing (missing page)']);
  }, 60_000);
});
