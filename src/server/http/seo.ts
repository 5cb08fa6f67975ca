import type { FastifyInstance } from 'fastify';
import type { Part } from '../../shared/contracts/part';
import { formatDollars } from '../../shared/money';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/** JSON inside a <script> element: nothing in it may close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The app's index.html with a product's own title, description, social tags and Product JSON-LD. */
export function productPage(indexHtml: string, part: Part, publicUrl: string): string {
  const url = `${publicUrl}/purchase/${part._id}`;
  const image = part.img.startsWith('/') ? `${publicUrl}${part.img}` : part.img;
  const title = `${part.name} — ${formatDollars(part.priceCents)} | Reliable Tech Parts`;
  const description = part.description.length > 155 ? `${part.description.slice(0, 152)}…` : part.description;
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: part.name,
    description: part.description,
    image,
    url,
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
    `<script type="application/ld+json">${scriptJson(jsonLd)}</script>`,
  ].join('\n    ');
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, '')
    .replace(/<meta name="description"[^>]*>/, '')
    .replace('</head>', `    ${head}\n  </head>`);
}

/** robots.txt and sitemap.xml (every page a visitor can reach, every product). */
export function registerSeoRoutes(app: FastifyInstance, listParts: () => Promise<Part[]>): void {
  const publicUrl = app.config.publicUrl;
  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .send(
        `User-agent: *\nAllow: /\nDisallow: /dashboard\nDisallow: /api/\n\nSitemap: ${publicUrl}/sitemap.xml\n`,
      ),
  );
  app.get('/sitemap.xml', async (_request, reply) => {
    const paths = ['/', '/blog', '/portfolio', ...(await listParts()).map((part) => `/purchase/${part._id}`)];
    const urls = paths
      .map((path) => `  <url><loc>${escapeHtml(`${publicUrl}${path}`)}</loc></url>`)
      .join('\n');
    return reply
      .type('application/xml; charset=utf-8')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
      );
  });
}
