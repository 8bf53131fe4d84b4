/** A fenced code block as markdown reads it: the info string's first word, the rest of it, and the code. */
export interface FencedBlock {
  lang: string;
  meta: string;
  code: string;
}

const OPENING = /^( *)(`{3,}|~{3,})[ \t]*([^\n]*)$/;

/**
 * The fenced code blocks of a markdown body, found line by line without parsing it: each
 * fence's own indentation is taken off its lines, as CommonMark does at the top level and inside
 * list items. A guess good for all but unusual markup (a fence in a block quote, one the site's
 * plugins rewrite): what it gets wrong is only not prepared ahead (see highlighter.ts `prefetch`).
 */
export function fencedBlocks(body: string): FencedBlock[] {
  const lines = body.split(/\r?\n/);
  const blocks: FencedBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const opening = OPENING.exec(lines[i]!);
    if (!opening) continue;
    const [, indent, fence, info] = opening as unknown as [string, string, string, string];
    // A backtick fence's info string has no backtick.
    if (fence[0] === '`' && info.includes('`')) continue;
    const closing = new RegExp(`^ *${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`);
    const content: string[] = [];
    let end = i + 1;
    while (end < lines.length && !closing.test(lines[end]!)) content.push(lines[end++]!);
    if (end === lines.length) break;
    const trimmedInfo = info.trim();
    const lang = trimmedInfo.split(/[ \t]/, 1)[0] ?? '';
    blocks.push({ lang, meta: trimmedInfo.slice(lang.length).trim(), code: content.map((line) => stripIndent(line, indent.length)).join('\n') });
    i = end;
  }
  return blocks;
}

/** Takes up to `width` leading spaces off a line. */
function stripIndent(line: string, width: number): string {
  let n = 0;
  while (n < width && line[n] === ' ') n++;
  return line.slice(n);
}
