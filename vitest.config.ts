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

export default defineConfig({
  plugins: [productionPackages],
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Browser and build tests are heavy; two workers match the two cores of the CI machine.
    maxWorkers: 2,
  },
});
