/**
 * The package as a user gets it: packed with `npm pack`, installed into a new project outside
 * this repository, and made read-only. `npx sipadocs init`, `build` and `check-links` must work
 * there without writing a byte inside the installed package, and the scaffolded config must
 * type-check against the published types.
 */
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { chmodSync, chownSync, cpSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers.js';

const REPO = path.resolve('.');
const TSC = path.join(REPO, 'node_modules', 'typescript', 'bin', 'tsc');

let tmp: Awaited<ReturnType<typeof tempDir>>;
let project: string;
let installed: string;
/** Runs commands as a user who may not write the installed package (root may write anything). */
let asUser: Pick<SpawnSyncOptions, 'uid' | 'gid'> = {};

function run(command: string, args: string[], cwd: string, extra: SpawnSyncOptions = {}) {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, CI: '1', npm_config_cache: path.join(tmp.dir, 'npm-cache'), npm_config_update_notifier: 'false' },
    timeout: 240_000,
    ...extra,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** Every entry under `dir` with its size and modification time. */
function snapshot(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      const info = statSync(file);
      return `${path.relative(dir, file)} ${entry.isDirectory() ? 'dir' : info.size} ${info.mtimeMs}`;
    })
    .sort();
}

/** Gives `dir` and everything in it to the user the commands run as. */
function giveAway(dir: string): void {
  if (asUser.uid === undefined) return;
  chownSync(dir, asUser.uid, asUser.gid!);
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) chownSync(path.join(entry.parentPath, entry.name), asUser.uid, asUser.gid!);
}

beforeAll(async () => {
  tmp = await tempDir('sipadocs-package-');
  const packed = run('npm', ['pack', '--pack-destination', tmp.dir, '--silent'], REPO);
  expect(packed.status, packed.output).toBe(0);
  const tarball = path.join(tmp.dir, packed.output.trim().split('\n').pop()!);

  project = path.join(tmp.dir, 'acme-widgets');
  run('mkdir', ['-p', project], tmp.dir);
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'acme-widgets', version: '1.0.0', private: true }));
  // From the cache `npm ci` filled for this repository, which holds every package the tarball needs
  // (a new cache would download them all again); the commands run as another user later get their own.
  const install = run('npm', ['install', tarball, '--no-audit', '--no-fund', '--prefer-offline'], project, { env: { ...process.env, CI: '1', npm_config_update_notifier: 'false' } });
  expect(install.status, install.output).toBe(0);
  installed = path.join(project, 'node_modules', 'sipadocs');

  if (process.getuid?.() === 0) {
    asUser = { uid: 65534, gid: 65534 };
    chmodSync(tmp.dir, 0o755);
    giveAway(project);
    mkdirSync(path.join(tmp.dir, 'npm-cache'), { recursive: true });
    chownSync(path.join(tmp.dir, 'npm-cache'), 65534, 65534);
  }
  // The installed package: owned by root when the tests run as root, read-only for everyone.
  for (const entry of readdirSync(installed, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (asUser.uid !== undefined) chownSync(file, 0, 0);
    chmodSync(file, statSync(file).mode & 0o555);
  }
  if (asUser.uid !== undefined) chownSync(installed, 0, 0);
  chmodSync(installed, 0o555);
}, 300_000);

afterAll(async () => {
  // Make everything removable again.
  if (installed) run('chmod', ['-R', 'u+w', installed], tmp.dir);
  await tmp?.cleanup();
});

describe('the packed package, installed read-only in a new project', () => {
  it('ships a prebuilt CLI, types and only what runs', () => {
    const files = snapshot(installed).map((line) => line.split(' ')[0]!);
    expect(files).toContain('dist/cli.mjs');
    expect(files).toContain('dist/types/src/index.d.ts');
    expect(files).toContain('bin/sipadocs.js');
    // What a site build bundles from sources: the client runtime, the theme, the server renderer.
    expect(files).toContain('src/client/entry.tsx');
    expect(files).toContain('templates/App.tsx');
    expect(files).toContain('src/render/ssrEntry.tsx');
    // Not the generator's own sources, tests, the Sipa site or the benchmark.
    for (const absent of ['src/cli/main.ts', 'src/build/build.ts', 'test', 'site', 'bench', 'bin/tsImport.js']) expect(files).not.toContain(absent);
  });

  it('runs init, build and check-links without writing inside the package', () => {
    const before = snapshot(installed);
    const init = run('npx', ['--no-install', 'sipadocs', 'init'], project, asUser);
    expect(init.status, init.output).toBe(0);
    const build = run('npx', ['--no-install', 'sipadocs', 'build'], project, asUser);
    expect(build.status, build.output).toBe(0);
    expect(build.output).toMatch(/Built \d+ pages into build/);
    const check = run('npx', ['--no-install', 'sipadocs', 'check-links'], project, asUser);
    expect(check.status, check.output).toBe(0);
    expect(check.output).toContain('none broken');
    // A second build reuses the project's cache.
    const again = run('npx', ['--no-install', 'sipadocs', 'build'], project, asUser);
    expect(again.status, again.output).toBe(0);

    expect(snapshot(installed)).toEqual(before);
    expect(readdirSync(path.join(project, 'node_modules', '.cache', 'sipadocs'))).toContain('artifacts');
    // A second init refuses the folder it made.
    expect(run('npx', ['--no-install', 'sipadocs', 'init'], project, asUser).status).toBe(2);
  }, 300_000);

  it('migrates a Docusaurus project from the installed package', () => {
    const before = snapshot(installed);
    run('cp', ['-r', path.join(REPO, 'test/fixtures/docusaurus2-project'), path.join(project, 'website')], project);
    giveAway(path.join(project, 'website'));
    const migrated = run('npx', ['--no-install', 'sipadocs', 'migrate', 'website', '--out', 'migrated'], project, asUser);
    expect(migrated.status, migrated.output).toBe(0);
    // The new site's package.json lists the project's packages with their versions, Docusaurus's own
    // left out; the home page imports clsx, which `npm install --prefix migrated` would give it.
    expect(JSON.parse(readFileSync(path.join(project, 'migrated', 'package.json'), 'utf8')).dependencies).toEqual({
      clsx: '^1.2.1',
      'prism-react-renderer': '^1.3.5',
      react: '^17.0.2',
      'react-dom': '^17.0.2',
    });
    cpSync(path.join(REPO, 'node_modules', 'clsx'), path.join(project, 'migrated', 'node_modules', 'clsx'), { recursive: true });
    giveAway(path.join(project, 'migrated', 'node_modules'));
    const built = run('npx', ['--no-install', 'sipadocs', 'build', '--site', 'migrated', '--out-dir', 'migrated-build'], project, asUser);
    expect(built.status, built.output).toBe(0);
    expect(snapshot(installed)).toEqual(before);
  }, 300_000);

  it('type-checks the scaffolded config and sidebars against the published types', () => {
    const tsconfig = path.join(project, 'tsconfig.json');
    writeFileSync(
      tsconfig,
      JSON.stringify({
        compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', strict: true, noEmit: true, types: [] },
        include: ['site/sipadocs.config.ts', 'site/sidebars.ts'],
      }),
    );
    const checked = run(process.execPath, [TSC, '-p', tsconfig], project);
    expect(checked.status, checked.output).toBe(0);

    // The types are real: a wrong value in the config is an error.
    writeFileSync(path.join(project, 'check-types.ts'), "import { defineConfig } from 'sipadocs';\nexport default defineConfig({ title: 'T', url: 'https://t.example', tagline: 42 });\n");
    writeFileSync(tsconfig, JSON.stringify({ compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', strict: true, noEmit: true, types: [] }, include: ['check-types.ts'] }));
    const wrong = run(process.execPath, [TSC, '-p', tsconfig], project);
    expect(wrong.status).not.toBe(0);
    expect(wrong.output).toMatch(/tagline.*|Type 'number' is not assignable to type 'string'/);
  }, 120_000);
});
