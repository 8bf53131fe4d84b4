/**
 * Line-level rewrites applied before MDX parses a body. Every rewrite keeps the number of lines,
 * so positions reported by the MDX compiler still point at the right line of the source file.
 */
export interface Preprocessed {
  text: string;
  /** Explicit heading ids (`## Title {#id}`) by 1-based line. */
  customIds: Map<number, string>;
  /** 1-based line of the truncate marker, or null. */
  truncateLine: number | null;
}

export const ADMONITION_TYPES = ['note', 'tip', 'info', 'caution', 'danger', 'warning', 'important', 'success', 'secondary'];

const FENCE = /^\s{0,3}(`{3,}|~{3,})(.*)$/;
const HEADING_ID = /^(\s{0,3}#{1,6}\s.*?)\s*\\?\{#([^}\s]+)\}\s*$/;
const ADMONITION_TITLE = new RegExp(`^(\\s*:{3,})(${ADMONITION_TYPES.join('|')})[ \\t]+([^\\[{\\s].*?)\\s*$`);
const TRUNCATE = /^\s*(<!--\s*truncate\s*-->|\{\/\*\s*truncate\s*\*\/\})\s*$/;

/** Which of Docusaurus's rewrites for content written before MDX 2 apply (markdown.mdx1Compat; both by default). */
export interface PreprocessOptions {
  /** `:::tip Title` becomes `:::tip[Title]`. */
  admonitions?: boolean;
  /** `## Title {#id}` gives the heading its id (off, MDX reads `{#id}` as an expression). */
  headingIds?: boolean;
}

export function preprocess(body: string, options: PreprocessOptions = {}): Preprocessed {
  const { admonitions = true, headingIds = true } = options;
  const lines = body.split('\n');
  const customIds = new Map<number, string>();
  let truncateLine: number | null = null;
  let fence: string | null = null;
  let mdxCodeBlock = false;

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fenceMatch = FENCE.exec(line);
    if (fence) {
      if (fenceMatch && fenceMatch[1]!.startsWith(fence[0]!) && fenceMatch[1]!.length >= fence.length && !fenceMatch[2]!.trim()) {
        fence = null;
      }
      continue;
    }
    if (fenceMatch) {
      // Fences marked mdx-code-block only wrap MDX for other renderers: keep their content as MDX.
      if (fenceMatch[2]!.trim() === 'mdx-code-block') {
        mdxCodeBlock = true;
        lines[i] = '';
        continue;
      }
      if (mdxCodeBlock && !fenceMatch[2]!.trim()) {
        mdxCodeBlock = false;
        lines[i] = '';
        continue;
      }
      fence = fenceMatch[1]!;
      continue;
    }
    const heading = headingIds ? HEADING_ID.exec(line) : null;
    if (heading) {
      customIds.set(i + 1, heading[2]!);
      lines[i] = heading[1]!;
      continue;
    }
    const admonition = admonitions ? ADMONITION_TITLE.exec(line) : null;
    if (admonition) {
      lines[i] = `${admonition[1]}${admonition[2]}[${admonition[3]!.replace(/[[\]]/g, '\\$&')}]`;
      continue;
    }
    if (truncateLine === null && TRUNCATE.test(line)) {
      truncateLine = i + 1;
      lines[i] = '';
    }
  }
  return { text: lines.join('\n'), customIds, truncateLine };
}
