import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../shared/contracts/session';
import { AppError } from '../http/errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser/requireAdmin: the session's user, the only source of identity. */
    user: SessionUser | null;
  }
}

export const unauthorized = () => new AppError(401, 'unauthorized', 'Please log in to continue.');
export const forbidden = () => new AppError(403, 'forbidden', 'This is not available for your account.');

/** The user of the request's session cookie, or null; banned users have no session. */
export async function readSessionUser(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<SessionUser | null> {
  const session = await app.auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!session) return null;
  const { user } = session;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role === 'admin' ? 'admin' : 'customer',
    emailVerified: user.emailVerified,
    twoFactorEnabled: Boolean(user.twoFactorEnabled),
  };
}

/**
 * Route guards run as onRequest hooks: before the body is read or validated, so a caller without access
 * gets 401/403 and learns nothing about what the route would accept.
 */

/** 401 without a valid session. */
export function requireUser(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    request.user = await readSessionUser(app, request);
    if (!request.user) throw unauthorized();
  };
}

/** 401 without a session, 403 for anyone but an admin. */
export function requireAdmin(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    request.user = await readSessionUser(app, request);
    if (!request.user) throw unauthorized();
    if (request.user.role !== 'admin') throw forbidden();
  };
}

/** The signed-in user inside a handler behind requireUser/requireAdmin. */
export function sessionUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
