import { readFile, writeFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce } from '../../src/pipeline/build.js';
import { SiteError, SiteErrors } from '../../src/errors.js';
import { copyFixture, silentLogger, tempDir } from '../helpers.js';

const exists = (file: string) => stat(file).then(() => true, () => false);

async function buildError(siteDir: string, outDir: string): Promise<SiteError[]> {
  try {
    await buildOnce({ siteDir, outDir, logger: silentLogger() });
  } catch (error) {
    if (error instanceof SiteErrors) return error.errors;
    if (error instanceof SiteError) return [error];
    throw error;
  }
  throw new Error('the build was expected to fail');
}

describe('building the basic fixture', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let out: string;
  let logger: ReturnType<typeof silentLogger>;
  beforeAll(async () => {
    tmp = await tempDir();
    out = path.join(tmp.dir, 'out');
    logger = silentLogger();
    await buildOnce({ siteDir: 'test/fixtures/basic', outDir: out, logger });
  }, 120_000);
  afterAll(() => tmp.cleanup());

  it('strips number prefixes from routes and writes one HTML file per route', async () => {
    for (const file of [
      'index.html', '404.html', 'docs/intro/first.html', 'docs/intro/second.html', 'docs/reference.html',
      'docs/category/getting-started.html', 'blog.html', 'blog/page/2.html', 'blog/hello.html', 'blog/second.html',
      'blog/tags.html', 'blog/tags/news.html', 'blog/tags/other.html', 'blog/archive.html',
    ]) {
      expect(await exists(path.join(out, file)), file).toBe(true);
    }
  });

  it('server-renders content with title, description, canonical URL and Open Graph tags', async () => {
    const html = await readFile(path.join(out, 'docs/intro/first.html'), 'utf8');
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('<title>First page | Fixture</title>');
    expect(html).toContain('<meta name="description" content="The first page.">');
    expect(html).toContain('<link rel="canonical" href="https://fixture.example/docs/intro/first">');
    expect(html).toContain('<meta property="og:title"');
    expect(html).toContain('Intro text.');
    expect(html).toMatch(/<h2 id="first-steps">/);
    expect(html).toMatch(/<h3 id="a-sub-step">/);
    expect(html).toContain('class="admonition admonition--tip"');
    expect(html).toContain('Be quick');
    expect(html).toContain('class="code-block__title">hello.js');
    expect(html).toMatch(/class="line highlighted"/);
    expect(html).toContain('href="https://example.com/edit/main/test/fixtures/basic/docs/010_intro/010_first.mdx"'.replace('test/fixtures/basic/', ''));
  });

  it('honours {#custom-id} and rewrites relative markdown links to routes', async () => {
    const second = await readFile(path.join(out, 'docs/intro/second.html'), 'utf8');
    expect(second).toMatch(/<h2 id="custom-details">/);
    expect(second).toContain('href="/docs/intro/first#first-steps"');
  });

  it('resolves a link to a .md file written from the docs folder ("/010_intro/010_first.mdx"), as Docusaurus does', async () => {
    expect(await readFile(path.join(out, 'docs/reference.html'), 'utf8')).toContain('href="/docs/intro/first"');
    expect(logger.lines.some((line) => line.includes('reference.md'))).toBe(false);
  });

  it('uses the React page meta export for the home page title', async () => {
    const html = await readFile(path.join(out, 'index.html'), 'utf8');
    expect(html).toContain('<title>Fixture home</title>');
    expect(html).toContain('<h1>Fixture home</h1>');
  });

  it('writes a generated category index with a card per doc', async () => {
    const html = await readFile(path.join(out, 'docs/category/getting-started.html'), 'utf8');
    expect(html).toContain('Start here.');
    expect(html).toContain('href="/docs/intro/first"');
    expect(html).toContain('href="/docs/intro/second"');
  });

  it('paginates the blog, cuts excerpts at the truncate marker and lists tags', async () => {
    const list = await readFile(path.join(out, 'blog.html'), 'utf8');
    expect(list).toContain('Second post');
    const page2 = await readFile(path.join(out, 'blog/page/2.html'), 'utf8');
    expect(page2).toContain('First paragraph.');
    expect(page2).not.toContain('Rest of the post.');
    expect(page2).toContain('Read more');
    const tags = await readFile(path.join(out, 'blog/tags.html'), 'utf8');
    expect(tags).toContain('href="/blog/tags/news"');
  });

  it('writes a route payload and a content-hashed route chunk for client navigation', async () => {
    const payload = JSON.parse(await readFile(path.join(out, '_sipa/routes/docs/intro/first.json'), 'utf8'));
    expect(payload.data.kind).toBe('doc');
    expect(payload.chunk).toMatch(/^\/_sipa\/r\/docs-intro-first-[A-Z0-9]{8}\.js$/);
    expect(await exists(path.join(out, payload.chunk))).toBe(true);
  });
});

describe('an MDX page without imports that requires an image', () => {
  it('is bundled, so require() resolves to the hashed image', async () => {
    const tmp = await tempDir();
    try {
      const site = await copyFixture('basic', tmp.dir);
      // A 1×1 PNG beside the page.
      await writeFile(path.join(site, 'docs/dot.png'), Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64'));
      await writeFile(path.join(site, 'docs/required.mdx'), "# Required\n\n<img src={require('./dot.png').default} alt=\"dot\" />\n");
      const out = path.join(tmp.dir, 'out');
      await buildOnce({ siteDir: site, outDir: out, logger: silentLogger() });
      const html = await readFile(path.join(out, 'docs/required.html'), 'utf8');
      expect(html).toMatch(/<img src="\/_sipa\/[a-z]+\/dot-[A-Z0-9]+\.png" alt="dot"/);
    } finally {
      await tmp.cleanup();
    }
  }, 120_000);
});

describe('failing builds', () => {
  it('fails on a broken link, names page and target, and leaves the previous output alone', async () => {
    const tmp = await tempDir();
    try {
      const site = await copyFixture('basic', tmp.dir);
      const out = path.join(tmp.dir, 'out');
      await buildOnce({ siteDir: site, outDir: out, logger: silentLogger() });
      const lastGood = await readFile(path.join(out, 'index.html'), 'utf8');
      await writeFile(path.join(site, 'docs/broken.mdx'), '# Broken\n\nSee [nowhere](/docs/does-not-exist) and [bad anchor](/docs/intro/first#nope).\n');
      const errors = await buildError(site, out);
      expect(errors.map((e) => e.code)).toEqual(['BROKEN_LINKS', 'BROKEN_LINKS']);
      expect(errors[0]!.message).toContain('/docs/broken');
      expect(errors[0]!.location!.file).toBe(path.relative(process.cwd(), path.join(site, 'docs/broken.mdx')));
      expect(errors.map((e) => e.message).join('\n')).toContain('/docs/does-not-exist');
      expect(errors.map((e) => e.message).join('\n')).toContain('/docs/intro/first#nope');
      expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe(lastGood);
      expect(await exists(path.join(out, 'docs/broken.html'))).toBe(false);
    } finally {
      await tmp.cleanup();
    }
  }, 120_000);

  it('reports broken YAML front matter with file and line', async () => {
    const tmp = await tempDir();
    try {
      const site = await copyFixture('bad-front-matter', tmp.dir);
      const errors = await buildError(site, path.join(tmp.dir, 'out'));
      expect(errors).toHaveLength(1);
      expect(errors[0]!.code).toBe('FRONT_MATTER_SYNTAX');
      expect(errors[0]!.location!.file).toMatch(/docs\/bad-yaml\.mdx$/);
      expect(errors[0]!.location!.line).toBeGreaterThanOrEqual(3);
    } finally {
      await tmp.cleanup();
    }
  }, 120_000);

  it('collects MDX errors from several files with their positions', async () => {
    // Each failure case below is a small site of its own in test/fixtures/.
    const tmp = await tempDir();
    try {
      const site = await copyFixture('mdx-errors', tmp.dir);
      const errors = await buildError(site, path.join(tmp.dir, 'out'));
      const byCode = Object.fromEntries(errors.map((e) => [e.code, e]));
      expect(byCode.MDX_SYNTAX!.location).toMatchObject({ line: 3 });
      expect(byCode.UNKNOWN_COMPONENT!.location).toMatchObject({ line: 3, column: 1 });
      expect(byCode.UNKNOWN_COMPONENT!.location!.file).toMatch(/bad-two\.mdx$/);
    } finally {
      await tmp.cleanup();
    }
  }, 120_000);

  it('rejects an unknown config key, naming it', async () => {
    const tmp = await tempDir();
    try {
      const site = await copyFixture('unknown-config-key', tmp.dir);
      const errors = await buildError(site, path.join(tmp.dir, 'out'));
      expect(errors[0]!.code).toBe('CONFIG_INVALID');
      expect(errors[0]!.message).toContain('colour');
      expect(errors[0]!.location).toMatchObject({ line: 5 });
    } finally {
      await tmp.cleanup();
    }
  }, 120_000);

  it('refuses a page that imports its own copy of React, naming the file and line', async () => {
    const tmp = await tempDir();
    try {
      const site = await copyFixture('second-react', tmp.dir);
      const errors = await buildError(site, path.join(tmp.dir, 'out'));
      expect(errors[0]!.code).toBe('BUNDLE_FAILED');
      expect(errors[0]!.message).toContain('cannot import "react-dom/client"');
      expect(errors[0]!.location?.file).toMatch(/docs\/second-react\.mdx$/);
      expect(errors[0]!.location).toMatchObject({ line: 1 });
    } finally {
      await tmp.cleanup();
    }
  }, 120_000);
});
