import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin, genericOAuth, twoFactor } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import { accounts, sessions, twoFactors, users, verifications } from '#server/db/schema.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#shared/contracts/auth.ts';
import { SHOP_NAME } from '#shared/shop.ts';
import { existingAccountMail, passwordResetMail, verificationMail } from './account-mails';
import { noteAuthError } from './auth-call';
import { promoteConfiguredAdmins } from './configured-admins';

const DAY_S = 86_400;
/** A session lasts a week; one used after a day gets a fresh week (active users stay signed in). */
export const SESSION_EXPIRES_S = 7 * DAY_S;
export const SESSION_UPDATE_AGE_S = DAY_S;

export interface AuthDeps {
  config: Config;
  log: FastifyBaseLogger;
  db: Db;
  mailer: Mailer;
  secret: string;
  /** Called once an account's email is proven (verified, or vouched for by Google at sign-up). */
  onEmailProven?: (user: { id: string; email: string }) => Promise<void>;
}

/** Whether an email is listed in ADMIN_EMAILS (those accounts are admins once the address is verified). */
export const isConfiguredAdmin = (config: Pick<Config, 'ADMIN_EMAILS'>, email: string) =>
  config.ADMIN_EMAILS.includes(email.toLowerCase());

/**
 * Better Auth: email + password, Google through OpenID Connect with verified ID tokens, cookie sessions,
 * admin roles and TOTP two-factor. Its own rate limiter is off: ours (rate-limits.ts) counts in the
 * database so that every app instance shares it.
 */
export function createAuth({ config, log, db, mailer, secret, onEmailProven }: AuthDeps) {
  const secure = config.publicUrl.startsWith('https://');
  return betterAuth({
    appName: SHOP_NAME,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        twoFactor: twoFactors,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // Sign-up signs nobody in: it answers the same for a new address and for one that has an account
      // (whose owner is mailed instead), so it cannot tell anyone which addresses have accounts. The
      // link in the verification mail signs the new account in.
      autoSignIn: false,
      requireEmailVerification: false,
      onExistingUserSignUp: async ({ user }) => {
        await mailer.send({ to: user.email, ...existingAccountMail(user, config.publicUrl) });
      },
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 3600,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send({ to: user.email, ...passwordResetMail(user, url) });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: DAY_S,
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send({ to: user.email, ...verificationMail(url) });
      },
    },
    session: { expiresIn: SESSION_EXPIRES_S, updateAge: SESSION_UPDATE_AGE_S },
    account: {
      // A Google sign-in never attaches itself to an existing password account with the same email.
      accountLinking: { enabled: false },
    },
    rateLimit: { enabled: false },
    onAPIError: {
      // Failures that cannot say where to go (a forged or expired sign-in state) land on our login
      // page, which explains them, instead of Better Auth's own error page.
      errorURL: '/login',
      // Errors it does not answer itself (a lost database connection) reach our error handler, which
      // answers them as every route does; those it catches and only logs are noted for the same answer.
      throw: true,
    },
    logger: {
      log: (level, message, ...args) => {
        if (level === 'error') for (const arg of args) noteAuthError(arg);
        log[level]({ args }, `auth: ${message}`);
      },
    },
    advanced: {
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure },
      ipAddress: { ipAddressHeaders: config.TRUST_PROXY ? ['x-forwarded-for'] : [] },
    },
    // An ADMIN_EMAILS address becomes admin once its owner proved it is theirs: at verification (or at
    // a sign-up whose address the identity provider vouches for), never on the strength of typing it.
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({
            data: {
              ...user,
              role: user.emailVerified && isConfiguredAdmin(config, user.email) ? 'admin' : 'customer',
            },
          }),
          after: async (user) => {
            if (user.emailVerified) await onEmailProven?.(user);
          },
        },
        update: {
          after: async (user) => {
            if (!user.emailVerified) return;
            if (isConfiguredAdmin(config, user.email)) {
              await promoteConfiguredAdmins(db, [user.email.toLowerCase()]);
            }
            await onEmailProven?.(user);
          },
        },
      },
    },
    plugins: [
      admin({ defaultRole: 'customer', adminRoles: ['admin'] }),
      twoFactor({ issuer: SHOP_NAME }),
      ...(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  name: 'Google',
                  clientId: config.GOOGLE_CLIENT_ID,
                  clientSecret: config.GOOGLE_CLIENT_SECRET,
                  discoveryUrl: `${config.GOOGLE_ISSUER.replace(/\/$/, '')}/.well-known/openid-configuration`,
                  requireIdTokenVerification: true,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
