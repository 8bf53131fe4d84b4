/**
 * Whether a markdown body uses MDX's own syntax: ES imports or exports, a component (a tag whose
 * name starts with a capital, or a fragment), a JSX attribute written as an expression or a
 * spread, an expression holding JSX, an MDX comment (`{/* … *\/}`), or an `mdx-code-block` fence.
 * Code blocks and code spans are left out. Used to tell the author of an `.mdx` file that MDX 3
 * rejects whether the file would compile as plain markdown instead.
 */
export function usesJsx(body: string): boolean {
  if (MDX_CODE_BLOCK.test(body)) return true;
  const prose = withoutCode(body);
  return JSX_SYNTAX.some((pattern) => pattern.test(prose));
}

const MDX_CODE_BLOCK = /^\s{0,3}(`{3,}|~{3,})\s*mdx-code-block\s*$/m;

const JSX_SYNTAX = [
  // import / export statements (not prose that starts with "import the…")
  /^[ \t]*import\s+(['"]|[\w$*{][^\n]*\sfrom\s*['"])/m,
  /^[ \t]*export\s+(const|let|var|function|async|class|default|\{|\*)/m,
  // components and fragments
  /<\/?[A-Z][\w.]*[\s/>]/,
  /<\/?>/,
  // attribute expressions and spreads
  /<[a-zA-Z][\w.:-]*\s[^<>]*(=\s*\{|\{\s*\.\.\.)/,
  // JSX inside an expression, MDX comments
  /\{\s*(<|\/\*)/,
];

const FENCE = /^\s{0,3}(`{3,}|~{3,})(.*)$/;

/** The body without fenced code and code spans. */
function withoutCode(body: string): string {
  const kept: string[] = [];
  let fence: string | null = null;
  for (const line of body.split('\n')) {
    const match = FENCE.exec(line);
    if (fence) {
      if (match && match[1]![0] === fence[0] && match[1]!.length >= fence.length && !match[2]!.trim()) fence = null;
      continue;
    }
    if (match) {
      fence = match[1]!;
      continue;
    }
    kept.push(line);
  }
  // A code span is a run of backticks closed by a run of the same length.
  return kept.join('\n').replace(/(`+)[\s\S]*?[^`]\1(?!`)/g, '');
}
