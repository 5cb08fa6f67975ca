import { parseCookies } from 'better-auth/cookies';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { verifications } from '#server/db/schema.ts';
import { clientKey, enforceRateLimit, giveBackHit, type RateLimitRule } from '#server/lib/rate-limit.ts';
import { verifiedToken } from './session-reader';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** What a call's limits still have to do once its answer is known. */
export interface CountedAttempt {
  settle(status: number): Promise<void>;
}

const nothingToSettle: CountedAttempt = { settle: async () => {} };

/**
 * Limits that a person never meets and a script always does (issue defaults, all configurable):
 * sign-in attempts per client and in the whole shop, failures per account (password and two-factor
 * code), sign-ups, password resets and verification mails per client and per address. Counted in the
 * database, so all instances share them.
 *
 * An account's attempts are counted atomically *before* the password or code is checked, and given
 * back when it was right: counting failures after the check let a burst of concurrent guesses all pass
 * a count read before any of them had failed.
 */
export function authRateLimits(app: FastifyInstance, secret: string) {
  const config = app.config;
  const rules = {
    signInPerClient: {
      name: 'sign-in:client',
      limit: config.SIGN_IN_ATTEMPTS_PER_CLIENT,
      windowMs: 15 * MINUTE,
    },
    signInShopWide: { name: 'sign-in:shop', limit: config.SIGN_INS_PER_MINUTE, windowMs: MINUTE },
    signInFailuresPerAccount: {
      name: 'sign-in:account',
      limit: config.SIGN_IN_FAILURES_PER_ACCOUNT,
      windowMs: 15 * MINUTE,
    },
    twoFactorFailuresPerAccount: {
      name: 'two-factor:account',
      limit: config.SIGN_IN_FAILURES_PER_ACCOUNT,
      windowMs: 15 * MINUTE,
    },
    signUpPerClient: { name: 'sign-up:client', limit: config.SIGN_UPS_PER_CLIENT, windowMs: HOUR },
    passwordResetPerClient: {
      name: 'password-reset:client',
      limit: config.PASSWORD_RESETS_PER_CLIENT,
      windowMs: HOUR,
    },
    mailsPerAddress: {
      name: 'account-mail:address',
      limit: config.ACCOUNT_MAILS_PER_ADDRESS,
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
  /** Paths that mail the address in their body: one inbox gets only so many, whoever asks. */
  const mailsTheAddress = new Set(['/request-password-reset', '/send-verification-email']);
  const twoFactorPaths = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);

  let twoFactorCookie: Promise<string> | undefined;
  /** The account a two-factor challenge cookie belongs to, or null (the library then refuses it). */
  async function twoFactorAccount(request: FastifyRequest): Promise<string | null> {
    twoFactorCookie ??= app.auth.$context.then((context) => context.createAuthCookie('two_factor').name);
    const raw = parseCookies(request.headers.cookie ?? '').get(await twoFactorCookie);
    const identifier = raw ? verifiedToken(raw, secret) : null;
    if (!identifier) return null;
    const [challenge] = await app.db
      .select({ userId: verifications.value })
      .from(verifications)
      .where(eq(verifications.identifier, identifier));
    return challenge?.userId ?? null;
  }

  /** Counts one attempt against an account before it is checked; a right one is given back. */
  async function countAttempt(rule: RateLimitRule, account: string): Promise<CountedAttempt> {
    await enforceRateLimit(app.db, rule, account);
    return {
      settle: async (status) => {
        if (status !== 401) await giveBackHit(app.db, rule, account);
      },
    };
  }

  /**
   * Before the call: count it per client (and, for sign-ins, in the whole shop), refuse it past a
   * limit, and count an attempt on the account it tries. The answer's status settles that attempt.
   */
  async function before(
    request: FastifyRequest,
    path: string,
    email: string | undefined,
  ): Promise<CountedAttempt> {
    const rule = perClient[path];
    if (rule) await enforceRateLimit(app.db, rule, clientKey(request));
    if (email && mailsTheAddress.has(path))
      await enforceRateLimit(app.db, rules.mailsPerAddress, email.toLowerCase());
    if (path === '/sign-in/email') {
      await enforceRateLimit(app.db, rules.signInShopWide, 'all');
      if (email) return countAttempt(rules.signInFailuresPerAccount, email);
    }
    if (twoFactorPaths.has(path)) {
      const account = await twoFactorAccount(request);
      if (account) return countAttempt(rules.twoFactorFailuresPerAccount, account);
    }
    return nothingToSettle;
  }

  return { before, countAttempt, rules };
}

export type AuthRateLimits = ReturnType<typeof authRateLimits>;
