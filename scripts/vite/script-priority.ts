import type { Plugin } from 'vite';

/**
 * Fetches the app's code at low priority: every page paints from its HTML (the header, or the whole
 * first screen where it is drawn ahead), and module scripts never block that paint, so the code must not
 * hold back what does, the page's largest picture first. The server's route preloads say the same
 * (server http/route-preloads.ts).
 */
export function lowPriorityScripts(): Plugin {
  return {
    name: 'shop:low-priority-scripts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"'),
    },
  };
}
