import { z } from 'zod';
import { MAX_SITE_PAGE_TEXT } from '#shared/site-pages.ts';
import { humanText } from './text';

/**
 * A page of text as read (`GET /api/pages/:slug`): its fixed title and its text, plain text where a
 * blank line starts a new paragraph; `updatedAt` is null while the page shows the shop's default text.
 */
export const sitePageSchema = z.object({
  slug: z.string(),
  title: z.string(),
  body: z.string(),
  updatedAt: z.string().nullable(),
});
export type SitePageText = z.infer<typeof sitePageSchema>;

/** Saving a page's text (`PUT /api/pages/:slug`, admins): plain text, line breaks kept. */
export const sitePageInputSchema = z.object({
  body: humanText({ label: 'Text', max: MAX_SITE_PAGE_TEXT, multiline: true }),
});
export type SitePageInput = z.input<typeof sitePageInputSchema>;
