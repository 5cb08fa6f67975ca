import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { reactOnPreact } from './vite.config.ts';

export default defineConfig({
  test: {
    projects: [
      {
        // The server draws some pages with the web app's own code (http/page-drawing.ts): its tests
        // load that code as the web tests do, on Preact.
        plugins: [react()],
        resolve: { alias: reactOnPreact },
        ssr: { resolve: { conditions: ['module', 'node', 'development'] } },
        test: {
          name: 'server',
          environment: 'node',
          server: { deps: { inline: [/react-router/, /@tanstack/, /react-hook-form/] } },
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
        resolve: { alias: reactOnPreact, conditions: ['module', 'browser', 'development'] },
        test: {
          name: 'web',
          environment: 'jsdom',
          // Bundled through Vite so that their React imports reach Preact too.
          server: { deps: { inline: [/react-router/, /@tanstack/, /react-hook-form/] } },
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['test/support/fail-on-console-error.ts', 'test/support/web-setup.ts'],
          // jsdom pages with several steps run alongside the server suite on two cores: 5 s is too tight.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
