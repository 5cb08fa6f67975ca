import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { httpStatusOf } from '#server/http/error-handler.ts';
import { AppError, errorBody } from '#server/http/errors.ts';
import { databaseUnavailable, NotFound } from '#server/lib/domain-errors.ts';
import type { SessionUser } from '#shared/contracts/session.ts';
import { sameOriginPath } from '#shared/safe-redirect.ts';
import { assertStrongNewPassword, checkedAuthBody, sameOriginRedirects } from './auth-bodies';
import { runAuthCall } from './auth-call';
import { deleteAccountRoute } from './delete-account-route';
import { PasswordGate } from './password-gate';
import { PasswordStrength } from './password-strength';
import { authRateLimits } from './rate-limits';
import { reauthenticateRoute } from './reauthenticate-route';

/**
 * The auth library's endpoints the shop uses, as `METHOD /path`. Every other one answers 404: its admin
 * endpoints (roles, passwords, bans, impersonation), account linking, email change, session listing…
 * would act outside our own services, their rules and their audit log.
 */
export const AUTH_ENDPOINTS_IN_USE: readonly string[] = [
  'GET /get-session',
  'POST /get-session',
  'GET /verify-email',
  'GET /reset-password/:token',
  'GET /callback/:id',
  'GET /error',
  'GET /ok',
  'POST /sign-up/email',
  'POST /sign-in/email',
  'POST /sign-in/social',
  'POST /sign-out',
  'POST /request-password-reset',
  'POST /reset-password',
  'POST /send-verification-email',
  'POST /change-password',
  'POST /update-user',
  'POST /two-factor/enable',
  'POST /two-factor/disable',
  'POST /two-factor/verify-totp',
  'POST /two-factor/verify-backup-code',
];

/** The endpoints that hash or check a password (scrypt): they take turns through the PasswordGate. */
const CHECKS_A_PASSWORD = new Set([
  '/sign-in/email',
  '/sign-up/email',
  '/change-password',
  '/reset-password',
  '/two-factor/enable',
  '/two-factor/disable',
]);

const IN_USE = AUTH_ENDPOINTS_IN_USE.map((endpoint) => {
  const [method, template] = endpoint.split(' ') as [string, string];
  return { method, template, pattern: new RegExp(`^${template.replace(/:[a-zA-Z]+/g, '[^/]+')}$`) };
});

/** The endpoint template a request names (e.g. `/callback/:id`), or null when the shop does not use it. */
const endpointOf = (method: string, path: string) =>
  IN_USE.find((endpoint) => endpoint.method === method && endpoint.pattern.test(path))?.template ?? null;

/** Better Auth's messages, where ours say it better for a shopper. */
const friendlyMessages: Record<string, string> = {
  USER_ALREADY_EXISTS: 'An account with this email already exists. Log in instead.',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'An account with this email already exists. Log in instead.',
  INVALID_EMAIL_OR_PASSWORD: 'Invalid email or password.',
  BANNED_USER: 'This account has been disabled. Contact us if you think this is a mistake.',
  INVALID_TOKEN: 'This link is invalid or has expired. Please ask for a new one.',
  INVALID_CODE: 'That code is not right. Check your authenticator app and try again.',
  INVALID_TWO_FACTOR_CODE: 'That code is not right. Check your authenticator app and try again.',
  INVALID_PASSWORD: 'That password is not right.',
};

const isJson = (request: FastifyRequest) =>
  /^application\/json\b/i.test(request.headers['content-type'] ?? '');
const hasBody = (request: FastifyRequest) =>
  Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;

/** An auth library error in our format, whatever (if anything) its body said. */
function authError(status: number, text: string): ReturnType<typeof errorBody> {
  let failure: { code?: string; message?: string } = {};
  try {
    failure = JSON.parse(text) as typeof failure;
  } catch {
    // An empty or non-JSON error body: the status says enough.
  }
  const code = failure.code ?? (status === 404 ? 'NOT_FOUND' : 'AUTH_ERROR');
  const message =
    friendlyMessages[code] ??
    failure.message ??
    (status === 404 ? 'Not found.' : 'Something went wrong. Please try again.');
  return errorBody(code.toLowerCase(), message);
}

/**
 * Mounts Better Auth at /api/auth/*, behind our endpoint list, body rules, rate limits, password gate
 * and error format; and beside it our own re-authentication and deletion of one's own account, whose
 * rules (`deleteAccount`) the users module keeps.
 */
export const authRoutes: FastifyPluginAsync<{
  secret: string;
  deleteAccount: (user: SessionUser) => Promise<unknown>;
}> = async (app, { secret, deleteAccount }) => {
  const limits = authRateLimits(app, secret);
  const passwordGate = new PasswordGate(app.config.PASSWORD_CHECKS_AT_ONCE);
  const passwordStrength = new PasswordStrength();
  app.addHook('onClose', () => passwordStrength.close());
  await app.register(reauthenticateRoute, { limits, passwordGate });
  await app.register(deleteAccountRoute, { limits, passwordGate, deleteAccount });
  const { publicUrl } = app.config;
  const shop = new URL(publicUrl);
  /** Off-site redirects the sign-in flow makes on purpose: to the identity provider. */
  const providerOrigins = new Set([new URL(app.config.GOOGLE_ISSUER).origin]);

  /** A Location header that stays on our origin or goes to the identity provider; anything else is "/". */
  const safeLocation = (location: string) => {
    let url: URL;
    try {
      url = new URL(location, shop);
    } catch {
      return '/';
    }
    if (url.origin === shop.origin)
      return sameOriginPath(`${url.pathname}${url.search}${url.hash}`, publicUrl);
    return providerOrigins.has(url.origin) ? location : '/';
  };

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const [rawPath = '', rawQuery = ''] = request.url.split('?');
      const path = rawPath.slice('/api/auth'.length);
      const endpoint = endpointOf(request.method, path);
      if (!endpoint) throw new NotFound('not_found', 'Not found.');
      // One body policy for every endpoint: JSON or nothing, so no other content type can slip past the
      // checks below (a form-encoded sign-in would not be counted against its account).
      if (request.method === 'POST' && hasBody(request) && !isJson(request)) {
        throw new AppError(415, 'unsupported_media_type', 'Send the request body as JSON.');
      }
      const body = request.method === 'POST' ? checkedAuthBody(endpoint, request.body, publicUrl) : undefined;
      const query = new URLSearchParams(
        sameOriginRedirects(Object.fromEntries(new URLSearchParams(rawQuery)), publicUrl) as Record<
          string,
          string
        >,
      );
      const email = (body as { email?: string } | undefined)?.email;
      // A full line for password checks answers 503 before anything is counted or read.
      if (CHECKS_A_PASSWORD.has(endpoint)) passwordGate.assertRoom();
      const attempt = await limits.before(request, endpoint, email);
      if (body !== undefined) await assertStrongNewPassword(endpoint, body, passwordStrength);

      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (value === undefined || name === 'content-length') continue;
        headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      const target = new URL(`/api/auth${path}`, publicUrl);
      target.search = query.toString();
      const call = () =>
        app.auth.handler(
          new Request(target, {
            method: request.method,
            headers,
            body: body === undefined ? undefined : JSON.stringify(body),
          }),
        );
      let response: Response;
      try {
        const answered = await runAuthCall(() =>
          CHECKS_A_PASSWORD.has(endpoint) ? passwordGate.run(call) : call(),
        );
        if (answered.databaseUnavailable && answered.result.status >= 400) throw databaseUnavailable();
        response = answered.result;
      } catch (error) {
        await attempt.settle(httpStatusOf(error));
        throw error;
      }
      await attempt.settle(response.status);
      // Turning off two-factor ends the account's other sessions, as a password change does. The
      // library may have renewed this device's session in the same answer: that one is kept.
      if (endpoint === '/two-factor/disable' && response.ok) {
        const renewed = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
        const current = fromNodeHeaders(request.headers);
        if (renewed.length > 0) current.set('cookie', renewed.join('; '));
        await app.auth.api.revokeOtherSessions({ headers: current });
      }

      reply.code(response.status);
      response.headers.forEach((value: string, name: string) => {
        if (name === 'set-cookie' || name === 'content-length') return;
        reply.header(name, name === 'location' ? safeLocation(value) : value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);

      const text = await response.text();
      if (response.status >= 400)
        return reply.type('application/json').send(authError(response.status, text));
      return text.length > 0 ? reply.send(text) : reply.send();
    },
  });
};
