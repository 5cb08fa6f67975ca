import { parseCookies } from 'better-auth/cookies';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentPasswordSchema } from '#shared/contracts/auth.ts';
import type { SessionUser } from '#shared/contracts/session.ts';
import { requireUser, unauthorized } from './guards';
import type { PasswordGate } from './password-gate';
import { proveSessionPassword } from './password-proof';
import type { AuthRateLimits } from './rate-limits';

/** The auth library's cookies (session, cached session data, "don't remember me"), under any prefix. */
const AUTH_COOKIE = /^(__Secure-)?better-auth\./;

/** Set-Cookie values that take the auth library's cookies of this request out of the browser. */
const clearedAuthCookies = (cookieHeader: string | undefined): string[] =>
  [...parseCookies(cookieHeader ?? '').keys()]
    .filter((name) => AUTH_COOKIE.test(name))
    .map(
      (name) =>
        `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${name.startsWith('__Secure-') ? '; Secure' : ''}`,
    );

/**
 * DELETE /api/me { password }: a person deletes their own account. Only from the account's own session
 * (nobody else's can be named), with its password proven in the same request (a wrong one counts as a
 * failed sign-in; the check takes its turn at the gate). `deleteAccount` holds the shop's rules for
 * deleting an account (the owner's cannot be, orders keep their records, audited), the same as an
 * admin's deletion. Every session of the account ends with it, and this browser's cookies go.
 * The auth library's own deleteUser endpoint stays off: it would delete outside those rules.
 */
export const deleteAccountRoute: FastifyPluginAsyncZod<{
  limits: AuthRateLimits;
  passwordGate: PasswordGate;
  deleteAccount: (user: SessionUser) => Promise<unknown>;
}> = async (app, { limits, passwordGate, deleteAccount }) => {
  app.delete(
    '/api/me',
    {
      schema: { body: currentPasswordSchema, response: { 204: z.null() } },
      onRequest: requireUser(app),
    },
    async (request, reply) => {
      const session = request.authSession;
      if (!session) throw unauthorized();
      await proveSessionPassword(app, session, request.body.password, {
        limits,
        passwordGate,
        noPassword: 'Your account signs in with Google and has no password here: contact us to delete it.',
      });
      await deleteAccount(session.user);
      const cookies = clearedAuthCookies(request.headers.cookie);
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.code(204).send(null);
    },
  );
};
