/**
 * Cached results are keyed by the generator's code, read from what its entry points import: in a
 * copy of the package, moving a module of the compiler (and editing its importers to follow)
 * invalidates the compiled pages, editing it does too, and so does editing any code the CLI
 * reaches; a module nothing imports leaves them cached.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers.js';

const REPO = path.resolve('.');

let tmp: Awaited<ReturnType<typeof tempDir>>;
let pkg: string;
let site: string;

beforeAll(async () => {
  tmp = await tempDir('sipadocs-fingerprint-');
  pkg = path.join(tmp.dir, 'sipadocs');
  for (const part of ['src', 'templates', 'bin', 'package.json', 'tsconfig.json']) cpSync(path.join(REPO, part), path.join(pkg, part), { recursive: true });
  // The copy's own node_modules, holding the repository's packages but a cache of its own.
  mkdirSync(path.join(pkg, 'node_modules'));
  for (const entry of readdirSync(path.join(REPO, 'node_modules'))) {
    if (entry !== '.cache') symlinkSync(path.join(REPO, 'node_modules', entry), path.join(pkg, 'node_modules', entry));
  }
  // A project of its own, so its cache is its own too.
  const project = path.join(tmp.dir, 'project');
  site = path.join(project, 'site');
  cpSync(path.join(REPO, 'test/fixtures/basic'), site, { recursive: true });
  writeFileSync(path.join(project, 'package.json'), '{ "name": "project", "private": true }\n');
});
afterAll(() => tmp.cleanup());

/** Builds the site with the copy of the package; returns how many pages were compiled and how many came from the cache. */
function build(): { pages: number; cached: number } {
  // Without CI in the environment: a CI build is quiet, and its stage lines are what this reads.
  const { CI: _ci, ...env } = process.env;
  const result = spawnSync(process.execPath, [path.join(pkg, 'bin/sipadocs.js'), 'build', '--site', site, '--out-dir', path.join(tmp.dir, 'out')], {
    encoding: 'utf8',
    env,
    timeout: 180_000,
  });
  const output = `${result.stdout}${result.stderr}`;
  expect(result.status, output).toBe(0);
  const line = /compile\s.*?(\d+) pages(?: \((\d+) cached\))?/.exec(output);
  expect(line, output).not.toBeNull();
  return { pages: Number(line![1]), cached: Number(line![2] ?? 0) };
}

/** Rewrites every import of `from` (a module path without extension, relative to src/) to `to`, across the copy's sources. */
function moveModule(from: string, to: string): void {
  const src = path.join(pkg, 'src');
  mkdirSync(path.dirname(path.join(src, `${to}.ts`)), { recursive: true });
  renameSync(path.join(src, `${from}.ts`), path.join(src, `${to}.ts`));
  for (const entry of readdirSync(src, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const text = readFileSync(file, 'utf8');
    const rewritten = text.replace(/(from\s+|import\()'(\.{1,2}\/[^']+)\.js'/g, (whole, lead: string, specifier: string) => {
      const target = path.relative(src, path.resolve(path.dirname(file), specifier));
      if (target === from) return `${lead}'${relativeImport(file, path.join(src, to))}.js'`;
      if (file === path.join(src, `${to}.ts`)) return `${lead}'${relativeImport(file, path.join(src, target))}.js'`;
      return whole;
    });
    if (rewritten !== text) writeFileSync(file, rewritten);
  }
}

const relativeImport = (fromFile: string, toModule: string) => {
  const relative = path.relative(path.dirname(fromFile), toModule);
  return relative.startsWith('.') ? relative : `./${relative}`;
};

describe('the code fingerprint of compiled pages', () => {
  it('follows what the code imports, not a list of files', () => {
    const cold = build();
    expect(cold.pages).toBeGreaterThan(3);
    expect(cold.cached).toBe(0);
    expect(build()).toEqual({ pages: cold.pages, cached: cold.pages });

    // A module nothing imports: the pages stay cached.
    writeFileSync(path.join(pkg, 'src/notImported.ts'), 'export const NOTHING = 1;\n');
    expect(build()).toEqual({ pages: cold.pages, cached: cold.pages });

    // Code of the CLI outside the compiler: every kind is keyed by the whole CLI, so the pages are compiled again.
    const serve = path.join(pkg, 'src/dev/serve.ts');
    writeFileSync(serve, `${readFileSync(serve, 'utf8')}\n// An edit outside the compiler.\n`);
    expect(build()).toEqual({ pages: cold.pages, cached: 0 });
    expect(build()).toEqual({ pages: cold.pages, cached: cold.pages });

    // A module of the compiler moved elsewhere, its importers following it.
    moveModule('compiler/mdx/codeMeta', 'compiler/code/meta');
    expect(build()).toEqual({ pages: cold.pages, cached: 0 });
    expect(build()).toEqual({ pages: cold.pages, cached: cold.pages });

    // The same module edited in place.
    const moved = path.join(pkg, 'src/compiler/code/meta.ts');
    writeFileSync(moved, `${readFileSync(moved, 'utf8')}\nexport const EDITED = true;\n`);
    expect(build()).toEqual({ pages: cold.pages, cached: 0 });
  }, 600_000);
});
