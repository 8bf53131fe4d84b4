/** Parsed fence meta: ```js title="a.js" {1,3-5} showLineNumbers */
export interface CodeMeta {
  title: string | null;
  highlightLines: Set<number>;
  showLineNumbers: boolean;
  /** Number of the first line when numbered: `showLineNumbers=5` (or `startLineNumber=5`); 1 by default. */
  firstLineNumber: number;
}

export function parseCodeMeta(meta: string | null | undefined): CodeMeta {
  const text = meta ?? '';
  const title = /title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(text);
  const ranges = /\{([\d,\s-]+)\}/.exec(text);
  const highlightLines = new Set<number>();
  for (const part of ranges?.[1]?.split(',') ?? []) {
    const [from, to] = part.trim().split('-').map(Number);
    if (!from) continue;
    for (let n = from; n <= (to ?? from); n++) highlightLines.add(n);
  }
  const lineNumbers = /\bshowLineNumbers(?:=["']?(\d+)["']?)?(?=\s|$)/.exec(text);
  const start = lineNumbers?.[1] ?? /\bstartLineNumber=["']?(\d+)["']?(?=\s|$)/.exec(text)?.[1];
  return {
    title: title ? (title[1] ?? title[2] ?? title[3] ?? null) : null,
    highlightLines,
    showLineNumbers: lineNumbers !== null,
    firstLineNumber: start ? Number(start) : 1,
  };
}
