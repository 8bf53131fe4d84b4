import path from 'node:path';
import type { SidebarsConfig } from '../config/defineConfig.js';
import type { SiteConfig } from '../config/types.js';
import { SiteError, SiteErrors, codeFrame } from '../errors.js';
import type { Author } from '../shared/types.js';
import { blogRoute, createPost, firstParagraph, parseAuthors } from './blog.js';
import { createDoc, parseCategoryFile, unversionedDocs, type CategoryMeta } from './docs.js';
import type { DocsInstance, DocsVersion } from './docsVersions.js';
import { parseFrontMatter, type FrontMatterWarning, type ParsedSource } from './frontMatter.js';
import type { Doc, SiteModel, SitePage, BlogPost } from './model.js';
import { createMarkdownPage, createReactPage } from './pages.js';
import type { SourceFile } from './scan.js';
import { buildSidebars, type SidebarLabels } from './sidebar.js';

/** A scanned file with its text, as the orchestrator read it. */
export interface LoadedSource extends SourceFile {
  text: string;
  /**
   * Why the file could not be read as a source (binary, not UTF-8, too large); its text is then
   * empty. Reported with the model's other errors.
   */
  problem?: SiteError;
  /** The file's last modification, as a date (YYYY-MM-DD): given for blog posts of a Docusaurus project, whose undated posts take it (see ProjectReading). */
  modified?: string;
}

/** A version's sidebars file, loaded: null for one sidebar generated from its folder. */
export interface LoadedSidebars {
  config: SidebarsConfig | null;
  /** The file, for messages ('' when there is none). */
  file: string;
}

export interface SiteModelOptions {
  /** Keep draft docs, posts and pages (`serve --watch`); a production build leaves them out. */
  drafts?: boolean;
  /**
   * The docs instances with their versions (see readDocsInstances), and the sidebars of each
   * version by versionKey. Without them, the site's docs folder is its only docs, with the
   * sidebars given to buildSiteModel.
   */
  docs?: { instances: DocsInstance[]; sidebars: ReadonlyMap<string, LoadedSidebars> };
  /**
   * Given, the content errors go here and the model of what had none is returned, so that the
   * build reports the compile errors of the other pages with them; without it they are thrown.
   */
  onContentErrors?: (errors: SiteError[]) => void;
  /** Reads a source's front matter (default parseFrontMatter); a watch session's keeps each file's reading while its text is the same. */
  readFrontMatter?: (text: string, file: string) => ParsedSource;
  /** The sidebar labels of each docs version in the locale built (see SidebarLabels); none without it. */
  sidebarLabels?: (pluginId: string, version: string) => SidebarLabels;
}

/** A version's key in maps: "<instance>@<version>". */
export const versionKey = (pluginId: string, version: string) => `${pluginId}@${version}`;

/**
 * Builds the site model from the source texts: docs, sidebars, category indexes, blog posts and
 * pages. Pure: no disk, no clock. Problems in several files are all collected, then thrown together.
 * Unless `options.drafts` is set, drafts are left out here, before anything else sees them.
 */
export function buildSiteModel(
  config: SiteConfig,
  sources: LoadedSource[],
  sidebarsConfig: SidebarsConfig | null,
  sidebarsFile: string,
  options: SiteModelOptions = {},
): SiteModel {
  const errors: SiteError[] = [];
  const warnings: FrontMatterWarning[] = [];
  const warn = (warning: FrontMatterWarning) => warnings.push(warning);
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

  const only = unversionedDocs(config);
  const instances = options.docs?.instances ?? [{ id: only.pluginId, config: config.docsInstances[0]!, versions: [only], lastVersion: only.name }];
  const versions = new Map(instances.flatMap((instance) => instance.versions.map((version) => [versionKey(instance.id, version.name), version] as const)));
  const versionOf = (source: LoadedSource): DocsVersion | undefined => versions.get(source.docs ? versionKey(source.docs.pluginId, source.docs.version) : versionKey(only.pluginId, only.name));
  // `_category_` files by version, then by raw folder inside the version's docs folder.
  const categories = new Map<DocsVersion, Map<string, CategoryMeta>>();
  let authors = new Map<string, Author>();
  for (const source of sources) {
    if (source.problem && (source.section === 'docsCategory' || source.section === 'blogAuthors')) continue;
    const version = source.section === 'docsCategory' ? versionOf(source) : undefined;
    if (version) {
      const dir = path.posix.dirname(path.posix.relative(version.docsDir, source.relPath));
      const meta = attempt(() => parseCategoryFile(source.relPath, source.text));
      if (!categories.has(version)) categories.set(version, new Map());
      if (meta) categories.get(version)!.set(dir === '.' ? '' : dir, meta);
    }
    if (source.section === 'blogAuthors') authors = attempt(() => parseAuthors(source.relPath, source.text, config.blog.authorsPages ? blogRoute(config, 'authors') : null, config.baseUrl)) ?? authors;
  }

  const readFrontMatter = options.readFrontMatter ?? parseFrontMatter;
  let docs: Doc[] = [];
  let posts: BlogPost[] = [];
  let pages: SitePage[] = [];
  for (const source of sources) {
    const input = () => ({ relPath: source.relPath, absPath: source.absPath, text: source.text, parsed: readFrontMatter(source.text, source.relPath), modified: source.modified });
    const version = source.section === 'docs' ? versionOf(source) : undefined;
    if (version) {
      const doc = attempt(() => createDoc(input(), config, warn, version));
      if (doc) docs.push(doc);
    } else if (source.section === 'blog') {
      const post = attempt(() => createPost(input(), authors, config, firstParagraph, warn));
      if (post) posts.push(post);
    } else if (source.section === 'pages') {
      const page = attempt(() =>
        /\.mdx?$/.test(source.relPath)
          ? createMarkdownPage(source.relPath, source.absPath, source.text, readFrontMatter(source.text, source.relPath), config, warn)
          : createReactPage(source.relPath, source.absPath, config),
      );
      if (page) pages.push(page);
    }
  }
  // Doc ids of drafts, by version.
  const draftDocIds = new Map<string, Set<string>>();
  let draftsLeftOut = 0;
  if (!options.drafts) {
    for (const doc of docs) {
      const key = versionKey(doc.pluginId, doc.version);
      if (doc.draft) draftDocIds.set(key, (draftDocIds.get(key) ?? new Set()).add(doc.id));
    }
    const before = docs.length + posts.length + pages.length;
    docs = docs.filter((doc) => !doc.draft);
    posts = posts.filter((post) => !post.draft);
    pages = pages.filter((page) => !page.draft);
    draftsLeftOut = before - docs.length - posts.length - pages.length;
  }
  posts.sort((a, b) => (a.date === b.date ? a.slug.localeCompare(b.slug) : a.date < b.date ? 1 : -1));

  const docsByVersion = new Map<string, Doc[]>();
  for (const doc of docs) {
    const key = versionKey(doc.pluginId, doc.version);
    const list = docsByVersion.get(key);
    if (list) list.push(doc);
    else docsByVersion.set(key, [doc]);
  }
  const sidebars: SiteModel['sidebars'] = [];
  const placements: SiteModel['placements'] = new Map();
  const categoryIndexes: SiteModel['categoryIndexes'] = [];
  for (const [key, version] of versions) {
    const ofVersion = docsByVersion.get(key) ?? [];
    const leftOut = draftDocIds.get(key) ?? new Set<string>();
    const declared = options.docs?.sidebars.get(key) ?? (version === only ? { config: sidebarsConfig, file: sidebarsFile } : { config: null, file: '' });
    // A stored version without a sidebars file has no sidebar, as in Docusaurus.
    const built = version.sidebarsFile === null ? { sidebars: [], placements: new Map(), categoryIndexes: [] } : attempt(() => buildSidebars(config, ofVersion, categories.get(version) ?? new Map(), declared.config, declared.file, leftOut, version, options.sidebarLabels?.(version.pluginId, version.name)));
    if (built) {
      sidebars.push(...built.sidebars);
      for (const [route, placement] of built.placements) placements.set(route, placement);
      categoryIndexes.push(...built.categoryIndexes);
    }
    for (const error of resolvePagination(ofVersion, leftOut)) errors.push(error);
  }
  if (errors.length > 0) {
    if (!options.onContentErrors) throw new SiteErrors(errors);
    options.onContentErrors(errors);
  }
  return {
    docsInstances: instances,
    docs,
    sidebars,
    placements,
    categoryIndexes,
    posts,
    blogAuthors: [...authors.values()],
    pages,
    announcementBar: config.announcementBar,
    warnings,
    draftsLeftOut,
  };
}

/**
 * Turns each doc's `pagination_prev`/`pagination_next` into its previous/next link: null hides
 * the link, a doc id links to that doc. An id that names no doc is an error; one that names a draft
 * left out of the build hides the link, as the draft is gone.
 */
function resolvePagination(docs: Doc[], draftDocIds: ReadonlySet<string>): SiteError[] {
  const byId = new Map(docs.map((doc) => [doc.id, doc]));
  const errors: SiteError[] = [];
  for (const doc of docs) {
    for (const [key, side] of [['pagination_prev', 'previous'], ['pagination_next', 'next']] as const) {
      if (!Object.hasOwn(doc.frontMatter, key)) continue;
      const id = doc.frontMatter[key] as string | null;
      const target = id === null ? undefined : byId.get(id);
      if (id === null || target || draftDocIds.has(id)) {
        doc.pagination[side] = target ? { title: target.paginationLabel ?? target.sidebarLabel, permalink: target.route } : null;
        continue;
      }
      const line = doc.source.text.split('\n').findIndex((text) => text.startsWith(`${key}:`)) + 1;
      errors.push(
        new SiteError({
          code: 'UNKNOWN_DOC_ID',
          message: `front matter "${key}" names doc "${id}", which does not exist`,
          location: { file: doc.source.relPath, line: line || undefined, column: line ? 1 : undefined },
          frame: line ? codeFrame(doc.source.text, line, 1) : undefined,
          hint: `Give the id of a doc (its path in the docs folder without extension and number prefixes, e.g. "${docs.find((d) => d !== doc)?.id ?? doc.id}"), or null to hide the link.`,
        }),
      );
    }
  }
  return errors;
}
