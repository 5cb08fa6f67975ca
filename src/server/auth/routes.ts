import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../http/errors';
import { authRateLimits } from './rate-limits';

/** The fields each of these endpoints may receive; anything else (a `role`, say) is dropped. */
const allowedFields: Record<string, readonly string[]> = {
  '/sign-up/email': ['name', 'email', 'password', 'callbackURL'],
  '/sign-in/email': ['email', 'password', 'rememberMe', 'callbackURL'],
  '/update-user': ['name'],
};

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

function pick(body: unknown, fields: readonly string[] | undefined): unknown {
  if (!fields || typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  return Object.fromEntries(Object.entries(body).filter(([key]) => fields.includes(key)));
}

function emailOf(body: unknown): string | undefined {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : undefined;
}

/** Mounts Better Auth at /api/auth/*, with our rate limits, body filtering and error format. */
export const authRoutes: FastifyPluginAsync = async (app) => {
  const limits = authRateLimits(app);
  // Better Auth's OAuth callbacks may arrive as form posts.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0]!.slice('/api/auth'.length);
      const body = request.method === 'POST' ? pick(request.body, allowedFields[path]) : undefined;
      const email = emailOf(body);
      await limits.before(request, path, email);

      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (value === undefined || name === 'content-length') continue;
        headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      const response = await app.auth.handler(
        new Request(new URL(request.url, app.config.publicUrl), {
          method: request.method,
          headers,
          body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
        }),
      );
      await limits.after(path, email, response.status);

      reply.code(response.status);
      response.headers.forEach((value: string, name: string) => {
        if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);

      const text = await response.text();
      if (response.status >= 400 && response.headers.get('content-type')?.includes('application/json')) {
        const failure = JSON.parse(text) as { code?: string; message?: string };
        const code = failure.code ?? 'auth_error';
        return reply.send(
          errorBody(
            code.toLowerCase(),
            friendlyMessages[code] ?? failure.message ?? 'Something went wrong. Please try again.',
          ),
        );
      }
      return text.length > 0 ? reply.send(text) : reply.send();
    },
  });
};
