import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Browser and build tests are heavy; two workers match the two cores of the CI machine.
    maxWorkers: 2,
  },
});
