import { createHmac, timingSafeEqual } from 'node:crypto';
import { parseCookies } from 'better-auth/cookies';
import { fromNodeHeaders } from 'better-auth/node';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '#server/db/database.ts';
import { prepared } from '#server/db/prepared.ts';
import { sessions, users } from '#server/db/schema.ts';
import type { SessionUser } from '#shared/contracts/session.ts';
import { SESSION_EXPIRES_S, SESSION_UPDATE_AGE_S } from './auth';

/** The signed-in session of a request, as the guards keep it. */
export interface RequestSession {
  user: SessionUser;
  sessionId: string;
  /** When the password (or the identity provider) was last proven on this session. */
  provenAt: Date;
}

/**
 * The token of a signed cookie value (`token.signature`, URL-encoded, HMAC-SHA256 in base64), or null.
 * Checked with node:crypto on this thread, in microseconds: the auth library's WebCrypto check runs in
 * libuv's four-thread pool, where it waits behind every password being hashed (a sign-in flood stalled
 * every signed-in request that way).
 */
export function verifiedToken(raw: string, secret: string): string | null {
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const signature = Buffer.from(value.slice(dot + 1), 'base64');
  const token = value.slice(0, dot);
  const expected = createHmac('sha256', secret).update(token).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
}

/** The session a token names, with its user. */
const sessionByToken = (db: Db, name: string) =>
  db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      createdAt: sessions.createdAt,
      reauthenticatedAt: sessions.reauthenticatedAt,
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      emailVerified: users.emailVerified,
      twoFactorEnabled: users.twoFactorEnabled,
      banned: users.banned,
      banExpires: users.banExpires,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare(name);

/**
 * Reads sessions for the guards: one query for the session and its user, instead of the auth library's
 * two, with the cookie's signature checked on this thread (see verifiedToken). A session due for its
 * daily renewal goes through the library once, which writes the new expiry and cookie.
 */
export function sessionReader(app: FastifyInstance, secret: string) {
  let names: Promise<{ session: string; dontRemember: string }> | undefined;
  const cookieNames = () => {
    names ??= app.auth.$context.then((context) => ({
      session: context.authCookies.sessionToken.name,
      dontRemember: context.authCookies.dontRememberToken.name,
    }));
    return names;
  };

  /** The library's own read, which renews the session and sends its cookie again. */
  async function renew(request: FastifyRequest, reply: FastifyReply | undefined) {
    const { headers, response } = await app.auth.api.getSession({
      headers: fromNodeHeaders(request.headers),
      returnHeaders: true,
    });
    const cookies = headers.getSetCookie();
    if (reply && cookies.length > 0) reply.header('set-cookie', cookies);
    return response !== null;
  }

  return async function readSession(
    request: FastifyRequest,
    reply?: FastifyReply,
  ): Promise<RequestSession | null> {
    const header = request.headers.cookie;
    if (!header) return null;
    const { session: sessionCookie, dontRemember } = await cookieNames();
    const cookies = parseCookies(header);
    const raw = cookies.get(sessionCookie);
    const token = raw ? verifiedToken(raw, secret) : null;
    if (!token) return null;
    // Every signed-in call reads it: prepared once, not built again for each request.
    const [row] = await prepared(app.db, 'session_by_token', sessionByToken).execute({ token });
    const now = Date.now();
    if (!row || row.expiresAt.getTime() <= now) return null;
    if (row.banned && (!row.banExpires || row.banExpires.getTime() > now)) return null;
    const dueForRenewal =
      row.expiresAt.getTime() - SESSION_EXPIRES_S * 1000 + SESSION_UPDATE_AGE_S * 1000 <= now;
    if (dueForRenewal && !cookies.has(dontRemember) && !(await renew(request, reply))) return null;
    const provenAt =
      row.reauthenticatedAt && row.reauthenticatedAt > row.createdAt ? row.reauthenticatedAt : row.createdAt;
    return {
      sessionId: row.sessionId,
      provenAt,
      user: {
        id: row.id,
        name: row.name,
        email: row.email,
        role: row.role === 'admin' ? 'admin' : 'customer',
        emailVerified: row.emailVerified,
        twoFactorEnabled: Boolean(row.twoFactorEnabled),
      },
    };
  };
}
