/**
 * Where to go after signing in: only a path on this site. Anything that could leave it
 * (`//evil.example`, `https://evil.example`, `/\evil.example`, `javascript:…`) becomes "/".
 */
export function safeRedirectPath(
  target: string | null | undefined,
  // Only compared with itself: any origin gives the same answer, also where there is no window.
  origin = 'http://shop.invalid',
): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return '/';
  try {
    const url = new URL(target, origin);
    if (url.origin !== new URL(origin).origin) return '/';
    if (url.pathname.startsWith('/login') || url.pathname.startsWith('/signup')) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}
