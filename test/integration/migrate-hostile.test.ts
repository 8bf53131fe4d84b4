import { spawnSync } from 'node:child_process';
import { cp, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers.js';

/**
 * A Docusaurus project that reaches outside itself (test/fixtures/docusaurus-hostile): config
 * paths out of its repository, links out of it (a file, a folder holding a `.ssh`, a doc, a
 * post, a style sheet, a React page, the JSON file its config requires), environment variables,
 * and an attempt at the sandbox's hooks. Each secret below lives outside the repository or in
 * the environment: none may appear in anything the migration or the build writes or prints.
 */
const SECRETS = {
  ssh: 'OUTSIDE-SECRET-ssh-key',
  authors: 'OUTSIDE-SECRET-authors',
  creds: 'OUTSIDE-SECRET-creds',
  doc: 'OUTSIDE-SECRET-doc',
  post: 'OUTSIDE-SECRET-post',
  css: 'OUTSIDE-SECRET-css',
  page: 'OUTSIDE-SECRET-page',
  folder: 'OUTSIDE-SECRET-folder',
  env: 'ENV-SECRET-token-91827',
  envUrl: 'https://env-secret.example',
};

const cli = (args: string[], env: Record<string, string> = {}) =>
  // The kill time only keeps a hung run from hanging the suite; nothing here asserts a duration.
  spawnSync(process.execPath, ['bin/sipadocs.js', ...args], { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 120_000 });

/** Every file under a folder (links not followed), with its content. */
async function contents(dir: string): Promise<Array<{ file: string; text: string }>> {
  const files = await fg(['**/*'], { cwd: dir, dot: true, onlyFiles: true, followSymbolicLinks: false });
  return Promise.all(files.map(async (file) => ({ file, text: await readFile(path.join(dir, file), 'latin1') })));
}

function expectNoSecret(where: string, text: string): void {
  for (const [name, secret] of Object.entries(SECRETS)) expect(text.includes(secret), `${name} secret in ${where}`).toBe(false);
}

/** Lays out tmp/repo (the fixture, a git repository), tmp/outside and tmp/home with the secrets, and the links. */
async function hostileProject(tmp: string): Promise<string> {
  const repo = path.join(tmp, 'repo');
  await cp('test/fixtures/docusaurus-hostile', repo, { recursive: true });
  await mkdir(path.join(repo, '.git'));
  const outside = path.join(tmp, 'outside');
  const home = path.join(tmp, 'home');
  await mkdir(path.join(outside, 'folder'), { recursive: true });
  await mkdir(path.join(home, '.ssh'), { recursive: true });
  await writeFile(path.join(home, '.ssh', 'id_rsa'), SECRETS.ssh);
  await writeFile(path.join(outside, 'secret.yml'), `leak:\n  name: ${SECRETS.authors}\n`);
  await writeFile(path.join(outside, 'creds.json'), JSON.stringify({ token: SECRETS.creds }));
  await writeFile(path.join(outside, 'passwd.md'), `# Leak\n\n${SECRETS.doc}\n`);
  await writeFile(path.join(outside, 'post.md'), `---\ntitle: Leak\ndate: 2024-02-02\n---\n\n${SECRETS.post}\n`);
  await writeFile(path.join(outside, 'evil.css'), `body::after { content: "${SECRETS.css}"; }\n`);
  await writeFile(path.join(outside, 'page.js'), `import Layout from '@theme/Layout';\nexport default () => <Layout title="${SECRETS.page}">x</Layout>;\n`);
  await writeFile(path.join(outside, 'folder', 'data.txt'), SECRETS.folder);
  const website = path.join(repo, 'website');
  await mkdir(path.join(website, 'src', 'pages'), { recursive: true });
  const links: Array<[string, string]> = [
    [path.join(outside, 'creds.json'), 'website/creds.json'],
    [path.join(home, '.ssh', 'id_rsa'), 'website/static/key.txt'],
    [home, 'website/static/home'],
    ['../../../outside/folder', 'website/static/linked'],
    ['ok.txt', 'website/static/inner.txt'],
    [path.join(outside, 'passwd.md'), 'docs/passwd.md'],
    [path.join(outside, 'post.md'), 'website/blog/leak.md'],
    [path.join(outside, 'evil.css'), 'website/src/css/linked.css'],
    [path.join(outside, 'page.js'), 'website/src/pages/evil.js'],
  ];
  for (const [target, link] of links) await symlink(target, path.join(repo, link));
  return website;
}

describe('sipadocs migrate on a project that reaches outside itself', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let site: string;
  let migration: ReturnType<typeof cli>;
  beforeAll(async () => {
    tmp = await tempDir('sipadocs-hostile-');
    const website = await hostileProject(tmp.dir);
    site = path.join(tmp.dir, 'site');
    migration = cli(['migrate', website, '--out', site], { SIPADOCS_HOSTILE_TOKEN: SECRETS.env, SIPADOCS_HOSTILE_URL: SECRETS.envUrl });
  }, 180_000);
  afterAll(() => tmp.cleanup());

  it('migrates, printing no secret', () => {
    expect(migration.stderr).toBe('');
    expect(migration.status).toBe(0);
    expectNoSecret('the report', migration.stdout + migration.stderr);
  });

  it('names every path and link that leads out, with the key or the file', () => {
    const warnings = migration.stdout.slice(migration.stdout.indexOf('Warnings ('), migration.stdout.indexOf('Not carried over'));
    for (const named of [
      'staticDirectories: ../..:',
      'staticDirectories: ../../outside:',
      'presets.classic.blog.authorsMapPath: ../../outside/secret.yml:',
      'presets.classic.theme.customCss: ../../outside/evil.css:',
      'presets.classic.theme.customCss: src/css/linked.css: a link that leads outside the project',
      "require('./creds.json') in docusaurus.config.js: creds.json: a link that leads outside the project",
      'static/key.txt: a link',
      'static/home: a link',
      'static/linked: a link',
      '../docs/passwd.md: a link',
      'blog/leak.md: a link',
      'src/pages/evil.js: a link',
    ]) {
      expect(warnings, named).toContain(named);
    }
    expect(warnings).toContain(`the git repository ${path.join(tmp.dir, 'repo')}`);
  });

  it('writes nothing from outside: no secret in any file, no dotfile of the home folder', async () => {
    const files = await contents(site);
    for (const { file, text } of files) expectNoSecret(file, text);
    expect(files.map(({ file }) => file).filter((file) => /\.ssh|id_rsa|key\.txt|linked|home\//.test(file))).toEqual([]);
  });

  it('keeps what is inside: the docs beside the website folder, a link within the project, the own style sheet', async () => {
    expect(await readFile(path.join(site, 'docs/intro.md'), 'utf8')).toContain('beside the website folder');
    expect(await readFile(path.join(site, 'static/inner.txt'), 'utf8')).toBe('a static file of the project\n');
    expect(await readFile(path.join(site, 'src/css/custom.css'), 'utf8')).toContain('hostile-own');
  });

  it('shows the evaluated config no hook to replace, and gives it an empty environment whose variables the new config reads itself', async () => {
    const config = await readFile(path.join(site, 'sipadocs.config.ts'), 'utf8');
    expect(config).toContain("tagline: 'hooks unreachable, credentials not read'");
    expect(config).toContain('title: `Hostile ${process.env.SIPADOCS_HOSTILE_TOKEN}`');
    expect(config).toContain("url: process.env.SIPADOCS_HOSTILE_URL ?? 'https://hostile.example'");
    expect(migration.stdout).toContain('the environment variable SIPADOCS_HOSTILE_TOKEN (read by docusaurus.config.js): the migrated config reads it');
    expect(migration.stdout).toContain('process.env (all of it), in docusaurus.config.js');
  });

  it('builds into a site with nothing from outside', async () => {
    const out = path.join(tmp.dir, 'out');
    const build = cli(['build', '--site', site, '--out-dir', out]);
    expect(build.stderr).toBe('');
    expect(build.status).toBe(0);
    for (const { file, text } of await contents(out)) expectNoSecret(file, text);
    expect(await readFile(path.join(out, 'inner.txt'), 'utf8')).toBe('a static file of the project\n');
  }, 180_000);
});

describe('sipadocs migrate on a config that attacks the sandbox', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    tmp = await tempDir('sipadocs-hostile-sandbox-');
  });
  afterAll(() => tmp.cleanup());

  const migrateWith = async (name: string, config: string) => {
    const website = path.join(tmp.dir, name, 'website');
    await mkdir(website, { recursive: true });
    await writeFile(path.join(website, 'docusaurus.config.js'), config);
    return cli(['migrate', website, '--out', path.join(tmp.dir, name, 'site')]);
  };

  it('stops a looping getter of the exported config with an error that says so', async () => {
    const result = await migrateWith('getter', "module.exports = { title: 'x', get tagline() { for (;;) {} } };\n");
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/error DOCUSAURUS_LOAD_FAILED: cannot read docusaurus\.config\.js: evaluating it took longer than 5000 ms/);
  }, 120_000);

  it('stops an error whose code getter loops, thrown after the sandbox hook was looked for', async () => {
    const result = await migrateWith(
      'error-code',
      "const error = new Error('boom');\nObject.defineProperty(error, 'code', { get() { for (;;) {} } });\nthrow error;\n",
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('error DOCUSAURUS_LOAD_FAILED: cannot read docusaurus.config.js: evaluating it failed: Error: boom');
  }, 120_000);

  it('ends a config that allocates without end with an error, not a crash of the process', async () => {
    const result = await migrateWith('bomb', 'const kept = [];\nfor (;;) kept.push(new Array(100000).fill({ a: 1 }));\n');
    expect(result.status).toBe(1);
    // Which limit ends it first depends on the machine's speed: the memory limit, or the time limit
    // while the heap fills (test/unit/migrate/sandbox.test.ts sees the memory limit alone).
    expect(result.stderr).toMatch(/error DOCUSAURUS_LOAD_FAILED: cannot read docusaurus\.config\.js: evaluating it (used more than \d+ MB of memory|took longer than 5000 ms)/);
    expect(result.stderr).not.toMatch(/FATAL ERROR|heap out of memory/);
  }, 120_000);
});
