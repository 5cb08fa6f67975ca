import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { sitePages } from '#server/db/schema.ts';
import { notFound } from '#server/lib/domain-errors.ts';
import { recordAudit, type SYSTEM } from '#server/modules/audit/service.ts';
import type { SessionUser } from '#shared/contracts/session.ts';
import type { SitePageText } from '#shared/contracts/site-page.ts';
import { type SitePage, sitePageOf } from '#shared/site-pages.ts';
import { DEFAULT_SITE_PAGE_TEXTS } from './default-texts';

/** The page of text with this slug; 404 for any other. */
export function knownSitePage(slug: string): SitePage {
  const page = sitePageOf(slug);
  if (!page) throw notFound('Page');
  return page;
}

/** A page's text as the owner saved it, else the shop's default text (updatedAt null). */
export async function readSitePage(db: Db, slug: string): Promise<SitePageText> {
  const page = knownSitePage(slug);
  const [row] = await db
    .select({ body: sitePages.body, updatedAt: sitePages.updatedAt })
    .from(sitePages)
    .where(eq(sitePages.slug, page.slug));
  return {
    slug: page.slug,
    title: page.title,
    body: row?.body ?? DEFAULT_SITE_PAGE_TEXTS[page.slug],
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** Saves a page's text (checked by the route's contract), audited with the change in one transaction. */
export async function saveSitePage(
  db: Db,
  admin: Pick<SessionUser, 'id' | 'email'> | typeof SYSTEM,
  slug: string,
  body: string,
): Promise<SitePageText> {
  const page = knownSitePage(slug);
  await db.transaction(async (tx) => {
    await tx
      .insert(sitePages)
      .values({ slug: page.slug, body, updatedBy: admin.email })
      .onConflictDoUpdate({
        target: sitePages.slug,
        set: { body, updatedBy: admin.email, updatedAt: sql`now()` },
      });
    await recordAudit(tx, admin, 'page.update', page.slug, { characters: body.length });
  });
  return readSitePage(db, page.slug);
}
