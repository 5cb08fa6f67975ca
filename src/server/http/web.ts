import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasSessionCookie } from '#server/auth/session-cookie.ts';
import { withHeadEnd } from '#server/lib/html.ts';
import { clientKey } from '#server/lib/rate-limit.ts';
import { LAPTOP_SLUG, MAX_LAPTOP_SLUG_LENGTH } from '#shared/catalogue.ts';
import type { LaptopDetail } from '#shared/contracts/laptop.ts';
import type { PartDetail } from '#shared/contracts/part.ts';
import { LAPTOP_PAGE, PRODUCT_PAGE, pageAt, pagePattern } from '#shared/pages.ts';
import { type EncodedBody, encodedBody, sendEncoded } from './encoded-body';
import { errorBody } from './errors';
import { pageAnswers } from './page-answers';
import { loadPageDrawing } from './page-drawing';
import { createRoutePreloads } from './route-preloads';
import { laptopPage, productPage, registerSeoRoutes, type SitemapSource } from './seo';

/**
 * What the pages read from the catalogue, handed in by app.ts: serving pages is infrastructure and
 * imports no module's services (decision 039).
 */
export interface PageSources extends SitemapSource {
  /** One part as its page's head shows it (through the catalogue cache); rejects for an unknown id. */
  part(id: string): Promise<PartDetail>;
  /** One laptop model likewise; rejects for an unknown slug. */
  laptop(slug: string): Promise<LaptopDetail>;
}

const PRODUCT_PAGE_PATTERN = pagePattern(PRODUCT_PAGE);
const LAPTOP_PAGE_PATTERN = pagePattern(LAPTOP_PAGE);

/** A model's slug from its page's address (as the API folds it), or null when it cannot be one. */
function laptopSlugIn(segment: string): string | null {
  let slug: string;
  try {
    slug = decodeURIComponent(segment).trim().toLowerCase();
  } catch {
    return null;
  }
  return LAPTOP_SLUG.test(slug) && slug.length <= MAX_LAPTOP_SLUG_LENGTH ? slug : null;
}

/** Read by the web app (web/lib/session.ts). */
const SIGNED_OUT = '<meta name="shop-session" content="signed-out">';

/** The pages scripts/prerender.mjs drew at build time, by path; none without a build. */
async function readPrerenderedPages(folder: string): Promise<Map<string, string>> {
  const manifestFile = join(folder, 'pages.json');
  if (!existsSync(manifestFile)) return new Map();
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Record<string, string>;
  const pages = await Promise.all(
    Object.entries(manifest).map(
      async ([path, file]) => [path, await readFile(join(folder, file), 'utf8')] as const,
    ),
  );
  return new Map(pages);
}

/** Hashed assets never change; index.html must be revalidated so a deploy shows at once. */
function cacheControlFor(path: string): string {
  if (path.includes('/assets/')) return 'public, max-age=31536000, immutable';
  if (path.endsWith('.html')) return 'no-cache';
  // Images and icons keep their names across releases: a week, then revalidated in the background.
  return 'public, max-age=604800, stale-while-revalidate=86400';
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html revalidated every time,
 * client routes answered with index.html (unknown ones with status 404), unknown /api paths with JSON.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webRoot: string,
  sources: PageSources,
): Promise<void> {
  const indexFile = join(webRoot, 'index.html');
  const hasBuild = existsSync(indexFile);
  const indexHtml = hasBuild ? await readFile(indexFile, 'utf8') : '';
  const routePreloads = createRoutePreloads(webRoot);
  const prerendered = await readPrerenderedPages(join(webRoot, '..', 'pages'));
  const pageDrawing = hasBuild
    ? loadPageDrawing(join(webRoot, '..', 'prerender', 'prerender.js'), app.log)
    : Promise.resolve(null);
  // Each page is compressed once per template (index.html, a prerendered page, a product's page) and
  // head (its hints and answers): found by the template, the same string on every request, and then by
  // the small head, so that neither a copy of the document is made nor the whole of it hashed to look a
  // page up, and a variant holds no copy of its template as its key.
  const MAX_HTML_BODIES = 500;
  const htmlBodies = new Map<string, Map<string, EncodedBody>>();
  let htmlBodyCount = 0;
  const htmlBody = (template: string, head: string) => {
    let heads = htmlBodies.get(template);
    let prepared = heads?.get(head);
    if (!prepared) {
      if (htmlBodyCount >= MAX_HTML_BODIES) {
        htmlBodies.clear();
        htmlBodyCount = 0;
        heads = undefined;
      }
      if (!heads) {
        heads = new Map();
        htmlBodies.set(template, heads);
      }
      prepared = encodedBody(withHeadEnd(template, head));
      heads.set(head, prepared);
      htmlBodyCount += 1;
    }
    return prepared;
  };
  // Pages drawn from their answers, by address and head (which holds the answers they were drawn from
  // and the visitor's signed-out state): a page asked for again with the same answers is drawn once.
  const MAX_DRAWN_PAGES = 100;
  const drawnBodies = new Map<string, EncodedBody>();
  const drawnBody = async (url: string, head: string, answersJson: string) => {
    const key = `${url}\n${head}`;
    const ready = drawnBodies.get(key);
    if (ready) return ready;
    const draw = await pageDrawing;
    if (!draw) return null;
    const html = await draw(indexHtml, url, JSON.parse(answersJson) as Record<string, unknown>);
    if (drawnBodies.size >= MAX_DRAWN_PAGES) drawnBodies.clear();
    const prepared = encodedBody(withHeadEnd(html, head));
    drawnBodies.set(key, prepared);
    return prepared;
  };
  registerSeoRoutes(app, sources);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: true,
      // Pages, '/' included, go through sendPage for their head hints.
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => {
        reply.header('cache-control', cacheControlFor(path));
      },
    });
  }

  /**
   * A page of the web app, with its head hints and the answers its first screen reads (and a product's
   * or a laptop model's own head on their pages).
   */
  const sendPage = async (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
    const signedIn = hasSessionCookie(request.headers.cookie);
    const search = request.url.slice(pathname.length).replace(/^\?/, '');
    const answers = await pageAnswers(app, pathname, search, clientKey(request));
    // Without a session cookie nobody is signed in: saying so spares the page its session request.
    const head = routePreloads(pathname, signedIn) + answers.element + (signedIn ? '' : SIGNED_OUT);
    const withPreloads = (template: string) => htmlBody(template, head);
    // The page differs with the session cookie: no shared cache may hand one visitor's to another.
    reply
      .header('cache-control', 'private, no-cache')
      .header('vary', 'cookie')
      .type('text/html; charset=utf-8');
    // A product's page carries its own title, description and structured data for search and sharing;
    // one that does not exist says so with its status too.
    const product = PRODUCT_PAGE_PATTERN.exec(pathname);
    if (product) {
      const part = await sources.part(product[1]!).catch(() => null);
      if (part)
        return sendEncoded(request, reply, withPreloads(productPage(indexHtml, part, app.config.publicUrl)));
      reply.code(404);
      return sendEncoded(request, reply, withPreloads(indexHtml));
    }
    // A laptop model's page likewise: its own head, or 404 for a model the shop does not know.
    const model = LAPTOP_PAGE_PATTERN.exec(pathname);
    if (model) {
      const slug = laptopSlugIn(model[1]!);
      const laptop = slug === null ? null : await sources.laptop(slug).catch(() => null);
      if (laptop)
        return sendEncoded(request, reply, withPreloads(laptopPage(indexHtml, laptop, app.config.publicUrl)));
      reply.code(404);
      return sendEncoded(request, reply, withPreloads(indexHtml));
    }
    const shopPage = pageAt(pathname);
    reply.code(shopPage ? 200 : 404);
    // Signed out, these pages are drawn from the answers they carry, when every one came in time: the
    // same answers the app then draws its first screen from, so it takes the drawing over as it is.
    if (!signedIn && shopPage?.drawnFromAnswers && answers.complete) {
      const drawn = await drawnBody(request.url, head, answers.json).catch((error: unknown) => {
        request.log.error({ err: error }, `${pathname} could not be drawn; the app draws it.`);
        return null;
      });
      if (drawn) return sendEncoded(request, reply, drawn);
    }
    // Signed out, the first screen of these pages is the same for everyone: it comes drawn.
    const page = (!signedIn && prerendered.get(pathname.replace(/(.)\/+$/, '$1'))) || indexHtml;
    return sendEncoded(request, reply, withPreloads(page));
  };

  if (hasBuild) app.get('/', (request, reply) => sendPage(request, reply, '/'));
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!hasBuild || !wantsPage || pathname.startsWith('/api/') || pathname === '/api') {
      return reply.code(404).send(errorBody('not_found', `No route matches ${request.method} ${pathname}.`));
    }
    return sendPage(request, reply, pathname);
  });
}
