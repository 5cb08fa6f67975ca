import type { AllOrdersFilter } from './get-all-orders';

/**
 * The address of every order line the filter selects, as CSV (the server streams it). A plain link
 * downloads it with the session's cookie: nothing to hold in the page, however many orders there are.
 */
export const ordersCsvUrl = ({ status, q }: Omit<AllOrdersFilter, 'page'>) =>
  `/api/orders.csv?${new URLSearchParams({ ...(status && { status }), ...(q && { q }) })}`;
