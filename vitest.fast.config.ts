import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * The fast lane, `npm run test:fast`: every unit test, and the integration tests that build small
 * fixture sites in-process, without a browser, a packed package or a generated corpus. The
 * differential test of the fast path searches fewer cases and a smaller corpus here
 * (STATIC_FUZZ_RUNS, STATIC_CORPUS_DOCS); `npm test` runs everything in full.
 */
export const FIXTURE_BUILDS = [
  'fixture-build',
  'incremental-output',
  'search-index',
  'last-updated',
  'constructs',
  'extensions',
  'broken-links',
  'watch-search',
  'dev-output',
  'migrate-v3',
  'theme-coverage',
  'docusaurus2-mdx1',
  'hostile-outputs',
  'migrate-no-preset',
  'site-settings',
  'i18n',
];

// The fast lane is one set of files, not the projects of `npm test`.
const { projects: _projects, ...test } = base.test!;

export default defineConfig({
  ...base,
  test: {
    ...test,
    include: ['test/unit/**/*.test.ts', ...FIXTURE_BUILDS.map((name) => `test/integration/${name}.test.ts`)],
    env: { STATIC_FUZZ_RUNS: '40', STATIC_CORPUS_DOCS: '50' },
    // Test files share each worker's loaded modules instead of loading them again, file after file.
    isolate: false,
  },
});
