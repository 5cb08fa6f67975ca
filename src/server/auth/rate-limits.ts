import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  assertBelowLimit,
  clientKey,
  enforceRateLimit,
  type RateLimitRule,
  recordHit,
} from '../lib/rate-limit';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Limits that a person never meets and a script always does (issue defaults, all configurable):
 * sign-in attempts per client and failures per account, sign-ups, password resets and verification
 * mails per client. Counted in the database, so all instances share them.
 */
export function authRateLimits(app: FastifyInstance) {
  const config = app.config;
  const rules = {
    signInPerClient: {
      name: 'sign-in:client',
      limit: config.SIGN_IN_ATTEMPTS_PER_CLIENT,
      windowMs: 15 * MINUTE,
    },
    signInFailuresPerAccount: {
      name: 'sign-in:account',
      limit: config.SIGN_IN_FAILURES_PER_ACCOUNT,
      windowMs: 15 * MINUTE,
    },
    signUpPerClient: { name: 'sign-up:client', limit: config.SIGN_UPS_PER_CLIENT, windowMs: HOUR },
    passwordResetPerClient: {
      name: 'password-reset:client',
      limit: config.PASSWORD_RESETS_PER_CLIENT,
      windowMs: HOUR,
    },
  } satisfies Record<string, RateLimitRule>;

  /** Paths whose every call counts against a per-client rule. */
  const perClient: Record<string, RateLimitRule> = {
    '/sign-in/email': rules.signInPerClient,
    '/two-factor/verify-totp': rules.signInPerClient,
    '/two-factor/verify-backup-code': rules.signInPerClient,
    '/sign-up/email': rules.signUpPerClient,
    '/request-password-reset': rules.passwordResetPerClient,
    '/send-verification-email': rules.passwordResetPerClient,
  };

  return {
    /** Before the call: count it per client; refuse a sign-in to an account under attack. */
    async before(request: FastifyRequest, path: string, email: string | undefined): Promise<void> {
      const rule = perClient[path];
      if (rule) await enforceRateLimit(app.db, rule, clientKey(request));
      if (path === '/sign-in/email' && email)
        await assertBelowLimit(app.db, rules.signInFailuresPerAccount, email);
    },
    /** After the call: a failed sign-in counts against the account. */
    async after(path: string, email: string | undefined, status: number): Promise<void> {
      if (path === '/sign-in/email' && email && status === 401) {
        await recordHit(app.db, rules.signInFailuresPerAccount, email);
      }
    },
  };
}
