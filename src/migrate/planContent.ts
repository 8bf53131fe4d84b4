import yaml from 'js-yaml';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { postPathInfo } from '../model/blog.js';
import { parseFrontMatter } from '../model/frontMatter.js';
import { siteFileName } from './fileNames.js';
import { setFrontMatterField } from './frontMatterEdit.js';
import type { MigrationNotes } from '../docusaurus/notes.js';
import { NOT_PAGES, REACT_PAGE_PATTERNS } from '../docusaurus/projectPages.js';
import { planReactPages } from './reactPages.js';
import { isPackageSpecifier } from '../docusaurus/importGraph.js';
import type { DocusaurusProject } from '../docusaurus/readProject.js';
import type { SitePackages } from './sitePackages.js';
import { planDocs } from './planDocs.js';
import type { SitePlan } from './sitePlan.js';
import { planSwizzled } from './swizzled.js';
import { noteInfimaVariables } from '../docusaurus/infimaVariables.js';

/** Where the content of the migrated site lives, relative to the site folder. */
export interface ContentLayout {
  /** The default docs instance's folder. */
  docsPath: string;
  /** Each docs instance's folder, by id (the default one's included). */
  docsPaths: Map<string, string>;
  blogPath: string;
  pagesPath: string;
  staticDir: string;
  customCss: string[];
  /** Number of blog posts planned (for postsPerPage: 'ALL'). */
  posts: number;
}

const IGNORED = ['**/node_modules/**', '**/.DS_Store'];

/**
 * Plans the copy of the project's content: docs, blog (with its authors file), static files, the
 * `src` folder (styles, components, markdown pages; React pages through planReactPages) and the
 * custom style sheets. The folders keep their names and places, so imports between files keep
 * working; only what sipadocs reads differently is changed in the copy (noted in the report).
 */
export async function planContent(project: DocusaurusProject, plan: SitePlan, packages: SitePackages): Promise<ContentLayout> {
  const { projectDir, site, notes, bounds } = project;
  const listFiles = async (what: string, folder: string, dot = false): Promise<Array<{ from: string; rel: string }>> => {
    if (!bounds.allows(what, folder)) return [];
    const files = await bounds.listFiles(folder, { dot, ignore: IGNORED });
    return files.map((rel) => ({ from: path.join(projectDir, folder, rel), rel }));
  };
  const inProject = (rel: string) => rel !== '.' && !rel.startsWith('../') && rel !== '..';
  const folderFor = (rel: string | undefined, fallback: string) => (rel && inProject(rel) ? rel : fallback);
  const layout: ContentLayout = {
    docsPath: folderFor(site.docs?.path, 'docs'),
    docsPaths: new Map(),
    blogPath: folderFor(site.blog?.path, 'blog'),
    pagesPath: folderFor(site.pagesPath ?? undefined, 'src/pages'),
    staticDir: 'static',
    customCss: [],
    posts: 0,
  };

  for (const docs of [...(site.docs ? [site.docs] : []), ...site.moreDocs]) {
    const docsPath = docs === site.docs ? layout.docsPath : folderFor(docs.path, docs.id);
    layout.docsPaths.set(docs.id, docsPath);
    await planDocs(docs, docsPath, project, plan, listFiles);
  }

  if (site.blog) {
    for (const { from, rel } of await listFiles('presets.classic.blog.path', site.blog.path)) {
      const to = `${layout.blogPath}/${rel}`;
      if (/\.mdx?$/.test(rel) && !/(^|\/)_/.test(rel)) {
        layout.posts++;
        const dated = datePost(rel, readFileSync(from, 'utf8'), statSync(from).mtime);
        if (dated) {
          plan.write(to, dated.text);
          notes.carriedOver(`${site.blog.path}/${rel}: ${dated.why}`);
          continue;
        }
      }
      plan.copy(from, siteFileName(to, to.endsWith('.js') ? readFileSync(from, 'utf8') : null));
    }
    const authors = path.join(projectDir, site.blog.authorsFile);
    const ownName = /^authors\.ya?ml$/.test(path.posix.relative(site.blog.path, site.blog.authorsFile));
    if (!ownName && existsSync(authors) && bounds.allows('presets.classic.blog.authorsMapPath', authors)) {
      // sipadocs reads the blog's authors.yml; JSON is YAML too.
      plan.write(`${layout.blogPath}/authors.yml`, readFileSync(authors, 'utf8'));
      notes.carriedOver(`the authors file ${site.blog.authorsFile} became ${layout.blogPath}/authors.yml`);
    }
  }

  for (const [i, dir] of site.staticDirs.entries()) {
    if (!bounds.allows('staticDirectories', dir)) continue;
    for (const { from, rel } of await listFiles('staticDirectories', dir, true)) {
      if (!plan.copy(from, `${layout.staticDir}/${rel}`)) {
        notes.notCarried(`${dir}/${rel}`, `another static folder has a file of the same name, which was kept`);
      }
    }
    if (i > 0) notes.carriedOver(`static folder ${dir} was merged into ${layout.staticDir}/`);
  }

  const handledPages = site.pagesPath === null ? new Set<string>() : await planReactPages(project, layout.pagesPath, (specifier) => packages.classify(specifier) !== 'unsupported', plan);
  const pageCandidates = new Set(
    site.pagesPath === null ? [] : (await bounds.glob(layout.pagesPath, REACT_PAGE_PATTERNS, { ignore: NOT_PAGES })).map((rel) => `${layout.pagesPath}/${rel}`),
  );
  const themeFiles: Array<{ from: string; rel: string }> = [];
  for (const { from, rel } of await listFiles('the src folder', 'src')) {
    const projectPath = `src/${rel}`;
    if (rel.startsWith('theme/')) {
      themeFiles.push({ from, rel: rel.slice('theme/'.length) });
      continue;
    }
    // React pages are planned (or replaced) by planReactPages; anything else in src/ comes along.
    if (handledPages.has(projectPath) || pageCandidates.has(projectPath)) continue;
    if (plan.has(projectPath)) continue;
    plan.copy(from, siteFileName(projectPath, projectPath.endsWith('.js') ? readFileSync(from, 'utf8') : null));
  }
  await planSwizzled(projectDir, themeFiles, packages, plan, notes);
  if (site.pagesPath !== null && !layout.pagesPath.startsWith('src/')) {
    for (const { from, rel } of await listFiles('presets.classic.pages.path', layout.pagesPath)) {
      const projectPath = `${layout.pagesPath}/${rel}`;
      if (!handledPages.has(projectPath) && !pageCandidates.has(projectPath) && !plan.has(projectPath)) plan.copy(from, projectPath);
    }
  }

  for (const css of site.customCss) {
    const file = path.join(projectDir, css);
    if (!bounds.allows('presets.classic.theme.customCss', file)) continue;
    const packaged = !existsSync(file) ? packages.stylesheet(css) : null;
    if (packaged) {
      layout.customCss.push(packaged);
      notes.carriedOver(`customCss ${css}: the package's style sheet, ${packaged} once the site's packages are installed`);
      continue;
    }
    if (!inProject(css) || !existsSync(file)) {
      notes.notCarried(`customCss ${css}`, inProject(css) ? 'the file does not exist' : 'the file is outside the folder of the config');
      continue;
    }
    if (!plan.has(css)) plan.copy(file, css);
    layout.customCss.push(css);
    noteInfimaVariables(css, readFileSync(file, 'utf8'), notes);
  }

  // Packages the docs, posts and markdown pages import go into the package.json too.
  for (const { text } of plan.texts(/\.mdx?$/)) for (const specifier of markdownImports(text)) packages.classify(specifier);
  // The translations, in Docusaurus's layout, which sipadocs reads as it is (a JSX page's copy renamed as its original is).
  const translations = site.site.i18n?.path ?? 'i18n';
  if (inProject(translations) && existsSync(path.join(projectDir, translations))) {
    for (const { from, rel } of await listFiles('i18n.path', translations)) {
      const to = `${translations}/${rel}`;
      plan.copy(from, siteFileName(to, to.endsWith('.js') ? readFileSync(from, 'utf8') : null));
    }
  }
  return layout;
}

/** The bare specifiers a markdown file's top-level `import` statements name (`import X from 'pkg'`, `import 'pkg/style.css'`). */
export function markdownImports(text: string): string[] {
  const found = new Set<string>();
  let fence: string | null = null;
  for (const line of text.split('\n')) {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === null || marker.startsWith(fence))) {
      fence = fence === null ? marker : null;
      continue;
    }
    if (fence !== null) continue;
    const match = /^import\s+(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/.exec(line);
    if (match && !/^(@site\/|\.{1,2}\/|\/)/.test(match[1]!) && isPackageSpecifier(match[1]!)) found.add(match[1]!);
  }
  return [...found];
}

/**
 * A post's date comes from its file name or its front matter, in sipadocs as in Docusaurus; an
 * undated post takes the file's time in Docusaurus, so it gets that date in a `date:` line of the copy.
 */
function datePost(rel: string, text: string, modified: Date): { text: string; why: string } | null {
  if (postPathInfo(rel).date) return null;
  let frontMatter: Record<string, unknown>;
  try {
    frontMatter = parseFrontMatter(text, rel).data;
  } catch {
    return null; // the build reports the YAML error where it is
  }
  if (frontMatter.date !== undefined) return null;
  const date = modified.toISOString().slice(0, 10);
  return { text: setFrontMatterField(text, 'date', date), why: `it has no date; Docusaurus would use the file's time, so ${date} was written into its front matter` };
}
