import type { MarkdownFormatSetting, Mdx1CompatSetting, UserConfig } from '../config/types.js';
import type { ConfigObject } from './evaluated.js';
import type { MigrationNotes } from './notes.js';

const FORMATS: readonly MarkdownFormatSetting[] = ['mdx', 'md', 'detect'];
const COMPAT_KEYS = ['comments', 'admonitions', 'headingIds'] as const;

/**
 * The `markdown` settings of the migrated site, so that its pages are read as Docusaurus read
 * them: Docusaurus 3 reads every .md and .mdx file as MDX unless `markdown.format` says otherwise,
 * with its `mdx1Compat` rewrites; Docusaurus 2 read both as MDX 1, which `mdx1Compat.syntax` reads
 * as it did. The Docusaurus `markdown` object's other keys are reported.
 */
export function migrateMarkdownOptions(markdown: ConfigObject, major: number, notes: MigrationNotes): NonNullable<UserConfig['markdown']> {
  const given = markdown.string('format');
  const format = given && (FORMATS as readonly string[]).includes(given) ? (given as MarkdownFormatSetting) : 'mdx';
  if (given && format !== given) notes.notCarried(`markdown.format: "${given}"`, "sipadocs reads 'mdx', 'md' or 'detect'; 'mdx' was used");
  const compatConfig = markdown.object('mdx1Compat');
  const mdx1Compat: Mdx1CompatSetting = {};
  for (const key of COMPAT_KEYS) {
    const value = compatConfig.boolean(key);
    if (value !== undefined) mdx1Compat[key] = value;
  }
  compatConfig.reportRest(notes);
  if (major === 2) {
    mdx1Compat.syntax = true;
    notes.carriedOver("markdown: .md and .mdx files are read as MDX 1 (Docusaurus 2) read them (format 'mdx', mdx1Compat.syntax)");
  } else {
    notes.carriedOver(`markdown.format: '${format}'${given ? '' : ', the Docusaurus 3 default: .md files are read as MDX too'}`);
  }
  return Object.keys(mdx1Compat).length > 0 ? { format, mdx1Compat } : { format };
}
