/**
 * Converts a site written by `generateSite` into a Hugo site with the same content, so the
 * benchmark can build both and compare: each doc becomes `content/docs/<id>.md` with its front
 * matter mapped (title, description, weight from sidebar_position, linkTitle from
 * sidebar_label), each category folder an `_index.md` with its label and position, each blog
 * post `content/blog/<file>.md` with its date, slug, tags and authors, and the home page
 * `content/_index.md`. Hugo's config and layouts come from hugoTheme.ts.
 *
 * The corpus is markdown in `.mdx` files: the only MDX left in it is the blog's
 * `{/* truncate *\/}` marker, which becomes Hugo's `<!--more-->`. Anything else MDX-only (an
 * import, a JSX element, an expression) is not converted but refused with an error naming the
 * file, since dropping it would make the two builds do different work.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import matter from 'gray-matter';
import yaml from 'js-yaml';
import { writeFiles } from '../support/generateSite.js';
import { hugoConfig, hugoThemeFiles } from './hugoTheme.js';

export interface HugoConversion {
  /** The Hugo site's files by path relative to its folder (POSIX separators). */
  files: Map<string, string>;
  /** Each doc and post source of the sipadocs site (`docs/a/b.mdx`) -> its Hugo content file (`content/docs/a/b.md`). */
  contentOf: Map<string, string>;
}

/** The Hugo route of a doc source: `docs/a/b.mdx` -> `/docs/a/b/` (Hugo's default, pretty URLs). */
export function hugoDocRoute(source: string): string {
  return `/${source.replace(/\.mdx?$/, '')}/`;
}

/**
 * Reads the sipadocs site in `siteDir` (as written by generateSite), writes the equivalent Hugo
 * site into `hugoDir` and returns the conversion.
 */
export async function writeHugoSite(siteDir: string, hugoDir: string, site: { title: string; url: string }): Promise<HugoConversion> {
  const sources = new Map<string, string>();
  for (const entry of await readdir(siteDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.relative(siteDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    sources.set(file, await readFile(path.join(siteDir, file), 'utf8'));
  }
  const conversion = convertToHugo(sources, site);
  await writeFiles(hugoDir, conversion.files);
  return conversion;
}

/**
 * The Hugo site for the sipadocs site whose files are `sources` (paths relative to the site
 * folder). Pure: text in, text out. Throws on content the conversion does not handle.
 */
export function convertToHugo(sources: ReadonlyMap<string, string>, site: { title: string; url: string }): HugoConversion {
  const files = new Map<string, string>(hugoThemeFiles());
  const contentOf = new Map<string, string>();
  files.set('hugo.json', hugoConfig(site));
  // The docs root and the categories are sections sipadocs writes no page for: Hugo lists them
  // (the sidebar needs them) but renders none.
  files.set('content/docs/_index.md', page({ title: 'Docs', _build: { render: 'never' } }, ''));
  files.set('content/archive.md', page({ title: 'Archive', url: '/blog/archive/', layout: 'archive' }, ''));
  files.set('content/tags/_index.md', page({ title: 'Tags', url: '/blog/tags/' }, ''));

  for (const [file, text] of sources) {
    if (/^docs\/(.+\/)?_category_\.json$/.test(file)) {
      const category = JSON.parse(text) as { label?: unknown; position?: unknown };
      if (typeof category.label !== 'string') throw new Error(`${file}: a category needs a label`);
      const data: Record<string, unknown> = { title: category.label, _build: { render: 'never' } };
      if (typeof category.position === 'number') data.weight = category.position;
      files.set(`content/${path.posix.dirname(file)}/_index.md`, page(data, ''));
    } else if (/^docs\/.+\.mdx?$/.test(file)) {
      const target = `content/${file.replace(/\.mdx?$/, '.md')}`;
      files.set(target, convertDoc(file, text));
      contentOf.set(file, target);
    } else if (/^blog\/.+\.mdx?$/.test(file)) {
      const target = `content/${file.replace(/\.mdx?$/, '.md')}`;
      files.set(target, convertPost(file, text));
      contentOf.set(file, target);
    } else if (file === 'blog/authors.yml') {
      files.set('data/authors.yaml', text);
    } else if (file === 'pages/index.md' || file === 'pages/index.mdx') {
      const { data, content } = matter(text);
      files.set('content/_index.md', page({ title: data.title }, convertBody(file, content)));
    } else if (!['sipadocs.config.ts', 'sidebars.ts'].includes(file)) {
      throw new Error(`${file}: the Hugo conversion does not handle this file`);
    }
  }
  return { files, contentOf };
}

/** Front matter mapping of docs: sipadocs key -> Hugo key. */
const DOC_KEYS: Record<string, string> = { title: 'title', description: 'description', sidebar_position: 'weight', sidebar_label: 'linkTitle' };

function convertDoc(file: string, text: string): string {
  const { data, content } = matter(text);
  const mapped: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    const hugoKey = DOC_KEYS[key];
    if (!hugoKey) throw new Error(`${file}: the Hugo conversion has no mapping for the front matter key "${key}"`);
    mapped[hugoKey] = value;
  }
  return page(mapped, convertBody(file, content));
}

const POST_KEYS = new Set(['title', 'description', 'slug', 'tags', 'authors', 'date']);

function convertPost(file: string, text: string): string {
  const { data, content } = matter(text);
  for (const key of Object.keys(data)) {
    if (!POST_KEYS.has(key)) throw new Error(`${file}: the Hugo conversion has no mapping for the front matter key "${key}"`);
  }
  // sipadocs takes the date and slug from the file name unless the front matter gives them.
  const named = /(\d{4}-\d{2}-\d{2})-(.+)\.mdx?$/.exec(path.posix.basename(file));
  const date = data.date instanceof Date ? data.date.toISOString().slice(0, 10) : (data.date ?? named?.[1]);
  if (!date) throw new Error(`${file}: a post needs a date in its file name or front matter`);
  return page({ ...data, date: String(date), slug: data.slug ?? named?.[2] }, convertBody(file, content));
}

/** A Hugo content file: YAML front matter, then the body. */
function page(data: Record<string, unknown>, body: string): string {
  return `---\n${yaml.dump(data, { lineWidth: -1 })}---\n${body}`;
}

/**
 * The markdown of an MDX body: `{/* truncate *\/}` becomes Hugo's summary divider, other MDX
 * comments are dropped; imports, exports, JSX and expressions are refused. Code is left alone.
 */
export function convertBody(file: string, body: string): string {
  let fence: string | null = null;
  const lines = body.split('\n').flatMap((line, index): string[] => {
    const opener = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== null) {
      if (opener && opener[0] === fence[0] && opener.length >= fence.length && line.trim() === opener) fence = null;
      return [line];
    }
    if (opener) {
      fence = opener;
      return [line];
    }
    if (/^\s*\{\/\*\s*truncate\s*\*\/\}\s*$/.test(line)) return ['<!--more-->'];
    if (/^\s*\{\/\*[\s\S]*\*\/\}\s*$/.test(line)) return [];
    // Inline code may hold anything; outside it, these are MDX.
    const prose = line.replace(/`[^`]*`/g, '');
    if (/^(import|export)\s/.test(line) || /<[A-Z]/.test(prose) || /[{}]/.test(prose)) {
      throw new Error(`${file}, body line ${index + 1}: MDX syntax the Hugo conversion does not handle: ${line.trim()}`);
    }
    return [line];
  });
  return lines.join('\n');
}
