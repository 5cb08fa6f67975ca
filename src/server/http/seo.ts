import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtml, withHeadEnd } from '#server/lib/html.ts';
import type { LaptopDetail } from '#shared/contracts/laptop.ts';
import type { PartDetail } from '#shared/contracts/part.ts';
import { laptopPagePath, laptopPageTitle, productPagePath, SHOP_PAGES } from '#shared/pages.ts';
import type { PartCondition } from '#shared/part-numbers.ts';
import { SHOP_NAME } from '#shared/shop.ts';
import { errorBody } from './errors';

/** JSON inside a <script> element: nothing in it may close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** What a search result shows of a description: about 155 characters. */
const snippet = (text: string) => (text.length > 155 ? `${text.slice(0, 152)}…` : text);

interface OwnHead {
  title: string;
  description: string;
  url: string;
  /** Open Graph's type and title (the page's name without the shop's). */
  ogType: 'product' | 'website';
  ogTitle: string;
  image?: string;
  jsonLd: unknown;
  /** Further tags, after the shared ones. */
  more?: string[];
}

/**
 * The app's index.html with a page's own title, description, canonical URL, social tags and JSON-LD in
 * place of the shop's title and description.
 */
function withOwnHead(indexHtml: string, page: OwnHead): string {
  const head = [
    `<title>${escapeHtml(page.title)}</title>`,
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(page.url)}" />`,
    `<meta property="og:type" content="${page.ogType}" />`,
    `<meta property="og:title" content="${escapeHtml(page.ogTitle)}" />`,
    `<meta property="og:description" content="${escapeHtml(page.description)}" />`,
    ...(page.image ? [`<meta property="og:image" content="${escapeHtml(page.image)}" />`] : []),
    `<meta property="og:url" content="${escapeHtml(page.url)}" />`,
    ...(page.more ?? []),
    `<script type="application/ld+json">${scriptJson(page.jsonLd)}</script>`,
  ].join('\n    ');
  return withHeadEnd(
    indexHtml.replace(/<title>[^<]*<\/title>/, '').replace(/<meta name="description"[^>]*>/, ''),
    `    ${head}\n  `,
  );
}

/** schema.org's words for a part's condition (Google's merchant rules ask for one of these). */
const ITEM_CONDITIONS: Record<PartCondition, string> = {
  new: 'https://schema.org/NewCondition',
  refurbished: 'https://schema.org/RefurbishedCondition',
  used: 'https://schema.org/UsedCondition',
};

/**
 * The laptops a product's JSON-LD names as those it is a spare part for: the first ones by name. A
 * charger may fit thousands of models; every product page would carry them all in its head, where the
 * model pages (which list their parts) already tell search engines the rest.
 */
export const MAX_JSON_LD_FITS = 100;

/** The app's index.html with a product's own title, description, canonical URL, social tags and Product JSON-LD. */
export function productPage(indexHtml: string, part: PartDetail, publicUrl: string): string {
  const url = `${publicUrl}${productPagePath(part._id)}`;
  const image = part.img.startsWith('/') ? `${publicUrl}${part.img}` : part.img;
  const price = (part.priceCents / 100).toFixed(2);
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: part.name,
    description: part.description,
    image,
    url,
    category: part.category,
    // The maker's part number: with GTINs unknown, what feeds identify a spare part by.
    ...(part.partNumbers[0] && { mpn: part.partNumbers[0] }),
    // Its buyers' stars, once it has any shown review (hidden ones are left out, as on the page).
    ...(part.rating.average !== null && {
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: part.rating.average,
        reviewCount: part.rating.count,
        bestRating: 5,
        worstRating: 1,
      },
    }),
    ...(part.fits.length > 0 && {
      isAccessoryOrSparePartFor: part.fits.slice(0, MAX_JSON_LD_FITS).map((fit) => ({
        '@type': 'Product',
        name: fit.name,
        url: `${publicUrl}${laptopPagePath(fit.slug)}`,
      })),
    }),
    offers: {
      '@type': 'Offer',
      price,
      priceCurrency: 'USD',
      itemCondition: ITEM_CONDITIONS[part.condition],
      availability:
        part.avaquantity >= part.minquantity ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      url,
      ...(part.warrantyMonths > 0 && {
        warranty: {
          '@type': 'WarrantyPromise',
          durationOfWarranty: { '@type': 'QuantitativeValue', value: part.warrantyMonths, unitCode: 'MON' },
        },
      }),
    },
  };
  return withOwnHead(indexHtml, {
    title: `${part.name} — ${SHOP_NAME}`,
    description: snippet(part.description),
    url,
    ogType: 'product',
    ogTitle: part.name,
    image,
    jsonLd,
    more: [
      `<meta property="product:price:amount" content="${price}" />`,
      `<meta property="product:price:currency" content="USD" />`,
      // The page's largest picture, fetched with the HTML rather than once the page's code has drawn it.
      `<link rel="preload" as="image" href="${escapeHtml(part.img)}" fetchpriority="high" />`,
    ],
  });
}

/**
 * The app's index.html with a laptop model's own title, description, canonical URL, social tags and
 * JSON-LD: a page collecting the parts that fit the model.
 */
export function laptopPage(indexHtml: string, laptop: LaptopDetail, publicUrl: string): string {
  const url = `${publicUrl}${laptopPagePath(laptop.slug)}`;
  const heading = laptopPageTitle(laptop.name);
  const count = laptop.categories.reduce((sum, category) => sum + category.count, 0);
  const model = `the ${laptop.name}${laptop.years ? ` (${laptop.years})` : ''}`;
  const aliases = laptop.aliases.length > 0 ? ` Also sold as ${laptop.aliases.join(', ')}.` : '';
  const description =
    count > 0
      ? `${count} ${count === 1 ? 'part' : 'parts'} that fit ${model}: ${laptop.categories.map((category) => category.name).join(', ')}.${aliases}`
      : `Parts for ${model}.${aliases}`;
  return withOwnHead(indexHtml, {
    title: `${heading} — ${SHOP_NAME}`,
    description: snippet(description),
    url,
    ogType: 'website',
    ogTitle: heading,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'CollectionPage',
      name: heading,
      description,
      url,
      about: {
        '@type': 'Product',
        name: laptop.name,
        brand: { '@type': 'Brand', name: laptop.brand },
        ...(laptop.aliases.length > 0 && { alternateName: laptop.aliases }),
      },
    },
  });
}

/** A sitemap holds at most 50,000 URLs (sitemaps.org); past that, an index points at several. */
export const SITEMAP_MAX_URLS = 50_000;
const STATIC_PAGES = SHOP_PAGES.filter((page) => page.sitemap).map((page) => page.path);

export interface SitemapSource {
  countParts(): Promise<number>;
  /** Active parts by id, `limit` of them from `offset`. */
  partsForSitemap(offset: number, limit: number): Promise<{ id: string; updatedAt: Date }[]>;
  /** Laptop models whose page is worth listing. */
  countLaptops(): Promise<number>;
  /** Those models by slug, `limit` of them from `offset`. */
  laptopsForSitemap(offset: number, limit: number): Promise<{ slug: string; updatedAt: Date }[]>;
}

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`;
const urlset = (entries: string[]) =>
  xml(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>`);

/** robots.txt and the sitemap: every page a visitor can reach, every product page and the page of every model parts fit. */
export function registerSeoRoutes(app: FastifyInstance, source: SitemapSource): void {
  const publicUrl = app.config.publicUrl;
  const loc = (path: string, lastmod?: Date) =>
    `  <url><loc>${escapeHtml(`${publicUrl}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
  /** The pages the server lists from its data, each kind in sitemaps of its own past the limit. */
  const listed = {
    parts: {
      count: () => source.countParts(),
      entries: async (offset: number, limit: number) =>
        (await source.partsForSitemap(offset, limit)).map((part) =>
          loc(productPagePath(part.id), part.updatedAt),
        ),
    },
    laptops: {
      count: () => source.countLaptops(),
      entries: async (offset: number, limit: number) =>
        (await source.laptopsForSitemap(offset, limit)).map((laptop) =>
          loc(laptopPagePath(laptop.slug), laptop.updatedAt),
        ),
    },
  };
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
    const [parts, laptops] = await Promise.all([listed.parts.count(), listed.laptops.count()]);
    if (STATIC_PAGES.length + parts + laptops <= SITEMAP_MAX_URLS) {
      return sendXml(
        reply,
        urlset([
          ...STATIC_PAGES.map((path) => loc(path)),
          ...(await listed.parts.entries(0, parts)),
          ...(await listed.laptops.entries(0, laptops)),
        ]),
      );
    }
    const sitemaps = ['/sitemap-pages.xml'];
    for (const [kind, count] of [
      ['parts', parts],
      ['laptops', laptops],
    ] as const)
      for (let n = 1; n <= Math.ceil(count / SITEMAP_MAX_URLS); n++)
        sitemaps.push(`/sitemap-${kind}-${n}.xml`);
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

  for (const [kind, list] of Object.entries(listed))
    app.get<{ Params: { n: string } }>(`/sitemap-${kind}-:n.xml`, async (request, reply) => {
      const n = Number(request.params.n);
      const entries =
        Number.isInteger(n) && n >= 1 ? await list.entries((n - 1) * SITEMAP_MAX_URLS, SITEMAP_MAX_URLS) : [];
      if (entries.length === 0) return reply.code(404).send(errorBody('not_found', 'No such sitemap.'));
      return sendXml(reply, urlset(entries));
    });
}
