// The first words of the query keys that more than one feature reads or refreshes: the feature that
// fetches a cache and the ones whose changes make it stale import its key from here, since features do
// not import each other (decision 039).

/**
 * Every query about the catalogue starts with this key (lists, facets, categories, one part): whatever
 * changes parts, their stock, categories or fits invalidates it, and all of them refresh.
 */
export const partsQueryKey = ['parts'] as const;

/** Every query about laptop models starts with this key: a change to a model or to fits refreshes them all. */
export const laptopsQueryKey = ['laptops'] as const;

export const ordersQueryKey = ['orders'] as const;

/** The cart's key; priced for a destination, the destination follows it (invalidating `cartQueryKey` reaches both). */
export const cartQueryKey = ['cart'] as const;

export const shippingMethodsQueryKey = ['shipping-methods'] as const;
