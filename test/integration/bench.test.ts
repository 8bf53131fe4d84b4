/**
 * `npm run bench` on a machine without Hugo (as on CI): it measures sipadocs alone, says Hugo was
 * not found, and succeeds. The run with Hugo is checked by the benchmark itself (it fails when
 * Hugo's output does not match sipadocs's).
 */
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers.js';

describe('npm run bench without hugo on the PATH', () => {
  it('prints sipadocs figures, says Hugo was not found, writes the JSON and exits 0', async () => {
    const tmp = await tempDir('sipadocs-bench-test-');
    try {
      const outFile = path.join(tmp.dir, 'results.json');
      // A PATH with no hugo on it: the benchmark runs node and GNU time by their full paths.
      const result = spawnSync(process.execPath, ['bin/run-ts.js', 'bench/bench.ts', '--sizes', '12', '--posts', '3', '--sipa-runs', '0', '--watch-edits', '0', '--open-docs', '0', '--flat-docs', '0', '--locales-docs', '0', '--jest', 'test/fixtures/docusaurus2-project', '--docusaurus', 'skip', '--markdown', '--out', outFile], {
        encoding: 'utf8',
        env: { ...process.env, PATH: path.join(tmp.dir, 'empty-bin') },
        timeout: 300_000,
      });
      expect(result.status, `${result.stdout}${result.stderr}`).toBe(0);
      expect(result.stderr).toContain('hugo not found on the PATH');
      expect(result.stdout).toContain('hugo not found on the PATH: no comparison');
      for (const run of ['cold', 'warm', 'warm-edit']) expect(result.stdout).toMatch(new RegExp(`^12 +${run} +\\d+ +\\d+\\.\\d\\d `, 'm'));
      expect(result.stdout).toContain('| docs | run | pages | wall s |');

      const results = JSON.parse(await readFile(outFile, 'utf8'));
      expect(results.hugo).toBeNull();
      expect(results.hugoRows).toEqual([]);
      expect(results.comparison).toEqual([]);
      expect(results.rows.map((row: { run: string }) => row.run)).toEqual(['cold', 'warm', 'warm-edit']);
      for (const row of results.rows) {
        expect(row).toMatchObject({ docs: 12, posts: 3 });
        expect(row.pages).toBeGreaterThan(12);
        expect(row.wallSeconds).toBeGreaterThan(0);
      }
      expect(results.machine.loadAverage.start).toHaveLength(3);
      // A Docusaurus project, migrated and built three ways (Docusaurus itself left out here).
      expect(result.stdout).toContain('no Docusaurus (--docusaurus skip)');
      expect(results.jest.rows.map((row: { tool: string; run: string; ok: boolean }) => [row.tool, row.run, row.ok])).toEqual([
        ['sipadocs', 'cold', true],
        ['sipadocs', 'warm', true],
        ['sipadocs', 'warm-edit', true],
      ]);
    } finally {
      await tmp.cleanup();
    }
  }, 320_000);
});
