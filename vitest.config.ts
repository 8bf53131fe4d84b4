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
 * The longest test files, with their seconds in a whole run on this 2-core machine (2026-11-29,
 * two workers; rounded: the order matters, not the figures). They start first, the longest first:
 * a long file that starts when the other worker has nothing left to run makes the run as long as
 * itself. A fresh clone has no record of earlier runs, and vitest would order by file size, which
 * puts several of these last. A new test file that takes more than about 20 s belongs here.
 */
export const LONG_FILES: Record<string, number> = {
  'test/e2e/runtime.test.ts': 123,
  'test/integration/settings-effect.test.ts': 121,
  'test/integration/faults.test.ts': 80,
  'test/integration/package.test.ts': 78,
  'test/e2e/long-list.test.ts': 73,
  'test/e2e/search.test.ts': 68,
  'test/e2e/all-pages.test.ts': 63,
  'test/e2e/a11y.test.ts': 57,
  'test/e2e/theme.test.ts': 50,
  'test/integration/code-fingerprint.test.ts': 41,
  'test/integration/cold-start.test.ts': 40,
  'test/integration/docusaurus2.test.ts': 37,
  'test/integration/commit.test.ts': 36,
  'test/e2e/file-names.test.ts': 34,
  'test/integration/bench.test.ts': 33,
  'test/e2e/theme-coverage.test.ts': 32,
  'test/e2e/versions.test.ts': 31,
  'test/e2e/early-clicks.test.ts': 31,
  'test/integration/output-folder.test.ts': 30,
  'test/integration/docusaurus-routes.test.ts': 30,
  'test/integration/docusaurus-in-place.test.ts': 30,
  'test/integration/migrate.test.ts': 29,
  'test/integration/docusaurus-shapes.test.ts': 29,
  'test/e2e/docusaurus2.test.ts': 27,
  'test/e2e/base-url.test.ts': 26,
  'test/e2e/watch.test.ts': 25,
  'test/e2e/constructs.test.ts': 24,
  'test/e2e/i18n.test.ts': 23,
  'test/e2e/migrated-site.test.ts': 22,
  'test/e2e/page-tools.test.ts': 20,
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
    // One worker per core of the CI machine (two). A third kept the cores no busier (they were
    // busy all along) and made every process pay for the crowding: the tests took 2,184 s of CPU
    // (perf, machine-wide) and 1,105 s with three workers, 1,788 s of CPU and 946 s with two.
    maxWorkers: 2,
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
