import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Part } from '../../shared/contracts/part';
import { productPagePath, SHOP_PAGES } from '../../shared/pages';
import { escapeHtml, withHeadEnd } from '../lib/html';
import { errorBody } from './errors';

/** JSON inside a <script> element: nothing in it may close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The app's index.html with a product's own title, description, canonical URL, social tags and Product JSON-LD. */
export function productPage(indexHtml: string, part: Part, publicUrl: string): string {
  const url = `${publicUrl}${productPagePath(part._id)}`;
  const image = part.img.startsWith('/') ? `${publicUrl}${part.img}` : part.img;
  const title = `${part.name} — Reliable Tech Parts`;
  const description = part.description.length > 155 ? `${part.description.slice(0, 152)}…` : part.description;
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: part.name,
    description: part.description,
    image,
    url,
    category: part.category,
    offers: {
      '@type': 'Offer',
      price: (part.priceCents / 100).toFixed(2),
      priceCurrency: 'USD',
      availability:
        part.avaquantity >= part.minquantity ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      url,
    },
  };
  const head = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="product" />`,
    `<meta property="og:title" content="${escapeHtml(part.name)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="product:price:amount" content="${(part.priceCents / 100).toFixed(2)}" />`,
    `<meta property="product:price:currency" content="USD" />`,
    `<script type="application/ld+json">${scriptJson(jsonLd)}</script>`,
    // The page's largest picture, fetched with the HTML rather than once the page's code has drawn it.
    `<link rel="preload" as="image" href="${escapeHtml(part.img)}" fetchpriority="high" />`,
  ].join('\n    ');
  return withHeadEnd(
    indexHtml.replace(/<title>[^<]*<\/title>/, '').replace(/<meta name="description"[^>]*>/, ''),
    `    ${head}\n  `,
  );
}

/** A sitemap holds at most 50,000 URLs (sitemaps.org); past that, an index points at several. */
export const SITEMAP_MAX_URLS = 50_000;
const STATIC_PAGES = SHOP_PAGES.filter((page) => page.sitemap).map((page) => page.path);

export interface SitemapSource {
  countParts(): Promise<number>;
  /** Active parts by id, `limit` of them from `offset`. */
  partsForSitemap(offset: number, limit: number): Promise<{ id: string; updatedAt: Date }[]>;
}

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`;
const urlset = (entries: string[]) =>
  xml(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>`);

/** robots.txt and the sitemap: every page a visitor can reach and every product page. */
export function registerSeoRoutes(app: FastifyInstance, source: SitemapSource): void {
  const publicUrl = app.config.publicUrl;
  const loc = (path: string, lastmod?: Date) =>
    `  <url><loc>${escapeHtml(`${publicUrl}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
  const partEntries = async (offset: number, limit: number) =>
    (await source.partsForSitemap(offset, limit)).map((part) =>
      loc(productPagePath(part.id), part.updatedAt),
    );
  const sendXml = (reply: FastifyReply, body: string) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body);

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .send(
        `User-agent: *\nAllow: /\nDisallow: /dashboard\nDisallow: /api/\n\nSitemap: ${publicUrl}/sitemap.xml\n`,
      ),
  );

  app.get('/sitemap.xml', async (_request, reply) => {
    const count = await source.countParts();
    if (STATIC_PAGES.length + count <= SITEMAP_MAX_URLS) {
      return sendXml(
        reply,
        urlset([...STATIC_PAGES.map((path) => loc(path)), ...(await partEntries(0, count))]),
      );
    }
    const sitemaps = ['/sitemap-pages.xml'];
    for (let n = 1; n <= Math.ceil(count / SITEMAP_MAX_URLS); n++) sitemaps.push(`/sitemap-parts-${n}.xml`);
    const entries = sitemaps.map(
      (path) => `  <sitemap><loc>${escapeHtml(`${publicUrl}${path}`)}</loc></sitemap>`,
    );
    return sendXml(
      reply,
      xml(
        `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>`,
      ),
    );
  });

  app.get('/sitemap-pages.xml', async (_request, reply) =>
    sendXml(reply, urlset(STATIC_PAGES.map((path) => loc(path)))),
  );

  app.get<{ Params: { n: string } }>('/sitemap-parts-:n.xml', async (request, reply) => {
    const n = Number(request.params.n);
    const entries =
      Number.isInteger(n) && n >= 1 ? await partEntries((n - 1) * SITEMAP_MAX_URLS, SITEMAP_MAX_URLS) : [];
    if (entries.length === 0) return reply.code(404).send(errorBody('not_found', 'No such sitemap.'));
    return sendXml(reply, urlset(entries));
  });
}
