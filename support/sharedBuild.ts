/**
 * One build of a frozen fixture site per test run, shared by every test file that only reads it.
 *
 * Several browser test files drive the same fixture (the e2e site above all); each built it again
 * before. `sharedBuild(siteDir)` builds it once into `node_modules/.cache/sipadocs-tests/`, in a
 * folder named by a hash of everything the output depends on: the fixture's files, the generator's
 * code (src/, templates/, bin/, the lockfile), the build options and Node's version. An edit to any
 * of them names another folder, so a shared build is never stale; nothing is ever rebuilt in place.
 *
 * `sharedGeneratedBuild(options)` does the same for a large site generateSite writes (keyed by the
 * options, the generator and the code): the test files that need a site of thousands of pages read
 * one build of it.
 *
 * Test files run in several workers at once: the first to need a build takes a lock (a folder made
 * with mkdir, which only one process can make) and builds; the others wait for its `.done` file.
 * A lock whose process has died is taken over.
 *
 * Shared outputs are read-only for the tests that use them: `assertUnchanged` (called by
 * `startSite`'s close) fails the test file that wrote, renamed or removed anything in one, so a
 * mutation cannot leak into another file. A test that changes its site or its output, or that must
 * see a build happen, builds its own copy (copyFixture + buildOnce, or startSite of a temp folder).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOnce } from '../src/pipeline/build.js';
import { generateSite, type GenerateOptions, type GeneratedSite } from './generateSite.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CACHE = path.join(REPO, 'node_modules', '.cache', 'sipadocs-tests');
/** What the generator's output depends on besides the site: read whole, hashed once per process. */
const CODE = ['src', 'templates', 'bin', 'package.json', 'package-lock.json'];

export interface SharedBuild {
  /** The built site's folder: read it, serve it, never write in it. */
  outDir: string;
  /** Pages built. */
  pages: number;
  /** The build's warnings, as buildOnce returned them. */
  warnings: string[];
}

let codeHash: string | undefined;

/**
 * The build of `siteDir`, a folder of this repository (test/fixtures/...) that no test changes,
 * made by the first test file that asks for it in this run (or an earlier run with the same code
 * and fixture) and read by all.
 */
export async function sharedBuild(siteDir: string, options: SharedBuildOptions = {}): Promise<SharedBuild> {
  const site = path.resolve(siteDir);
  const relative = path.relative(REPO, site);
  if (relative.startsWith('..') || path.isAbsolute(relative) || !relative.startsWith(`test${path.sep}fixtures${path.sep}`)) {
    throw new Error(`sharedBuild builds only the frozen fixtures under test/fixtures/, not ${siteDir}: build a copy with buildOnce`);
  }
  const key = createHash('sha256')
    .update(`${process.version}\n${process.env.NODE_ENV ?? ''}\n${relative}\n${options.copy ? 'copy\n' : ''}`)
    .update((codeHash ??= hashTree(CODE.map((entry) => path.join(REPO, entry)))))
    .update(hashTree([site]))
    .update(options.copy ? '' : lastCommitOf(site))
    .digest('hex')
    .slice(0, 20);
  return sharedOutput(`${nameOf(relative)}${options.copy ? '-copy' : ''}`, key, async (outDir) => {
    let built = site;
    if (options.copy) {
      // Beside the output, where git knows no history (the folder is ignored), as in a temp folder.
      built = path.join(`${outDir}.project`, path.basename(site));
      await rm(`${outDir}.project`, { recursive: true, force: true });
      await cp(site, built, { recursive: true });
    }
    const result = await buildOnce({ siteDir: built, outDir, quiet: true });
    return { outDir, pages: result.pages, warnings: result.warnings };
  });
}

export interface SharedBuildOptions {
  /**
   * Build a copy of the fixture, as a test that copies it to a temp folder does: for a fixture
   * that is a project of its own (its package.json would put the build's caches inside it, and
   * copyFixture would copy them into other tests' copies), and with no dates from git.
   */
  copy?: boolean;
}

export interface SharedGeneratedBuild extends SharedBuild {
  /** The generated site's folder (in a project of its own, whose package.json keeps its caches apart): read it, never write in it. */
  siteDir: string;
  /** What generateSite wrote. */
  generated: GeneratedSite;
}

/**
 * The build of the site `generateSite(options)` writes, made once per run (or an earlier run with
 * the same code, generator and options) and read by every test file that asks for the same options.
 * The site is generated into a project of its own beside the output (`<output>.project/site`), so
 * its build caches are not the repository's, and check-links can name a broken link's source.
 */
export async function sharedGeneratedBuild(options: GenerateOptions): Promise<SharedGeneratedBuild> {
  const key = createHash('sha256')
    .update(`${process.version}\n${process.env.NODE_ENV ?? ''}\n${JSON.stringify(options, Object.keys(options).sort())}\n`)
    .update((codeHash ??= hashTree(CODE.map((entry) => path.join(REPO, entry)))))
    .update(hashTree([path.join(REPO, 'support', 'generateSite.ts')]))
    .digest('hex')
    .slice(0, 20);
  return sharedOutput(`generated-${options.docs}`, key, async (outDir) => {
    const project = `${outDir}.project`;
    await rm(project, { recursive: true, force: true });
    await mkdir(project, { recursive: true });
    await writeFile(path.join(project, 'package.json'), '{ "private": true }\n');
    const siteDir = path.join(project, 'site');
    const generated = await generateSite(siteDir, options);
    const result = await buildOnce({ siteDir, outDir, quiet: true });
    return { outDir, siteDir, generated, pages: result.pages, warnings: result.warnings };
  });
}

/**
 * The output named `name-key` in the cache: made by `make` (which builds into the folder it is
 * given and returns what the readers need, kept as JSON beside it) in the first process that takes
 * the lock, waited for by the others, sealed once made.
 */
async function sharedOutput<T extends SharedBuild>(name: string, key: string, make: (outDir: string) => Promise<T>): Promise<T> {
  const outDir = path.join(CACHE, `${name}-${key}`);
  const done = `${outDir}.done`;
  const lock = `${outDir}.lock`;
  await mkdir(CACHE, { recursive: true });
  for (;;) {
    if (existsSync(done)) break;
    if (await takeLock(lock)) {
      try {
        if (!existsSync(done)) {
          await rm(outDir, { recursive: true, force: true });
          await writeFile(`${outDir}.json`, JSON.stringify(await make(outDir)));
          await seal(outDir);
          await writeFile(done, '');
          await removeEarlierBuilds(name, outDir);
        }
      } finally {
        await rm(lock, { recursive: true, force: true });
      }
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const made = JSON.parse(await readFile(`${outDir}.json`, 'utf8')) as T;
  assertUnchanged(outDir);
  return made;
}

/** Records the files of a finished shared build, which assertUnchanged compares with. */
export async function seal(outDir: string): Promise<void> {
  await writeFile(`${outDir}.sums`, JSON.stringify(snapshot(outDir)));
}

/**
 * Throws when a shared build's files are no longer those it was built with: a test wrote in it.
 * Does nothing for a folder that is not a shared build, or none (a build that failed).
 */
export function assertUnchanged(outDir: string | undefined): void {
  if (outDir === undefined) return;
  const sums = `${outDir}.sums`;
  if (!existsSync(sums)) return;
  const expected = JSON.parse(readFileSync(sums, 'utf8')) as Record<string, string>;
  const actual = snapshot(outDir);
  const changed = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].filter((file) => expected[file] !== actual[file]).sort();
  if (changed.length > 0) {
    throw new Error(`a test changed the shared build ${outDir}, which other test files read: ${changed.slice(0, 10).join(', ')}. Build a copy of your own to change it.`);
  }
}

/**
 * Removes the builds of the same fixture (or generated site) made with other code or content more than an hour ago
 * (a run in progress reads only builds of its own code), so the cache does not grow edit after edit.
 */
async function removeEarlierBuilds(fixture: string, kept: string): Promise<void> {
  const prefix = `${fixture}-`;
  for (const name of readdirSync(CACHE)) {
    const build = path.join(CACHE, name);
    if (!name.startsWith(prefix) || !/^[0-9a-f]{20}$/.test(name.slice(prefix.length)) || build === kept) continue;
    const made = statSync(`${build}.done`, { throwIfNoEntry: false });
    if (existsSync(`${build}.lock`) || (made && Date.now() - made.mtimeMs < 3_600_000)) continue;
    for (const file of [`${build}.done`, `${build}.json`, `${build}.sums`, `${build}.project`, build]) await rm(file, { recursive: true, force: true });
  }
}

/** test/fixtures/docusaurus-shapes/versions is docusaurus-shapes_versions. */
const nameOf = (relative: string) => relative.split(path.sep).slice(2).join('_');

/** Makes the lock folder; false when another process holds it (a lock of a dead process is removed first). */
async function takeLock(lock: string): Promise<boolean> {
  try {
    await mkdir(lock);
    await writeFile(path.join(lock, 'pid'), String(process.pid));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  let owner = NaN;
  try {
    owner = Number(await readFile(path.join(lock, 'pid'), 'utf8'));
  } catch {
    // Made a moment ago, its pid not written yet: its owner is alive.
    return false;
  }
  if (Number.isInteger(owner) && owner > 0 && isAlive(owner)) return false;
  await rm(lock, { recursive: true, force: true });
  return false;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Each file of a folder with its size and modification time: what a write, rename or removal changes. */
function snapshot(dir: string): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    const info = statSync(file);
    entries[path.relative(dir, file)] = entry.isDirectory() ? 'dir' : `${info.size} ${info.mtimeMs}`;
  }
  return entries;
}

/** A hash of the names and contents of every file under `roots` (node_modules left out). */
function hashTree(roots: string[]): string {
  const hash = createHash('sha256');
  const visit = (file: string) => {
    const info = statSync(file, { throwIfNoEntry: false });
    if (!info) return;
    if (info.isDirectory()) {
      for (const name of readdirSync(file).sort()) if (name !== 'node_modules') visit(path.join(file, name));
      return;
    }
    hash.update(`${path.relative(REPO, file)}\0${info.size}\0`).update(readFileSync(file)).update('\0');
  };
  for (const root of roots) visit(root);
  return hash.digest('hex');
}

/** The last commit that touched the folder: the dates a build reads from git (last updated, post dates) come from it. */
function lastCommitOf(dir: string): string {
  const result = spawnSync('git', ['log', '-1', '--format=%H %ct', '--', '.'], { cwd: dir, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : '';
}
