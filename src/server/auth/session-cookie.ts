/**
 * Whether a request's Cookie header carries a session cookie (Better Auth's `session_token`, under any
 * prefix). A hint for what to send before anyone is looked up, never proof of a session: the guards
 * check that.
 */
export const hasSessionCookie = (cookieHeader: string | undefined): boolean =>
  cookieHeader?.includes('session_token=') ?? false;
