import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compileHints } from './scripts/vite/compile-hints.ts';
import { inlineCss } from './scripts/vite/inline-css.ts';
import { precompress } from './scripts/vite/precompress.ts';
import { lowPriorityScripts } from './scripts/vite/script-priority.ts';
import { shopTexts } from './scripts/vite/shop-texts.ts';

/**
 * The app is written against React's API and runs on Preact's compatibility layer: a fifth of the
 * JavaScript, which is what phones wait for (docs/decisions/006-preact.md). Tests use the same aliases.
 */
export const reactOnPreact = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/** React Router probes for React 19's useOptimistic and falls back without it; Preact has none. */
const quietPreactGaps = (
  level: 'info' | 'warn' | 'debug',
  log: { code?: string; message: string },
  handler: (level: 'info' | 'warn' | 'debug', log: { code?: string; message: string }) => void,
) => {
  if (log.code === 'IMPORT_IS_UNDEFINED' && log.message.includes('useOptimistic')) return;
  handler(level, log);
};

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: isSsrBuild ? false : '../../public',
  plugins: [
    react(),
    tailwindcss(),
    shopTexts(),
    inlineCss(),
    lowPriorityScripts(),
    compileHints(),
    precompress(),
  ],
  resolve: { alias: reactOnPreact },
  // The prerender bundle (scripts/prerender.mjs) takes every library in, so that they reach Preact too.
  ssr: { noExternal: true },
  build: isSsrBuild
    ? { outDir: '../../dist/prerender', emptyOutDir: true, rolldownOptions: { onLog: quietPreactGaps } }
    : {
        outDir: '../../dist/web',
        emptyOutDir: true,
        rolldownOptions: { onLog: quietPreactGaps },
        // The home page budget is 120 KB of gzipped JavaScript; keep an eye on every chunk.
        chunkSizeWarningLimit: 400,
        // The server reads it to preload each page's code along with the HTML.
        manifest: true,
        // Every browser the shop supports preloads modules itself; the polyfill only cost start-up time.
        modulePreload: { polyfill: false },
      },
  server: {
    proxy: { '/api': apiTarget, '/healthz': apiTarget },
  },
}));
