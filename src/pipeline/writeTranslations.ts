import fg from 'fast-glob';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { NavItemConfig, SiteConfig } from '../config/types.js';
import { readDocsInstances } from '../model/readDocsInstances.js';
import { exitCodeFor, reportError } from '../errors.js';
import { PACKAGE_ROOT } from '../packageRoot.js';
import { loadSiteConfig } from './loadSite.js';
import { readSources } from './readSources.js';
import { modelSite } from './stages/model.js';
import { THEME_MESSAGES } from '../shared/themeCatalog.js';
import type { SidebarItem } from '../shared/types.js';
import { codeMessagesOf, codeTranslationContent } from '../i18n/codeMessages.js';
import { localesToBuild } from '../i18n/localeConfig.js';
import { themeMessagesFor } from '../i18n/themeMessages.js';
import {
  BLOG_PLUGIN_FOLDER,
  docsPluginFolder,
  readTranslationFile,
  THEME_FOLDER,
  translationsFolder,
  versionTranslationName,
  type TranslationFileContent,
} from '../i18n/translationFiles.js';

/** What write-translations did to one file. */
export interface WrittenTranslationFile {
  /** Site-relative path. */
  file: string;
  /** 'created', 'updated' (keys added to a file that was there), or 'unchanged'. */
  outcome: 'created' | 'updated' | 'unchanged';
  /** Keys added. */
  added: number;
}

/**
 * `sipadocs write-translations [--locale <l>]`: the files a translator fills in for a locale, as
 * `docusaurus write-translations` writes them, under `<i18n.path>/<locale>/`:
 *
 * - `code.json`: the theme's words (in the locale's language where the theme has them) and every
 *   message the site's React code translates (see codeMessagesOf);
 * - `docusaurus-theme-classic/navbar.json` and `footer.json`: the navbar's title, logo text and
 *   item labels, the footer's column titles, link labels and copyright;
 * - `docusaurus-plugin-content-blog/options.json`: the blog's title and description;
 * - `docusaurus-plugin-content-docs[-<id>]/current.json` and `version-<name>.json`: each docs
 *   version's label and its sidebars' category and link labels.
 *
 * A file that is there already keeps every entry it has, translated or not, whatever the site
 * still uses; only the keys it lacks are added (as Docusaurus does). A malformed one is an error
 * (TRANSLATION_INVALID) and is left as it is.
 */
export async function writeTranslations(siteDir: string, locale?: string): Promise<WrittenTranslationFile[]> {
  const config = await loadSiteConfig(siteDir);
  const [target] = locale === undefined ? [config.i18n.defaultLocale] : localesToBuild(config, [locale]);
  const dir = translationsFolder(config, target!);
  const files = new Map<string, TranslationFileContent>();
  files.set('code.json', { ...themeContent(target!, config), ...codeTranslationContent(await codeMessagesOf(await reactFiles(config))) });
  files.set(`${THEME_FOLDER}/navbar.json`, navbarContent(config));
  files.set(`${THEME_FOLDER}/footer.json`, footerContent(config));
  for (const [file, content] of await contentFiles(config)) files.set(file, content);
  const written: WrittenTranslationFile[] = [];
  for (const [relPath, content] of files) {
    if (Object.keys(content).length === 0) continue;
    written.push(await mergeInto(config.siteDir, `${dir}/${relPath}`, content));
  }
  return written;
}

/** The CLI command: writes, then lists what it wrote; exit 1 on an error (a malformed translation file), 2 for an unknown locale. */
export async function writeTranslationsCommand(siteDir: string, locale: string | undefined): Promise<number> {
  try {
    const written = await writeTranslations(siteDir, locale);
    for (const { file, outcome, added } of written) {
      const shown = path.relative(process.cwd(), path.join(path.resolve(siteDir), file)) || file;
      process.stdout.write(`  ${outcome.padEnd(9)} ${shown}${outcome === 'updated' ? ` (${added} key${added === 1 ? '' : 's'} added)` : ''}\n`);
    }
    return 0;
  } catch (error) {
    reportError(error);
    return exitCodeFor(error);
  }
}

/** Adds the keys a file lacks, keeping every entry it has; creates it when it is not there. */
async function mergeInto(siteDir: string, relPath: string, content: TranslationFileContent): Promise<WrittenTranslationFile> {
  const file = path.join(siteDir, relPath);
  const existing = readTranslationFile(file, path.relative(process.cwd(), file) || relPath);
  const missing = Object.keys(content).filter((key) => !existing || !(key in existing));
  if (existing && missing.length === 0) return { file: relPath, outcome: 'unchanged', added: 0 };
  // The file as it was, with the new keys after its own, read from its text so that nothing of it is lost.
  const merged = existing ? { ...(JSON.parse(readFileSync(file, 'utf8').replace(/^\uFEFF/, '')) as Record<string, unknown>) } : {};
  for (const key of missing) merged[key] = content[key];
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(merged, null, 2)}\n`);
  return { file: relPath, outcome: existing ? 'updated' : 'created', added: missing.length };
}

const require = createRequire(path.join(PACKAGE_ROOT, 'package.json'));

/** The theme's words, in the locale's language where the theme has it, each with what it is for where Docusaurus says. */
function themeContent(locale: string, config: SiteConfig): TranslationFileContent {
  const translated = themeMessagesFor(locale, config.i18n.localeConfigs[locale]!.htmlLang);
  const descriptions = packageDescriptions();
  const content: TranslationFileContent = {};
  for (const [id, english] of Object.entries(THEME_MESSAGES)) {
    const description = descriptions[`${id}___DESCRIPTION`];
    content[id] = { message: translated[id] ?? english, ...(description ? { description } : {}) };
  }
  return content;
}

/** The descriptions Docusaurus gives its theme's messages (its translations' `base` files). */
function packageDescriptions(): Record<string, string> {
  const base = path.join(path.dirname(require.resolve('@docusaurus/theme-translations/package.json')), 'locales', 'base');
  const descriptions: Record<string, string> = {};
  for (const file of ['theme-common.json', 'theme-search-algolia.json', 'theme-live-codeblock.json']) {
    const full = path.join(base, file);
    if (existsSync(full)) Object.assign(descriptions, JSON.parse(readFileSync(full, 'utf8')) as Record<string, string>);
  }
  return descriptions;
}

/** The site's own React code: what its pages and components may translate (`src/` and the pages folder). */
async function reactFiles(config: SiteConfig): Promise<string[]> {
  const folders = [...new Set(['src', config.pages.path.replace(/^\.\/+|\/+$/g, '')])];
  const found = await Promise.all(folders.map((folder) => fg('**/*.{js,jsx,ts,tsx,mjs,cjs}', { cwd: path.join(config.siteDir, folder), ignore: ['**/node_modules/**', '**/*.d.ts'], absolute: true }).catch(() => [])));
  return [...new Set(found.flat())];
}

function navbarContent(config: SiteConfig): TranslationFileContent {
  const content: TranslationFileContent = {};
  if (config.navbar.title) content.title = { message: config.navbar.title, description: 'The title in the navbar' };
  if (config.navbar.logo?.alt) content['logo.alt'] = { message: config.navbar.logo.alt, description: 'The alt text of navbar logo' };
  const items = config.navbar.items.flatMap((item): NavItemConfig[] => [item, ...(item.items ?? [])]);
  for (const item of items) {
    if (item.label) content[`item.label.${item.label}`] = { message: item.label, description: `Navbar item with label ${item.label}` };
  }
  return content;
}

function footerContent(config: SiteConfig): TranslationFileContent {
  const content: TranslationFileContent = {};
  for (const column of config.footer.columns) {
    if (column.title) content[`link.title.${column.title}`] = { message: column.title, description: `The title of the footer links column with title=${column.title} in the footer` };
  }
  for (const link of config.footer.columns.flatMap((column) => column.items)) {
    if (link.label) content[`link.item.label.${link.label}`] = { message: link.label, description: `The label of footer link with label=${link.label} linking to ${link.to ?? link.href ?? ''}` };
  }
  if (config.footer.copyright) content.copyright = { message: config.footer.copyright, description: 'The footer copyright' };
  if (config.footer.logo?.alt) content['logo.alt'] = { message: config.footer.logo.alt, description: 'The alt text of footer logo' };
  return content;
}

/**
 * The blog's options and each docs version's labels, from the site's model as the default locale
 * has it: its sidebars with their categories, generated index pages and external links.
 */
async function contentFiles(config: SiteConfig): Promise<Map<string, TranslationFileContent>> {
  const files = new Map<string, TranslationFileContent>();
  const docs = readDocsInstances(config);
  const sources = await readSources(config, docs);
  const { model } = await modelSite(config, sources, docs, { drafts: false, frontMatters: null }, { warn: () => {} });
  if (model.posts.length > 0) {
    files.set(`${BLOG_PLUGIN_FOLDER}/options.json`, {
      title: { message: config.blog.title, description: 'The title for the blog used in SEO' },
      description: { message: config.blog.description, description: 'The description for the blog used in SEO' },
    });
  }
  for (const instance of docs) {
    for (const version of instance.versions) {
      const content: TranslationFileContent = { 'version.label': { message: version.label, description: `The label for version ${version.name}` } };
      const indexes = new Map(model.categoryIndexes.filter((index) => index.pluginId === instance.id && index.version === version.name).map((index) => [index.route, index]));
      const docLabels = new Map(model.docs.filter((doc) => doc.pluginId === instance.id && doc.version === version.name).map((doc) => [doc.id, doc.sidebarLabel]));
      for (const sidebar of model.sidebars.filter((entry) => entry.pluginId === instance.id && entry.version === version.name)) {
        const name = sidebar.name;
        const walk = (items: SidebarItem[]) => {
          for (const item of items) {
            if (item.type === 'category') {
              content[`sidebar.${name}.category.${item.label}`] = { message: item.label, description: `The label for category ${item.label} in sidebar ${name}` };
              const index = item.href ? indexes.get(item.href) : undefined;
              if (index && index.title !== item.label) content[`sidebar.${name}.category.${item.label}.link.generated-index.title`] = { message: index.title, description: `The generated-index page title for category ${item.label} in sidebar ${name}` };
              if (index?.description) content[`sidebar.${name}.category.${item.label}.link.generated-index.description`] = { message: index.description, description: `The generated-index page description for category ${item.label} in sidebar ${name}` };
              walk(item.items);
            } else if (item.type === 'external') {
              content[`sidebar.${name}.link.${item.label}`] = { message: item.label, description: `The label for link ${item.label} in sidebar ${name}, linking to ${item.href}` };
            } else if (item.type === 'link' && item.docId && item.label !== docLabels.get(item.docId)) {
              content[`sidebar.${name}.doc.${item.label}`] = { message: item.label, description: `The label for the doc item ${item.label} in sidebar ${name}, linking to the doc ${item.docId}` };
            }
          }
        };
        walk(sidebar.items);
      }
      files.set(`${docsPluginFolder(instance.id)}/${versionTranslationName(version.name)}.json`, content);
    }
  }
  return files;
}
