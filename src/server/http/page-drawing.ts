import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The web app's own drawing of a page (web prerender.tsx `drawnPage`): index.html with the page at a
 * URL drawn inside it, as a signed-out visitor's app first draws it from the answers sent with it.
 */
export type DrawPage = (template: string, url: string, answers: Record<string, unknown>) => Promise<string>;

/**
 * The drawing, from the build's prerender bundle (`module`, dist/prerender/prerender.js, which also
 * drew the build's prerendered pages): one renderer for both. Loading starts at once and is not waited
 * for at start; a page that asks first waits only for what is left of it. Null without a build or when
 * it cannot be loaded: those pages are then drawn by the app, in the browser, as before.
 */
export function loadPageDrawing(module: string, log: FastifyBaseLogger): Promise<DrawPage | null> {
  if (!existsSync(module)) return Promise.resolve(null);
  return import(pathToFileURL(module).href).then(
    (loaded: { drawnPage?: DrawPage }) => loaded.drawnPage ?? null,
    (error: unknown) => {
      log.error({ err: error }, 'The page drawing could not be loaded; pages are drawn in the browser.');
      return null;
    },
  );
}
