import { verifyPassword } from 'better-auth/crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { accounts } from '#server/db/schema.ts';
import { Conflict, invalid } from '#server/lib/domain-errors.ts';
import type { PasswordGate } from './password-gate';
import type { AuthRateLimits } from './rate-limits';
import type { RequestSession } from './session-reader';

const WRONG_PASSWORD = 'That password is not right.';

/**
 * Checks the password of a signed-in session's account, for a step that asks for it again
 * (re-authentication, deleting the account). A wrong password answers 400 naming the `password` field
 * and counts against the account as a failed sign-in does; the check takes its turn at the gate.
 * `noPassword`: what to say to an account that signs in with Google only (409 `no_password`).
 */
export async function proveSessionPassword(
  app: FastifyInstance,
  session: RequestSession,
  password: string,
  {
    limits,
    passwordGate,
    noPassword,
  }: { limits: AuthRateLimits; passwordGate: PasswordGate; noPassword: string },
): Promise<void> {
  const [account] = await app.db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, session.user.id), eq(accounts.providerId, 'credential')));
  if (!account?.hash) throw new Conflict('no_password', noPassword);
  const hash = account.hash;
  const attempt = await limits.countAttempt(limits.rules.signInFailuresPerAccount, session.user.email);
  const right = await passwordGate
    .run(() => verifyPassword({ hash, password }))
    .catch(async (error: unknown) => {
      await attempt.settle(503);
      throw error;
    });
  await attempt.settle(right ? 204 : 401);
  if (!right) throw invalid(WRONG_PASSWORD, { password: WRONG_PASSWORD });
}
