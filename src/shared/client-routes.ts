/** The browser app's routes; the server answers other paths with the not-found page and a 404 status. */
export const clientRoutePatterns: readonly RegExp[] = [
  /^\/$/,
  /^\/(login|signup|forgot-password|reset-password|blog|portfolio)\/?$/,
  /^\/purchase\/[^/]+\/?$/,
  /^\/dashboard(\/.*)?$/,
];

export function isClientRoute(pathname: string): boolean {
  return clientRoutePatterns.some((pattern) => pattern.test(pathname));
}
