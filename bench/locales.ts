/**
 * What each added locale costs a build: a generated site built with its default locale alone, then
 * with four locales (English, French, Japanese, Arabic), each of the three others translating a
 * tenth of the docs and falling back to English for the rest, as a site being translated does.
 *
 *   node bin/run-ts.js bench/locales.ts [--docs 300] [--runs 3]
 *
 * Builds both cold (an empty cache) `--runs` times, alternating, and prints the median wall and
 * CPU seconds of each and their ratio: the target is ≤ 2.5× for four locales (a locale costs no
 * more than its share: the pages are compiled once and only rendered again in each locale).
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { generateSite } from '../support/generateSite.js';
import { findRepoRoot, median, runTimed, type TimedRun } from './measure.js';

export interface LocalesResult {
  docs: number;
  runs: number;
  defaultOnly: { wallSeconds: number; cpuSeconds: number | null; pages: number };
  fourLocales: { wallSeconds: number; cpuSeconds: number | null; pages: number };
  /** fourLocales ÷ defaultOnly, wall and CPU; the target is ≤ 2.5. */
  wallRatio: number;
  cpuRatio: number | null;
}

const LOCALES = ['en', 'fr', 'ja', 'ar'];
const TRANSLATED_SHARE = 10;

function option(args: string[], name: string, fallback: number): number {
  const at = args.indexOf(`--${name}`);
  const value = at === -1 ? fallback : Number(args[at + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a positive whole number`);
  return value;
}

/** Generates the site, gives it four locales, and translates one doc in TRANSLATED_SHARE in each locale but the default. */
async function translatedSite(dir: string, docs: number): Promise<void> {
  const generated = await generateSite(dir, { docs, posts: 10 });
  const config = path.join(dir, 'sipadocs.config.ts');
  const i18n = `i18n: { defaultLocale: 'en', locales: ${JSON.stringify(LOCALES)}, localeConfigs: { ar: { direction: 'rtl' } } },\n  navbar: { items: [{ type: 'localeDropdown', position: 'right' }] },\n  `;
  await writeFile(config, (await readFile(config, 'utf8')).replace('docs: {', `${i18n}docs: {`));
  for (const locale of LOCALES.slice(1)) {
    for (const [i, doc] of generated.docs.entries()) {
      if (i % TRANSLATED_SHARE !== 0) continue;
      const target = path.join(dir, 'i18n', locale, 'docusaurus-plugin-content-docs', 'current', doc.slice('docs/'.length));
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, `${await readFile(path.join(dir, doc), 'utf8')}\nThis page is translated into ${locale}.\n`);
    }
  }
}

/** The same site with its default locale only: the config names one locale. */
async function defaultOnlySite(dir: string, docs: number): Promise<void> {
  await translatedSite(dir, docs);
  const config = path.join(dir, 'sipadocs.config.ts');
  await writeFile(config, (await readFile(config, 'utf8')).replace(`locales: ${JSON.stringify(LOCALES)}`, "locales: ['en']"));
  await rm(path.join(dir, 'i18n'), { recursive: true, force: true });
}

export async function measureLocales(options: { docs: number; runs: number }): Promise<LocalesResult> {
  const repo = findRepoRoot();
  const work = path.join(os.tmpdir(), `sipadocs-bench-locales-${process.pid}`);
  await rm(work, { recursive: true, force: true });
  const four = path.join(work, `four-${options.docs}`);
  const one = path.join(work, `one-${options.docs}`);
  try {
    await translatedSite(four, options.docs);
    await defaultOnlySite(one, options.docs);
    const build = async (site: string): Promise<TimedRun & { pages: number }> => {
      // Cold: the project's cache and the output are removed first.
      await rm(path.join(site, 'node_modules'), { recursive: true, force: true });
      await rm(`${site}-out`, { recursive: true, force: true });
      const run = await runTimed(process.execPath, [path.join(repo, 'bin/sipadocs.js'), 'build', '--site', site, '--out-dir', `${site}-out`, '--quiet'], { cwd: repo, env: { CI: '' }, timeFile: path.join(work, 'time.txt') });
      if (run.exitCode !== 0) throw new Error(`the build of ${site} failed:\n${run.stdout}\n${run.stderr}`);
      return { ...run, pages: Number(/Built (\d+) pages/.exec(run.stdout)?.[1] ?? 0) };
    };
    const runs: Record<'one' | 'four', Array<TimedRun & { pages: number }>> = { one: [], four: [] };
    for (let i = 0; i < options.runs; i++) {
      runs.one.push(await build(one));
      runs.four.push(await build(four));
    }
    const summary = (list: Array<TimedRun & { pages: number }>) => {
      const cpu = list.map((run) => run.cpuSeconds).filter((value): value is number => value !== null);
      return { wallSeconds: median(list.map((run) => run.wallSeconds)), cpuSeconds: cpu.length === list.length ? median(cpu) : null, pages: list[0]!.pages };
    };
    const defaultOnly = summary(runs.one);
    const fourLocales = summary(runs.four);
    return {
      docs: options.docs,
      runs: options.runs,
      defaultOnly,
      fourLocales,
      wallRatio: fourLocales.wallSeconds / defaultOnly.wallSeconds,
      cpuRatio: fourLocales.cpuSeconds !== null && defaultOnly.cpuSeconds !== null ? fourLocales.cpuSeconds / defaultOnly.cpuSeconds : null,
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

export function formatLocales(result: LocalesResult): string {
  const cpu = (value: number | null) => (value === null ? '–' : `${value.toFixed(2)} s`);
  return [
    `Locales: ${result.docs} docs, cold, median of ${result.runs} (target: four locales ≤ 2.5× the default locale alone)`,
    `  default locale only   ${result.defaultOnly.pages} pages  wall ${result.defaultOnly.wallSeconds.toFixed(2)} s  cpu ${cpu(result.defaultOnly.cpuSeconds)}`,
    `  en, fr, ja, ar        ${result.fourLocales.pages} pages  wall ${result.fourLocales.wallSeconds.toFixed(2)} s  cpu ${cpu(result.fourLocales.cpuSeconds)}`,
    `  ratio                 wall ${result.wallRatio.toFixed(2)}×  cpu ${result.cpuRatio === null ? '–' : `${result.cpuRatio.toFixed(2)}×`}`,
  ].join('\n');
}

export async function main(args: string[]): Promise<number> {
  const result = await measureLocales({ docs: option(args, 'docs', 300), runs: option(args, 'runs', 3) });
  process.stdout.write(`${formatLocales(result)}\n`);
  return 0;
}
