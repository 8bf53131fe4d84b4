import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { compile } from '@mdx-js/mdx';
import GithubSlugger from 'github-slugger';
import matter from 'gray-matter';
import remarkGfm from 'remark-gfm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSite, type GeneratedSite } from '../../../support/generateSite.js';

const DOCS = 300;
const POSTS = 12;

let tmp: string;
let site: string;
let result: GeneratedSite;
let files: Map<string, string>;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'sipadocs-gensite-'));
  site = path.join(tmp, 'site');
  result = await generateSite(site, { docs: DOCS, posts: POSTS, seed: 7 });
  files = await readTree(site);
});

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** All files under `dir`, keyed by POSIX path relative to it. */
async function readTree(dir: string): Promise<Map<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const out = new Map<string, string>();
  for (const entry of entries.filter((e) => e.isFile())) {
    const abs = path.join(entry.parentPath, entry.name);
    out.set(path.relative(dir, abs).split(path.sep).join('/'), await readFile(abs, 'utf8'));
  }
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** Markdown body lines outside fenced code blocks. */
function proseLines(body: string): string[] {
  let inFence = false;
  return body.split('\n').filter((line) => {
    if (line.startsWith('```')) inFence = !inFence;
    return !inFence && !line.startsWith('```');
  });
}

function headingsOf(body: string): { depth: number; text: string }[] {
  return proseLines(body)
    .map((line) => /^(#{2,3}) (.+)$/.exec(line))
    .filter((m) => m !== null)
    .map((m) => ({ depth: m[1]!.length, text: m[2]! }));
}

function docSources(): [string, string][] {
  return [...files].filter(([file]) => file.startsWith('docs/') && file.endsWith('.mdx'));
}

function postSources(): [string, string][] {
  return [...files].filter(([file]) => file.startsWith('blog/') && file.endsWith('.mdx'));
}

describe('generateSite', () => {
  it('is deterministic for a seed and varies with it', async () => {
    const again = path.join(tmp, 'again');
    const other = path.join(tmp, 'other');
    await generateSite(again, { docs: DOCS, posts: POSTS, seed: 7 });
    await generateSite(other, { docs: DOCS, posts: POSTS, seed: 8 });
    expect(await readTree(again)).toEqual(files);
    expect(await readTree(other)).not.toEqual(files);
  });

  it('writes the requested docs and posts plus config, sidebars and authors', () => {
    expect(docSources()).toHaveLength(DOCS);
    expect(result.docs).toHaveLength(DOCS);
    expect(postSources()).toHaveLength(POSTS);
    expect(result.posts).toHaveLength(POSTS);
    expect(result.files).toBe(files.size);
    expect(result.bytes).toBe([...files.values()].reduce((n, text) => n + Buffer.byteLength(text), 0));
    for (const file of ['sipadocs.config.ts', 'sidebars.ts', 'blog/authors.yml']) expect(files.has(file)).toBe(true);
    expect(files.get('blog/authors.yml')).toContain('name: Bench Author');
  });

  it('nests docs 2–3 levels deep with a _category_.json in every folder', () => {
    const folders = new Set(docSources().map(([file]) => path.posix.dirname(file)).filter((dir) => dir !== 'docs'));
    const depths = [...folders].map((dir) => dir.split('/').length - 1);
    expect(Math.max(...depths)).toBeGreaterThanOrEqual(2);
    expect(Math.max(...depths)).toBeLessThanOrEqual(3);
    for (const dir of folders) {
      const category = JSON.parse(files.get(`${dir}/_category_.json`) ?? 'null') as { label: unknown; position: unknown };
      expect(typeof category.label, dir).toBe('string');
      expect(typeof category.position, dir).toBe('number');
    }
  });

  it('gives every doc front matter, 3–8 unique h2/h3 headings and 1–3 code blocks', () => {
    for (const [file, text] of docSources()) {
      const { data, content } = matter(text);
      expect(typeof data.title, file).toBe('string');
      expect(typeof data.description, file).toBe('string');
      expect(typeof data.sidebar_position, file).toBe('number');
      const headings = headingsOf(content);
      expect(headings.length, file).toBeGreaterThanOrEqual(3);
      expect(headings.length, file).toBeLessThanOrEqual(8);
      expect(headings[0]!.depth, file).toBe(2);
      expect(new Set(headings.map((h) => h.text)).size, file).toBe(headings.length);
      const fences = content.match(/^```(js|bash|json)$/gm) ?? [];
      expect(fences.length, file).toBeGreaterThanOrEqual(1);
      expect(fences.length, file).toBeLessThanOrEqual(3);
      expect(content, file).toMatch(/^\| Option \| Type \| Default \| Description \|$/m);
    }
  });

  it('gives every post its front matter and a truncate marker', () => {
    for (const [file, text] of postSources()) {
      expect(file).toMatch(/^blog\/\d{4}-\d{2}-\d{2}-[a-z0-9-]+\.mdx$/);
      const { data, content } = matter(text);
      expect(typeof data.title, file).toBe('string');
      expect(file.endsWith(`-${data.slug as string}.mdx`), file).toBe(true);
      expect(data.authors, file).toEqual(['bench']);
      expect((data.tags as string[]).length, file).toBeGreaterThan(0);
      expect(content, file).toContain('\n{/* truncate */}\n');
    }
  });

  it('links only to docs and headings that exist, 2–5 links per doc', () => {
    const slugsByDoc = new Map<string, Set<string>>();
    for (const [file, text] of docSources()) {
      // A fresh slugger per page, fed the headings in order, is exactly how anchors are assigned.
      const slugger = new GithubSlugger();
      slugsByDoc.set(file, new Set(headingsOf(matter(text).content).map((h) => slugger.slug(h.text))));
    }
    for (const [file, text] of [...docSources(), ...postSources()]) {
      const links = [...text.matchAll(/\]\((\/docs\/[^)#\s]+)(?:#([^)\s]+))?\)/g)];
      if (file.startsWith('docs/')) {
        expect(links.length, file).toBeGreaterThanOrEqual(2);
        expect(links.length, file).toBeLessThanOrEqual(5);
      }
      for (const [, route, anchor] of links) {
        const target = `${route!.slice(1)}.mdx`;
        expect(slugsByDoc.has(target), `${file} -> ${route}`).toBe(true);
        if (anchor !== undefined) expect(slugsByDoc.get(target)!.has(anchor), `${file} -> ${route}#${anchor}`).toBe(true);
      }
    }
  });

  it('writes MDX that compiles with GFM', async () => {
    // A sample is enough: every page comes from the same few templates.
    for (const [file, text] of [...docSources().slice(0, 40), ...postSources()]) {
      await expect(compile(matter(text).content, { remarkPlugins: [remarkGfm] }), file).resolves.toBeDefined();
    }
  }, 30_000);
});
