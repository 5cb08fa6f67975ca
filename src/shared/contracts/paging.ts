import { DEFAULT_PAGE_SIZE, MAX_PAGE, MAX_PAGE_SIZE } from '../catalogue';
import { wholeNumber } from './whole-number';

/** `page` and `limit` of every paged list (the catalogue, laptop models, discount codes), one rule. */
export const pagingFields = {
  page: wholeNumber(1, MAX_PAGE, {
    notWhole: 'page is a whole number from 1',
    tooSmall: 'page is a whole number from 1',
    tooBig: `page is at most ${MAX_PAGE}`,
  }).default(1),
  limit: wholeNumber(1, MAX_PAGE_SIZE, {
    notWhole: `limit is a whole number from 1 to ${MAX_PAGE_SIZE}`,
    tooSmall: `limit is a whole number from 1 to ${MAX_PAGE_SIZE}`,
    tooBig: `limit is a whole number from 1 to ${MAX_PAGE_SIZE}`,
  }).default(DEFAULT_PAGE_SIZE),
};
