import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Forbidden, NotSignedIn } from '#server/lib/domain-errors.ts';
import type { SessionUser } from '#shared/contracts/session.ts';
import type { RequestSession } from './session-reader';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser/requireAdmin: the session's user, the only source of identity. */
    user: SessionUser | null;
    /** Set with `user`: which session it is and when its password was last proven. */
    authSession: RequestSession | null;
  }
}

export const unauthorized = () => new NotSignedIn('unauthorized', 'Please log in to continue.');
export const forbidden = () => new Forbidden('forbidden', 'This is not available for your account.');

/** The user of the request's session cookie, or null; banned users have no session. */
export async function readSessionUser(
  app: FastifyInstance,
  request: FastifyRequest,
  reply?: FastifyReply,
): Promise<SessionUser | null> {
  return (await app.readSession(request, reply))?.user ?? null;
}

/**
 * Route guards run as onRequest hooks: before the body is read or validated, so a caller without access
 * gets 401/403 and learns nothing about what the route would accept.
 */

async function signedIn(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  request.authSession = await app.readSession(request, reply);
  request.user = request.authSession?.user ?? null;
  if (!request.user) throw unauthorized();
  return request.user;
}

/** 401 without a valid session. */
export function requireUser(app: FastifyInstance) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await signedIn(app, request, reply);
  };
}

/** 401 without a session, 403 for anyone but an admin. */
export function requireAdmin(app: FastifyInstance) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if ((await signedIn(app, request, reply)).role !== 'admin') throw forbidden();
  };
}

const buyingIsForCustomers = () =>
  new Forbidden(
    'buying_is_for_customers',
    'Admins manage the shop and do not buy: use a customer account to buy parts.',
  );

/**
 * 401 without a session, 403 for an admin: buying is for customers. The spec keeps admins out of My
 * Orders, so an order an admin placed could be neither seen nor removed by them; the shop never offers
 * them to buy, and the server refuses it as well.
 */
export function requireCustomer(app: FastifyInstance) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if ((await signedIn(app, request, reply)).role === 'admin') throw buyingIsForCustomers();
  };
}

/** Reads the session (if any) into `request.user`, refusing nobody: routes for visitors and customers alike. */
export function readVisitor(app: FastifyInstance) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    request.authSession = await app.readSession(request, reply);
    request.user = request.authSession?.user ?? null;
  };
}

/** As readVisitor, but 403 for an admin: buying (a visitor's cart included) is for customers. */
export function refuseAdmins(app: FastifyInstance) {
  const read = readVisitor(app);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await read(request, reply);
    if (request.user?.role === 'admin') throw buyingIsForCustomers();
  };
}

/** How recently the password must have been proven for a change to who the admins are. */
export const REAUTHENTICATION_WINDOW_MS = 10 * 60_000;

/**
 * 401/403 as requireAdmin, and 403 `reauthentication_required` when this session's password was last
 * proven (at sign-in, or through POST /api/session/reauthenticate) more than ten minutes ago: a
 * session left open on a shared computer cannot hand out or take away admin rights.
 */
export function requireRecentlyProvenAdmin(app: FastifyInstance) {
  const admin = requireAdmin(app);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await admin(request, reply);
    const provenAt = request.authSession?.provenAt.getTime() ?? 0;
    if (Date.now() - provenAt > REAUTHENTICATION_WINDOW_MS) {
      throw new Forbidden(
        'reauthentication_required',
        'Enter your password again to continue: you signed in more than 10 minutes ago.',
      );
    }
  };
}

/** The signed-in user inside a handler behind requireUser/requireAdmin. */
export function sessionUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
