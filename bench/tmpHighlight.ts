import fg from 'fast-glob';
import { readFileSync } from 'node:fs';
import { createCodeHighlighter } from '../src/content/mdx/highlighter.js';
export async function main(args: string[]) {
  const files = fg.sync(`${args[0]}/**/*.{md,mdx}`);
  const blocks: Array<[string, string]> = [];
  for (const f of files) {
    const text = readFileSync(f, 'utf8');
    for (const m of text.matchAll(/^(\s*)(```+)\s*([\w+#.-]*)[^\n]*\n([\s\S]*?)^\1\2\s*$/gm)) blocks.push([m[3]!, m[4]!.replace(/\n$/, '')]);
  }
  const langs = new Set(blocks.map(([l]) => l));
  const h = await createCodeHighlighter({ light: 'github-light', dark: 'github-dark' });
  await h.ensureLanguages(langs);
  const cpu0 = process.cpuUsage();
  for (const [l, code] of blocks) h.toHtml(code, h.resolveLanguage(l), new Map());
  const cpu = process.cpuUsage(cpu0);
  console.log({ files: files.length, blocks: blocks.length, unique: new Set(blocks.map(([l, c]) => l + '\0' + c)).size, langs: [...langs].join(','), cpuMs: (cpu.user + cpu.system) / 1000 });
}
