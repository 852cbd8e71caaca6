import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two cores: end-to-end suites start servers and workers of their own.
    maxWorkers: 2,
    reporters: ['default'],
  },
});
