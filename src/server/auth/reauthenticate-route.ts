import { verifyPassword } from 'better-auth/crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentPasswordSchema } from '../../shared/contracts/auth';
import { accounts, sessions } from '../db/schema';
import { AppError, badRequest } from '../http/errors';
import { requireUser, unauthorized } from './guards';
import type { PasswordGate } from './password-gate';
import type { AuthRateLimits } from './rate-limits';

const WRONG_PASSWORD = 'That password is not right.';

/**
 * POST /api/session/reauthenticate { password }: proves the password again on this session, which
 * admins need before changing who the admins are (guards.ts, requireRecentlyProvenAdmin). Wrong
 * passwords count against the account as failed sign-ins do, and it takes its turn at the gate.
 */
export const reauthenticateRoute: FastifyPluginAsyncZod<{
  limits: AuthRateLimits;
  passwordGate: PasswordGate;
}> = async (app, { limits, passwordGate }) => {
  app.post(
    '/api/session/reauthenticate',
    {
      schema: { body: currentPasswordSchema, response: { 204: z.null() } },
      onRequest: requireUser(app),
    },
    async (request, reply) => {
      const session = request.authSession;
      if (!session) throw unauthorized();
      const [account] = await app.db
        .select({ hash: accounts.password })
        .from(accounts)
        .where(and(eq(accounts.userId, session.user.id), eq(accounts.providerId, 'credential')));
      if (!account?.hash) {
        throw new AppError(
          409,
          'no_password',
          'Your account signs in with Google: sign out and sign in again to continue.',
        );
      }
      const hash = account.hash;
      const attempt = await limits.countAttempt(limits.rules.signInFailuresPerAccount, session.user.email);
      const right = await passwordGate
        .run(() => verifyPassword({ hash, password: request.body.password }))
        .catch(async (error: unknown) => {
          await attempt.settle(503);
          throw error;
        });
      await attempt.settle(right ? 204 : 401);
      if (!right) throw badRequest(WRONG_PASSWORD, { password: WRONG_PASSWORD });
      await app.db
        .update(sessions)
        .set({ reauthenticatedAt: new Date() })
        .where(eq(sessions.id, session.sessionId));
      return reply.code(204).send(null);
    },
  );
};
