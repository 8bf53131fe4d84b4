import { spawnSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers.js';

const run = (...args: string[]) => spawnSync(process.execPath, ['bin/sipadocs.js', ...args], { encoding: 'utf8', env: { ...process.env, CI: '' } });

describe('sipadocs CLI', () => {
  it('prints help and the version with exit code 0', () => {
    const help = run('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('build');
    expect(help.stdout).toContain('check-links');
    const version = run('--version');
    expect(version.status).toBe(0);
    expect(version.stdout.trim()).toBe('2.1.0');
  });

  it('is wired into the npm scripts the README uses', () => {
    for (const script of ['build', 'start', 'dev', 'check-links']) {
      const result = spawnSync('npm', ['run', '--silent', script, '--', '--help'], { encoding: 'utf8' });
      expect(result.status, `npm run ${script}`).toBe(0);
      expect(result.stdout, `npm run ${script}`).toMatch(/^Usage: sipadocs /m);
    }
  }, 60_000);

  it('exits 2 on a usage error', () => {
    expect(run('frobnicate').status).toBe(2);
    expect(run('build', '--no-such-flag').status).toBe(2);
  });

  it.each(['abc', '70000', '-5', '1.5', ''])('exits 2 with one message for --port %j', (port) => {
    const result = run('serve', '--port', port, '--site', '/nonexistent', '--out-dir', '/nonexistent/out');
    expect(result.status).toBe(2);
    expect(result.stderr.trim()).toBe(`error: option '--port <port>' argument '${port}' is invalid. A port is a whole number from 0 to 65535 (0 picks a free one).`);
  });

  it('stores a docs version with docs:version, and another instance\'s with docs:version:<id>', async () => {
    const tmp = await tempDir();
    try {
      const site = path.join(tmp.dir, 'site');
      for (const folder of ['docs', 'api']) await mkdir(path.join(site, folder), { recursive: true });
      await writeFile(path.join(site, 'sipadocs.config.ts'), "export default { title: 'T', url: 'https://t.example', docsInstances: [{ id: 'api' }] };\n");
      await writeFile(path.join(site, 'docs', 'intro.md'), '# Intro\n');
      await writeFile(path.join(site, 'api', 'ref.md'), '# Ref\n');
      const first = run('docs:version', '1.0', '--site', site);
      expect(first.status).toBe(0);
      expect(first.stdout).toMatch(/^Docs version 1\.0 written:\n.*versioned_docs\/version-1\.0\/ \(1 file\)/);
      expect(run('docs:version', '1.0', '--site', site).stderr).toMatch(/error DOCS_VERSION_EXISTS/);
      const other = run('docs:version:api', '3', '--site', site);
      expect(other.status).toBe(0);
      expect(other.stdout).toMatch(/api_versions\.json: 3/);
    } finally {
      await tmp.cleanup();
    }
  });

  it('exits 1 with a located message when the build fails', async () => {
    const tmp = await tempDir();
    try {
      const site = path.join(tmp.dir, 'site');
      await mkdir(path.join(site, 'docs'), { recursive: true });
      await writeFile(path.join(site, 'sipadocs.config.ts'), "export default { title: 'T', url: 'https://t.example', docs: { editUrl: 42 } };\n");
      const result = run('build', '--site', site, '--out-dir', path.join(tmp.dir, 'out'));
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/sipadocs\.config\.ts:1:\d+: error CONFIG_INVALID: docs\.editUrl must be a string, got number/);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    } finally {
      await tmp.cleanup();
    }
  }, 120_000);

  it('reports every problem of the config at once, each at its line, and exits 1', async () => {
    const tmp = await tempDir();
    try {
      const site = path.join(tmp.dir, 'site');
      await mkdir(path.join(site, 'docs'), { recursive: true });
      const config = [
        'export default {',
        "  title: 'T',",
        "  url: 'https://t.example',",
        "  colour: 'red',",
        "  docs: { editUrl: 'https://t.example/edit', sidebarCollapsed: 'yes' },",
        '  blog: {',
        '    editUrl: 42,',
        "    postsPerPage: '10',",
        '  },',
        '};',
      ].join('\n');
      await writeFile(path.join(site, 'sipadocs.config.ts'), config);
      const result = run('build', '--site', site, '--out-dir', path.join(tmp.dir, 'out'));
      expect(result.status).toBe(1);
      const reported = [...result.stderr.matchAll(/sipadocs\.config\.ts:(\d+):\d+: error CONFIG_INVALID: (\S+)/g)].map((m) => `${m[1]} ${m[2]}`);
      // blog.editUrl is found under blog, not at the docs.editUrl above it.
      expect(reported).toEqual(['4 unknown', '5 docs.sidebarCollapsed', '7 blog.editUrl', '8 blog.postsPerPage']);
      expect(result.stderr).toContain('4 problems; nothing was written.');
    } finally {
      await tmp.cleanup();
    }
  }, 120_000);

  it('check-links exits 1 for a missing directory', () => {
    const result = run('check-links', '/nonexistent/dir');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('OUTPUT_NOT_FOUND');
  });
});
