import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import matter from 'gray-matter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENCH_SITE, generateSite, type GeneratedSite } from '../../../support/generateSite.js';
import { findHugo } from '../../../bench/hugo.js';
import { convertToHugo, hugoDocRoute, writeHugoSite, type HugoConversion } from '../../../bench/hugoSite.js';

const DOCS = 200;
const POSTS = 12;

let tmp: string;
let generated: GeneratedSite;
let sources: Map<string, string>;
let conversion: HugoConversion;
/** What writeHugoSite wrote, read back from the disk. */
let written: Map<string, string>;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'sipadocs-hugosite-'));
  generated = await generateSite(path.join(tmp, 'site'), { docs: DOCS, posts: POSTS, seed: 5 });
  sources = await readTree(path.join(tmp, 'site'));
  conversion = await writeHugoSite(path.join(tmp, 'site'), path.join(tmp, 'hugo'), BENCH_SITE);
  written = await readTree(path.join(tmp, 'hugo'));
});

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

async function readTree(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const abs = path.join(entry.parentPath, entry.name);
    out.set(path.relative(dir, abs).split(path.sep).join('/'), await readFile(abs, 'utf8'));
  }
  return out;
}

const hugoPage = (file: string) => {
  const text = written.get(file);
  expect(text, file).toBeDefined();
  return matter(text!);
};

describe('the Hugo conversion of the generated corpus', () => {
  it('writes to the disk exactly the files it returns', () => {
    expect(written).toEqual(conversion.files);
  });

  it('gives every doc a Hugo page with the same title, description, weight and body', () => {
    expect(generated.docs).toHaveLength(DOCS);
    const hugoDocs = [...written.keys()].filter((file) => file.startsWith('content/docs/') && !file.endsWith('/_index.md'));
    expect(hugoDocs).toHaveLength(DOCS);
    for (const doc of generated.docs) {
      const target = conversion.contentOf.get(doc)!;
      expect(target, doc).toBe(`content/${doc.replace(/\.mdx$/, '.md')}`);
      const source = matter(sources.get(doc)!);
      const { data, content } = hugoPage(target);
      expect(data, doc).toEqual({ title: source.data.title, description: source.data.description, weight: source.data.sidebar_position });
      expect(typeof data.weight, doc).toBe('number');
      // Docs are plain markdown: nothing is changed, so both generators render the same text.
      expect(content, doc).toBe(source.content);
      // The route sipadocs gives the doc, as Hugo writes it.
      expect(hugoDocRoute(doc)).toBe(`/${doc.replace(/\.mdx$/, '')}/`);
    }
  });

  it('gives every category a section with its label and position that Hugo lists but does not render', () => {
    const categories = [...sources.keys()].filter((file) => file.endsWith('/_category_.json'));
    expect(categories.length).toBeGreaterThan(5);
    for (const file of categories) {
      const category = JSON.parse(sources.get(file)!) as { label: string; position: number };
      const { data } = hugoPage(`content/${path.posix.dirname(file)}/_index.md`);
      expect(data, file).toEqual({ title: category.label, weight: category.position, _build: { render: 'never' } });
    }
    const sections = [...written.keys()].filter((file) => /^content\/docs\/.+\/_index\.md$/.test(file));
    expect(sections).toHaveLength(categories.length);
    expect(hugoPage('content/docs/_index.md').data._build).toEqual({ render: 'never' });
  });

  it('gives every post its date, slug, tags and authors, with the truncate marker as the summary divider', () => {
    expect(generated.posts).toHaveLength(POSTS);
    for (const post of generated.posts) {
      const source = matter(sources.get(post)!);
      const { data, content } = hugoPage(conversion.contentOf.get(post)!);
      const date = /^blog\/(\d{4}-\d{2}-\d{2})-/.exec(post)![1];
      expect(data, post).toEqual({ title: source.data.title, slug: source.data.slug, tags: source.data.tags, authors: ['bench'], date });
      expect(content, post).toBe(source.content.replace('{/* truncate */}', '<!--more-->'));
      expect(content, post).not.toContain('{/*');
    }
    expect(written.get('data/authors.yaml')).toBe(sources.get('blog/authors.yml'));
  });

  it('writes the home page, the archive, the tags page, the config and the layouts the docs pages need', () => {
    expect(hugoPage('content/_index.md').data.title).toBe(matter(sources.get('pages/index.md')!).data.title);
    expect(hugoPage('content/archive.md').data).toMatchObject({ url: '/blog/archive/', layout: 'archive' });
    expect(hugoPage('content/tags/_index.md').data).toMatchObject({ url: '/blog/tags/' });
    const config = JSON.parse(written.get('hugo.json')!);
    expect(config).toMatchObject({ baseURL: `${BENCH_SITE.url}/`, title: BENCH_SITE.title });
    expect(config.disableKinds).toEqual(expect.arrayContaining(['RSS', 'sitemap']));
    expect(config.markup.highlight.codeFences).toBe(true);
    expect(config.markup.tableOfContents).toMatchObject({ startLevel: 2, endLevel: 3 });
    const docLayout = written.get('layouts/docs/single.html')!;
    for (const part of ['docs-sidebar.html', 'docs-neighbours.html', '.TableOfContents', '.Content', 'breadcrumbs']) expect(docLayout).toContain(part);
    // Only the current page's ancestors are expanded, as in sipadocs with sidebarCollapsed.
    expect(written.get('layouts/partials/docs-sidebar.html')).toMatch(/\$open := \$\.page\.IsDescendant \./);
    // Nothing but content, data, config, layouts and the stylesheet.
    for (const file of written.keys()) expect(file).toMatch(/^(content\/|data\/|layouts\/|static\/theme\.css$|hugo\.json$)/);
  });

  it('refuses MDX it cannot convert and front matter it cannot map, naming the file', () => {
    const withDoc = (text: string) => new Map([['docs/extra.mdx', text]]);
    const cases = [
      "---\ntitle: X\n---\n\nimport Tabs from '@theme/Tabs';\n",
      '---\ntitle: X\n---\n\n<Tabs>\n</Tabs>\n',
      '---\ntitle: X\n---\n\nThe answer is {40 + 2}.\n',
      '---\ntitle: X\nslug: /elsewhere\n---\n\nText.\n',
    ];
    for (const text of cases) expect(() => convertToHugo(withDoc(text), BENCH_SITE), text).toThrow(/docs\/extra\.mdx/);
    // The same characters inside code are content, not MDX.
    const code = '---\ntitle: X\n---\n\nUse `{a: 1}` or:\n\n```jsx\nimport Tabs from "x";\n<Tabs>{1}</Tabs>\n```\n';
    expect(convertToHugo(withDoc(code), BENCH_SITE).files.get('content/docs/extra.md')).toContain('<Tabs>{1}</Tabs>');
  });
});

describe('findHugo', () => {
  it('finds nothing, without throwing, on a PATH without an executable hugo', async () => {
    const dir = path.join(tmp, 'path-without-hugo');
    await mkdir(dir, { recursive: true });
    // A file named hugo that cannot be run is not Hugo.
    await writeFile(path.join(dir, 'hugo'), '#!/bin/sh\necho hugo v0\n');
    await chmod(path.join(dir, 'hugo'), 0o644);
    expect(findHugo([dir, path.join(tmp, 'missing')].join(path.delimiter))).toBeNull();
    expect(findHugo('')).toBeNull();
  });
});
