import path from 'node:path';
import type { SidebarsConfig } from '../config/defineConfig.js';
import type { SiteConfig } from '../config/types.js';
import { SiteError, SiteErrors } from '../errors.js';
import type { Author } from '../shared/types.js';
import { createPost, firstParagraph, parseAuthors } from './blog.js';
import { createDoc, parseCategoryFile, type CategoryMeta } from './docs.js';
import { parseFrontMatter } from './frontMatter.js';
import type { Doc, SiteModel, SitePage, BlogPost } from './model.js';
import { createMarkdownPage, createReactPage } from './pages.js';
import type { SourceFile } from './scan.js';
import { buildSidebars } from './sidebar.js';

/** A scanned file with its text, as the orchestrator read it. */
export interface LoadedSource extends SourceFile {
  text: string;
  /**
   * Why the file could not be read as a source (binary, not UTF-8, too large); its text is then
   * empty. Reported with the model's other errors.
   */
  problem?: SiteError;
}

/**
 * Builds the site model from the source texts: docs, sidebars, category indexes, blog posts and
 * pages. Pure: no disk, no clock. Problems in several files are all collected, then thrown together.
 */
export function buildSiteModel(config: SiteConfig, sources: LoadedSource[], sidebarsConfig: SidebarsConfig | null, sidebarsFile: string): SiteModel {
  const errors: SiteError[] = [];
  const attempt = <T>(fn: () => T): T | undefined => {
    try {
      return fn();
    } catch (error) {
      if (error instanceof SiteError) {
        errors.push(error);
        return undefined;
      }
      throw error;
    }
  };

  // An unreadable file is an error of its own; as an empty file it trips nothing else up.
  for (const source of sources) if (source.problem) errors.push(source.problem);

  const categories = new Map<string, CategoryMeta>();
  let authors = new Map<string, Author>();
  for (const source of sources) {
    if (source.problem && (source.section === 'docsCategory' || source.section === 'blogAuthors')) continue;
    if (source.section === 'docsCategory') {
      const dir = path.posix.dirname(path.posix.relative(config.docs.path, source.relPath));
      const meta = attempt(() => parseCategoryFile(source.relPath, source.text));
      if (meta) categories.set(dir === '.' ? '' : dir, meta);
    }
    if (source.section === 'blogAuthors') authors = attempt(() => parseAuthors(source.relPath, source.text)) ?? authors;
  }

  const docs: Doc[] = [];
  const posts: BlogPost[] = [];
  const pages: SitePage[] = [];
  for (const source of sources) {
    const input = () => ({ relPath: source.relPath, absPath: source.absPath, text: source.text, parsed: parseFrontMatter(source.text, source.relPath) });
    if (source.section === 'docs') {
      const doc = attempt(() => createDoc(input(), config));
      if (doc) docs.push(doc);
    } else if (source.section === 'blog') {
      const post = attempt(() => createPost(input(), authors, config, firstParagraph));
      if (post) posts.push(post);
    } else if (source.section === 'pages') {
      const page = attempt(() =>
        /\.mdx?$/.test(source.relPath)
          ? createMarkdownPage(source.relPath, source.absPath, source.text, parseFrontMatter(source.text, source.relPath), config)
          : createReactPage(source.relPath, source.absPath, config),
      );
      if (page) pages.push(page);
    }
  }
  posts.sort((a, b) => (a.date === b.date ? a.slug.localeCompare(b.slug) : a.date < b.date ? 1 : -1));

  const sidebars = attempt(() => buildSidebars(config, docs, categories, sidebarsConfig, sidebarsFile));
  if (errors.length > 0) throw new SiteErrors(errors);
  return {
    docs,
    sidebars: sidebars!.sidebars,
    placements: sidebars!.placements,
    categoryIndexes: sidebars!.categoryIndexes,
    posts,
    pages,
    announcementBar: config.announcementBar,
  };
}
