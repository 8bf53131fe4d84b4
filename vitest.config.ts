import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig, type Plugin } from 'vitest/config';

/**
 * Packages resolve as the CLI resolves them (esbuild: no "development" export condition). Some,
 * micromark among them, ship a development build with internal assertions that production never
 * runs, and an MDX syntax extension can trip one where the published build works.
 */
const productionPackages: Plugin = {
  name: 'sipadocs:production-packages',
  configResolved(config) {
    const conditions = config.ssr.resolve?.conditions;
    if (conditions) conditions.splice(0, conditions.length, ...conditions.filter((c) => c !== 'development|production' && c !== 'development'));
  },
};

/**
 * The longest test files, with their seconds in a whole run on the 2-core CI machine (rounded; the
 * order matters, not the figures). They start first, the longest first: a long file that starts
 * when the other worker has nothing left to run makes the run as long as itself. A fresh clone has
 * no record of earlier runs, and vitest would order by file size, which puts several of these last.
 * A new test file that takes more than about 20 s belongs here.
 *
 * The figures above 55 are those of a quiet CI run (2026-11-29, 3 workers), less what sharing a
 * build has since saved (sidebar-once and check-links-scale share one; so do the two i18n files,
 * and the two docusaurus2 files); the files below took less there, in the order they had before.
 */
export const LONG_FILES: Record<string, number> = {
  'test/integration/settings-effect.test.ts': 440,
  'test/e2e/runtime.test.ts': 167,
  'test/integration/faults.test.ts': 137,
  'test/e2e/long-list.test.ts': 125,
  'test/integration/package.test.ts': 119,
  'test/integration/sidebar-once.test.ts': 110,
  'test/integration/docusaurus-routes.test.ts': 102,
  'test/integration/docusaurus2.test.ts': 85,
  'test/e2e/search.test.ts': 82,
  'test/integration/cold-start.test.ts': 75,
  'test/e2e/all-pages.test.ts': 71,
  'test/integration/bench.test.ts': 66,
  'test/e2e/theme.test.ts': 65,
  'test/integration/code-fingerprint.test.ts': 63,
  'test/integration/output-folder.test.ts': 62,
  'test/integration/check-links-scale.test.ts': 60,
  'test/integration/commit.test.ts': 60,
  'test/integration/migrate.test.ts': 60,
  'test/e2e/versions.test.ts': 58,
  'test/integration/docusaurus-in-place.test.ts': 55,
  'test/integration/i18n.test.ts': 54,
  'test/e2e/i18n.test.ts': 52,
  'test/e2e/docusaurus2.test.ts': 50,
  'test/integration/broken-links.test.ts': 48,
  'test/e2e/constructs.test.ts': 46,
  'test/integration/docusaurus-shapes.test.ts': 46,
  'test/integration/hostile-input.test.ts': 40,
  'test/integration/plugins-lunr-search.test.ts': 40,
  'test/integration/i18n-commands.test.ts': 36,
  'test/integration/base-url.test.ts': 35,
  'test/integration/migrate-hostile.test.ts': 34,
  'test/integration/site-outputs.test.ts': 30,
  'test/integration/theme-coverage.test.ts': 20,
  'test/e2e/docusaurus-watch.test.ts': 20,
};

/** LONG_FILES first, longest first; the others after them, in vitest's order (the slowest of the last run first, or the largest). */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const seconds = (file: TestSpecification) => LONG_FILES[path.relative(root, file.moduleId).split(path.sep).join('/')] ?? 0;
    const rest = await super.sort(files.filter((file) => seconds(file) === 0));
    return [...files.filter((file) => seconds(file) > 0).sort((a, b) => seconds(b) - seconds(a)), ...rest];
  }
}

const UNIT = ['test/unit/**/*.test.ts'];

export default defineConfig({
  plugins: [productionPackages],
  test: {
    // Which files run is said by the projects below (a project extends this, and would add to an include here).
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Three workers on the two cores of the CI machine: a file waiting (for a browser's page, a
    // served request, a timer) leaves its core to another file's build.
    maxWorkers: 3,
    sequence: { sequencer: LongestFirst },
    projects: [
      // Unit tests share each worker's loaded modules, as in the fast lane: loading the build's
      // modules again for each of their files took longer than most of them run.
      { extends: true, test: { name: 'unit', include: UNIT, isolate: false } },
      // The others, which build sites, spawn the CLI or drive Chromium, share them too: a process
      // per file loaded the build's modules, started a highlighter thread and an esbuild service
      // for each of some 90 files, a tenth of the whole run's CPU. A file that changes what the
      // process shares (its working folder, an environment variable) puts it back in a `finally`.
      { extends: true, test: { name: 'sites', include: ['test/**/*.test.ts'], exclude: UNIT, isolate: false } },
    ],
  },
});
