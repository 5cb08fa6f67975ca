import { defineConfig } from 'vitest/config';

/** Reliability tests: PostgreSQL faults and process signals. Run by .ci/run with TEST_DATABASE_URL. */
export default defineConfig({
  test: {
    name: 'reliability',
    environment: 'node',
    include: ['test/reliability/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts', 'test/support/require-postgres.ts'],
    setupFiles: ['test/support/fail-on-console-error.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
