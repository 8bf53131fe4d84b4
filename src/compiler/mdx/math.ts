/**
 * Math (`markdown.math`): `$…$` and `$$…$$`, and ```math fences, rendered to HTML with KaTeX at
 * build time, as Docusaurus does with remark-math and rehype-katex. The page then needs KaTeX's
 * style sheet and fonts, and no script: it says so with the feature `math` (see
 * pipeline/stages/pageAssets.ts). LaTeX that KaTeX cannot read is shown as KaTeX shows errors,
 * with a warning naming its place.
 */
import type { Root as HastRoot } from 'hast';
import type { Pluggable } from 'unified';
import type { VFile } from 'vfile';
import type { CompileState } from './plugins.js';
import { SKIP, walk, type TreeNode } from './walk.js';

type RehypeKatex = (typeof import('rehype-katex'))['default'];

/** What math needs of the compiler: its parser, its renderer and its writer for the markdown view. */
export interface MathPlugins {
  remarkMath: Pluggable;
  rehypeKatex: RehypeKatex;
  mathToMarkdown: (typeof import('mdast-util-math'))['mathToMarkdown'];
}

/** The math plugins, loaded on first need: KaTeX is large, and most sites have no math. */
let libraries: Promise<MathPlugins> | undefined;
export const loadMathPlugins = () =>
  (libraries ??= Promise.all([import('remark-math'), import('rehype-katex'), import('mdast-util-math')]).then(([remarkMath, rehypeKatex, mdastMath]) => ({
    remarkMath: remarkMath.default as Pluggable,
    rehypeKatex: rehypeKatex.default,
    mathToMarkdown: mdastMath.mathToMarkdown,
  })));

/** The classes remark-math gives math (`math-inline`, `math-display`) and a ```math fence has (`language-math`). */
const MATH_CLASS = /^(?:language-math|math-inline|math-display)$/;

function holdsMath(tree: HastRoot): boolean {
  let found = false;
  walk(tree as TreeNode as HastRoot['children'][number], (node) => {
    if (found) return SKIP;
    if (node.type === 'element' && Array.isArray(node.properties?.className) && node.properties.className.some((name) => MATH_CLASS.test(String(name)))) found = true;
    return undefined;
  });
  return found;
}

/**
 * Renders the page's math with KaTeX (HTML and MathML, as rehype-katex gives it); runs before
 * code blocks are highlighted, so a ```math fence is math. What KaTeX refused becomes a warning.
 */
export function rehypeMath(options: { rehypeKatex: RehypeKatex; state: CompileState }) {
  const render = options.rehypeKatex({ strict: 'ignore' });
  return (tree: HastRoot, file: VFile) => {
    if (!holdsMath(tree)) return;
    options.state.features.add('math');
    const before = file.messages.length;
    render(tree, file);
    for (const message of file.messages.splice(before)) {
      const cause = message.cause instanceof Error ? message.cause.message.replace(/^KaTeX parse error: /, '') : '';
      options.state.warnings.push({
        code: 'INVALID_MATH',
        message: `math that KaTeX cannot render${cause ? `: ${cause}` : ''}`,
        line: message.line ?? undefined,
        column: message.column ?? undefined,
      });
    }
  };
}
