/**
 * How a Docusaurus project asks for math, diagrams and its own magic comments, as the migrated
 * site's `markdown` settings:
 *
 * - math: remark-math (with rehype-katex) among the remark or rehype plugins of the docs, the blog,
 *   the pages or `markdown` → `markdown.math: true`, which renders it with KaTeX at build time;
 * - diagrams: `markdown.mermaid: true` (with the theme `@docusaurus/theme-mermaid`) →
 *   `markdown.mermaid: true`;
 * - `themeConfig.prism.magicComments` → `markdown.magicComments` (see translateTheme.ts).
 *
 * The plugin lists are read without being marked as carried: whatever else they hold is reported
 * where they are read.
 */
import type { UserConfig } from '../config/types.js';
import type { MagicComment } from '../shared/magicComments.js';
import { describeValue, isObject, stubModule, type ConfigObject, type EvaluatedObject } from './evaluated.js';
import type { MigrationNotes } from './notes.js';
import type { Evaluated } from './sandbox.js';

type RenderingOptions = Pick<NonNullable<UserConfig['markdown']>, 'math' | 'mermaid'>;

/** The package a plugin entry names: a string, a required module, or either as the head of `[plugin, options]`. */
function pluginPackage(entry: Evaluated): string | undefined {
  const head = Array.isArray(entry) ? entry[0] : entry;
  const name = typeof head === 'string' ? head : stubModule(head);
  return name?.replace(/^.*node_modules\//, '');
}

/** The plugins sipadocs's math replaces. */
const MATH_PLUGINS = new Set(['remark-math', 'rehype-katex', 'rehype-mathjax']);

/** Whether a remark or rehype plugin entry is one that `markdown.math` stands for. */
export const isMathPlugin = (entry: Evaluated): boolean => MATH_PLUGINS.has(pluginPackage(entry) ?? '');

/** Whether a theme entry is Docusaurus's Mermaid theme, which `markdown.mermaid` stands for. */
export const isMermaidTheme = (entry: Evaluated): boolean => pluginPackage(entry) === '@docusaurus/theme-mermaid';

const PLUGIN_KEYS = ['remarkPlugins', 'rehypePlugins', 'beforeDefaultRemarkPlugins', 'beforeDefaultRehypePlugins'];

/**
 * The math and diagram settings of the migrated site. `contentOptions` are the option objects of
 * the docs, blog and pages (and `markdown`), whose plugin lists are looked into.
 */
export function migrateRenderingOptions(
  markdown: ConfigObject,
  themes: readonly Evaluated[],
  contentOptions: ReadonlyArray<{ where: string; value: Evaluated | undefined }>,
  notes: MigrationNotes,
): RenderingOptions {
  const result: RenderingOptions = {};
  const mathPlugins = contentOptions.flatMap(({ where, value }) =>
    isObject(value) ? PLUGIN_KEYS.flatMap((key) => (Array.isArray(value[key]) ? (value[key] as Evaluated[]).filter(isMathPlugin).map((entry) => `${where}.${key}: ${pluginPackage(entry)}`) : [])) : [],
  );
  if (mathPlugins.length > 0) {
    result.math = true;
    notes.carriedOver(`math (${mathPlugins.join(', ')}): markdown.math renders $…$ and $$…$$ with KaTeX at build time`);
  }
  const mermaid = markdown.boolean('mermaid');
  const mermaidTheme = themes.some(isMermaidTheme);
  if (mermaid) {
    result.mermaid = true;
    notes.carriedOver('markdown.mermaid: ```mermaid blocks are diagrams (install the mermaid package beside sipadocs)');
    if (!mermaidTheme) notes.carriedOver('markdown.mermaid without @docusaurus/theme-mermaid: Docusaurus showed the blocks as code, sipadocs draws them');
  } else if (mermaidTheme) {
    notes.notCarried('theme @docusaurus/theme-mermaid', 'without markdown.mermaid: true Docusaurus shows ```mermaid blocks as code, and so does sipadocs');
  }
  return result;
}

/**
 * `themeConfig.prism.magicComments` as `markdown.magicComments`: each entry with a class name and
 * a line comment or a block's start and end; an entry that has neither is reported.
 */
export function migrateMagicComments(prism: ConfigObject, notes: MigrationNotes): MagicComment[] | undefined {
  const value = prism.get('magicComments');
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) {
    notes.notCarried(`themeConfig.prism.magicComments: ${describeValue(value)}`, 'not a list of magic comments; the default ones are used');
    return undefined;
  }
  const kinds: MagicComment[] = [];
  value.forEach((entry, i) => {
    const where = `themeConfig.prism.magicComments.${i}`;
    const kind = isObject(entry) ? readKind(entry) : null;
    if (kind) kinds.push(kind);
    else notes.notCarried(`${where}: ${describeValue(entry)}`, 'a magic comment needs a className and a line comment or a block start and end');
  });
  notes.carriedOver(`themeConfig.prism.magicComments → markdown.magicComments (${kinds.length} kind${kinds.length === 1 ? '' : 's'})`);
  return kinds;
}

function readKind(entry: EvaluatedObject): MagicComment | null {
  const { className, line, block } = entry;
  if (typeof className !== 'string' || !className) return null;
  const kind: MagicComment = { className };
  if (typeof line === 'string' && line) kind.line = line;
  if (isObject(block) && typeof block.start === 'string' && typeof block.end === 'string' && block.start && block.end) kind.block = { start: block.start, end: block.end };
  return kind.line || kind.block ? kind : null;
}
