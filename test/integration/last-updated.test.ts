// "Last updated on … by …" at the bottom of every doc, from git: a site in a fresh repository
// with commits by different authors at known dates, and the same site copied out of it.
import { execFileSync } from 'node:child_process';
import { appendFile, cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DomUtils, parseDocument } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce } from '../../src/pipeline/build.js';
import { copyFixture, silentLogger, tempDir } from '../helpers.js';

function git(cwd: string, args: string[], author: string, date: string): void {
  execFileSync('git', args, {
    cwd,
    env: {
      ...process.env,
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_AUTHOR_NAME: author,
      GIT_AUTHOR_EMAIL: 'someone@example.com',
      GIT_COMMITTER_NAME: author,
      GIT_COMMITTER_EMAIL: 'someone@example.com',
      GIT_AUTHOR_DATE: date,
      GIT_COMMITTER_DATE: date,
    },
  });
}

/** The "Last updated" line of a built page: its text, and the datetime of its <time>. */
function lastUpdated(html: string): { text: string; datetime: string | undefined } | null {
  const line = DomUtils.findOne((e) => e.attribs.class === 'last-updated', parseDocument(html).children);
  if (!line) return null;
  const time = DomUtils.findOne((e) => e.name === 'time', line.children);
  return { text: DomUtils.textContent(line), datetime: time?.attribs.datetime };
}

describe('last updated', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let site: string;
  beforeAll(async () => {
    tmp = await tempDir();
    const repo = path.join(tmp.dir, 'repo');
    await mkdir(repo);
    site = await copyFixture('basic', repo);
    const second = path.join(site, 'docs/010_intro/020_second.mdx');
    await writeFile(second, (await readFile(second, 'utf8')).replace('title: Second page', 'title: Second page\nlast_update:\n  date: 2024-01-15\n  author: Ed Example'));
    git(repo, ['init', '-q'], 'x', '2025-01-01T00:00:00Z');
    git(repo, ['add', '.'], 'x', '2025-01-01T00:00:00Z');
    git(repo, ['commit', '-q', '-m', 'Add the site'], 'Jane Roe', '2025-11-20T09:30:00Z');
    await appendFile(path.join(site, 'docs/reference.md'), '\nMore reference.\n');
    git(repo, ['commit', '-q', '-a', '-m', 'More reference'], 'Sam Poe', '2025-12-01T08:00:00Z');
    // Edited but not committed: the page still shows its last commit.
    await appendFile(path.join(site, 'docs/010_intro/010_first.mdx'), '\nNot committed yet.\n');
  }, 60_000);
  afterAll(() => tmp.cleanup());

  it('shows each doc\'s last commit, or its front matter, with a machine-readable date', async () => {
    const out = path.join(tmp.dir, 'out');
    await buildOnce({ siteDir: site, outDir: out, logger: silentLogger() });
    const page = (route: string) => readFile(path.join(out, `${route}.html`), 'utf8');
    expect(lastUpdated(await page('docs/intro/first'))).toEqual({ text: 'Last updated on November 20, 2025 by Jane Roe', datetime: '2025-11-20T09:30:00Z' });
    expect(lastUpdated(await page('docs/reference'))).toEqual({ text: 'Last updated on December 1, 2025 by Sam Poe', datetime: '2025-12-01T08:00:00Z' });
    expect(lastUpdated(await page('docs/intro/second'))).toEqual({ text: 'Last updated on January 15, 2024 by Ed Example', datetime: '2024-01-15' });
    // Only docs show it.
    expect(lastUpdated(await page('blog/hello'))).toBeNull();
    // The date is the page's lastmod in the sitemap, and travels with client-side navigation.
    expect(await readFile(path.join(out, 'sitemap.xml'), 'utf8')).toContain('<loc>https://fixture.example/docs/intro/first</loc><lastmod>2025-11-20T09:30:00Z</lastmod>');
    const payload = JSON.parse(await readFile(path.join(out, '_sipa/routes/docs/reference.json'), 'utf8'));
    expect(payload.data.lastUpdate).toEqual({ date: '2025-12-01T08:00:00Z', formattedDate: 'December 1, 2025', author: 'Sam Poe' });
  }, 120_000);

  it('shows nothing from git outside a git checkout, and front matter still counts', async () => {
    const copy = path.join(tmp.dir, 'copy');
    await cp(site, copy, { recursive: true });
    const out = path.join(tmp.dir, 'out-copy');
    await buildOnce({ siteDir: copy, outDir: out, logger: silentLogger() });
    expect(lastUpdated(await readFile(path.join(out, 'docs/intro/first.html'), 'utf8'))).toBeNull();
    expect(lastUpdated(await readFile(path.join(out, 'docs/reference.html'), 'utf8'))).toBeNull();
    expect(lastUpdated(await readFile(path.join(out, 'docs/intro/second.html'), 'utf8'))?.text).toBe('Last updated on January 15, 2024 by Ed Example');
    expect(await readFile(path.join(out, 'sitemap.xml'), 'utf8')).toContain('<loc>https://fixture.example/docs/intro/first</loc></url>');
  }, 120_000);
});
