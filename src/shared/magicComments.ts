/** One kind of magic comment in code blocks (Docusaurus's `themeConfig.prism.magicComments` entries; see compiler/mdx/magicComments.ts). */
export interface MagicComment {
  /** Class names the marked lines get. */
  className: string;
  /** The comment that marks the line after it. */
  line?: string;
  /** The comments that open and close a range of marked lines. */
  block?: { start: string; end: string };
}

/** What sipadocs reads without configuration: Docusaurus's default, with the theme's class for highlighted lines. */
export const DEFAULT_MAGIC_COMMENTS: readonly MagicComment[] = [
  { className: 'highlighted', line: 'highlight-next-line', block: { start: 'highlight-start', end: 'highlight-end' } },
];
