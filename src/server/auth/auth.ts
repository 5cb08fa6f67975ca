import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin, genericOAuth, twoFactor } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../shared/contracts/auth';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { accounts, sessions, twoFactors, users, verifications } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { promoteConfiguredAdmins } from '../modules/users/service';

export const SHOP_NAME = 'Reliable Tech Parts';
const DAY_S = 86_400;

export interface AuthDeps {
  config: Config;
  log: FastifyBaseLogger;
  db: Db;
  mailer: Mailer;
  secret: string;
}

/** Whether an email is listed in ADMIN_EMAILS (those accounts are admins once the address is verified). */
export const isConfiguredAdmin = (config: Pick<Config, 'ADMIN_EMAILS'>, email: string) =>
  config.ADMIN_EMAILS.includes(email.toLowerCase());

/**
 * Better Auth: email + password, Google through OpenID Connect with verified ID tokens, cookie sessions,
 * admin roles and TOTP two-factor. Its own rate limiter is off: ours (rate-limits.ts) counts in the
 * database so that every app instance shares it.
 */
export function createAuth({ config, log, db, mailer, secret }: AuthDeps) {
  const secure = config.publicUrl.startsWith('https://');
  return betterAuth({
    appName: SHOP_NAME,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    // Failures that cannot say where to go (a forged or expired sign-in state) land on our login page,
    // which explains them, instead of Better Auth's own error page.
    onAPIError: { errorURL: '/login' },
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
      autoSignIn: true,
      requireEmailVerification: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 3600,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send({
          to: user.email,
          subject: `Reset your ${SHOP_NAME} password`,
          text: `Hello ${user.name},\n\nSomeone asked to reset the password of your account. To choose a new password, open:\n\n${url}\n\nThe link works for one hour. If it was not you, ignore this message: your password stays as it is.\n`,
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: DAY_S,
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send({
          to: user.email,
          subject: `Confirm your email for ${SHOP_NAME}`,
          text: `Hello ${user.name},\n\nPlease confirm your email address by opening:\n\n${url}\n\nThe link works for 24 hours.\n`,
        });
      },
    },
    session: {
      expiresIn: 7 * DAY_S,
      // A session used after a day gets a fresh expiry: active users stay signed in.
      updateAge: DAY_S,
    },
    account: {
      // A Google sign-in never attaches itself to an existing password account with the same email.
      accountLinking: { enabled: false },
    },
    rateLimit: { enabled: false },
    logger: {
      log: (level, message, ...args) => log[level]({ args }, `auth: ${message}`),
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
        },
        update: {
          after: async (user) => {
            if (user.emailVerified && isConfiguredAdmin(config, user.email)) {
              await promoteConfiguredAdmins(db, [user.email.toLowerCase()]);
            }
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
