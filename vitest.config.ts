import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: ['test/reliability/**'],
          globalSetup: ['test/support/global-setup.ts'],
          setupFiles: ['test/support/fail-on-console-error.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['test/support/fail-on-console-error.ts', 'test/support/web-setup.ts'],
        },
      },
    ],
  },
});
