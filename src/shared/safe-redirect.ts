/** How many times a consumer might decode a path before using it (each layer may decode once). */
const MAX_DECODES = 3;
const FORBIDDEN_CHARACTERS = /[\\\p{Cc}]/u;

/** new URL() without throwing (URL.parse is too new for some browsers we serve). */
function parseUrl(input: string, base: URL): URL | null {
  try {
    return new URL(input, base);
  } catch {
    return null;
  }
}

/**
 * A redirect target that stays on `origin`: a path (with its query and fragment) on this site, or "/".
 * Judged as it is and as it reads after each round of percent-decoding, so no layer that decodes it
 * (ours, the auth library's, the browser's) can turn it into another site: `//evil`, `/\evil`,
 * `/..//evil`, `/%2F%2Fevil`, `/.%2F/evil`, `/%5Cevil`, `https://evil` and `javascript:` all become "/".
 * The one rule for every redirect parameter, on the server and in the browser.
 */
export function sameOriginPath(target: string | null | undefined, origin: string): string {
  if (!target) return '/';
  const base = new URL(origin);
  const forms = [target];
  for (let i = 0; i < MAX_DECODES; i++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(forms.at(-1)!);
    } catch {
      return '/';
    }
    if (decoded === forms.at(-1)) break;
    forms.push(decoded);
  }
  for (const form of forms) {
    if (!form.startsWith('/') || form.startsWith('//') || FORBIDDEN_CHARACTERS.test(form)) return '/';
    const url = parseUrl(form, base);
    if (!url || url.origin !== base.origin || url.pathname.startsWith('//')) return '/';
  }
  const url = new URL(target, base);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Where to go after signing in: a path on this site (sameOriginPath), but never back to the login or
 * sign-up page.
 */
export function safeRedirectPath(
  target: string | null | undefined,
  // Only compared with itself: any origin gives the same answer, also where there is no window.
  origin = 'http://shop.invalid',
): string {
  const path = sameOriginPath(target, origin);
  return /^\/(login|signup)(\/|\?|#|$)/.test(path) ? '/' : path;
}
