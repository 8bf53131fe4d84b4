import { DEFAULT_MAGIC_COMMENTS, type MagicComment } from './magicComments.js';

/** What a page needs besides its module: KaTeX's style sheet, or the diagram runtime (see pipeline/stages/pageAssets.ts). */
export type PageFeature = 'math' | 'mermaid' | 'liveCode';

/**
 * The site's settings that change how content renders beyond plain markdown: the magic comments
 * of code blocks, math and diagrams. Plain data, sent to compile workers with the other settings.
 */
export interface RenderingSettings {
  /** The kinds of magic comment code blocks may hold (see magicComments.ts); the first also marks `{1,3-5}` ranges. */
  magicComments: readonly MagicComment[];
  /** `$…$` and `$$…$$` are math, rendered to HTML at build time (markdown.math). */
  math: boolean;
  /** ```mermaid blocks are diagrams, drawn in the browser (markdown.mermaid); otherwise they are code. */
  mermaid: boolean;
}

export const DEFAULT_RENDERING: RenderingSettings = { magicComments: DEFAULT_MAGIC_COMMENTS, math: false, mermaid: false };
