import type { Plugin } from 'vite';
import { SHOP_NAME, TAGLINE } from '#shared/shop.ts';

/**
 * index.html names the shop as every page and mail does, from src/shared/shop.ts: `%SHOP_NAME%` and
 * `%TAGLINE%` are written in as the page is served (development) or built.
 */
export function shopTexts(): Plugin {
  return {
    name: 'shop:texts',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => html.replaceAll('%SHOP_NAME%', SHOP_NAME).replaceAll('%TAGLINE%', TAGLINE),
    },
  };
}
