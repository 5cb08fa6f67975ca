/**
 * The address of a call about an order, with the token of a visitor's order's private link when there
 * is one: the shop answers that order to whoever holds the link.
 */
export const withOrderToken = (path: string, token: string | undefined) =>
  token ? `${path}${path.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}` : path;
