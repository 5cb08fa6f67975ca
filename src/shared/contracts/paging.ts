import { DEFAULT_PAGE_SIZE, MAX_PAGE, MAX_PAGE_SIZE } from '#shared/catalogue.ts';
import { wholeNumber } from './whole-number';

/**
 * `page` and `limit` of every paged list (the catalogue, laptop models, discount codes, accounts, the
 * admins' orders), one rule; `defaultLimit` is the list's page when no `limit` is asked. Each answers an
 * array with `X-Total-Count` and `Link` (server/http/page-links.ts), read by apiFetchPage in the browser.
 */
export const pagingFieldsOf = (defaultLimit: number) => ({
  page: wholeNumber(1, MAX_PAGE, {
    notWhole: 'page is a whole number from 1',
    tooSmall: 'page is a whole number from 1',
    tooBig: `page is at most ${MAX_PAGE}`,
  }).default(1),
  limit: wholeNumber(1, MAX_PAGE_SIZE, {
    notWhole: `limit is a whole number from 1 to ${MAX_PAGE_SIZE}`,
    tooSmall: `limit is a whole number from 1 to ${MAX_PAGE_SIZE}`,
    tooBig: `limit is a whole number from 1 to ${MAX_PAGE_SIZE}`,
  }).default(defaultLimit),
});

/** The catalogue's paging: 24 a page unless asked otherwise. */
export const pagingFields = pagingFieldsOf(DEFAULT_PAGE_SIZE);
