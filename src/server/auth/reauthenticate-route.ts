import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessions } from '#server/db/schema.ts';
import { currentPasswordSchema } from '#shared/contracts/auth.ts';
import { requireUser, unauthorized } from './guards';
import type { PasswordGate } from './password-gate';
import { proveSessionPassword } from './password-proof';
import type { AuthRateLimits } from './rate-limits';

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
      await proveSessionPassword(app, session, request.body.password, {
        limits,
        passwordGate,
        noPassword: 'Your account signs in with Google: sign out and sign in again to continue.',
      });
      await app.db
        .update(sessions)
        .set({ reauthenticatedAt: new Date() })
        .where(eq(sessions.id, session.sessionId));
      return reply.code(204).send(null);
    },
  );
};
