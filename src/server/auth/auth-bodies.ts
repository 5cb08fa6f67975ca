import { z } from 'zod';
import { invalid } from '#server/lib/domain-errors.ts';
import { passwordSchema, signupInputSchema } from '#shared/contracts/auth.ts';
import { humanText } from '#shared/contracts/text.ts';
import { sameOriginPath } from '#shared/safe-redirect.ts';
import type { PasswordStrength } from './password-strength';

/** Every parameter through which the auth library redirects the browser. */
export const REDIRECT_PARAMETERS = [
  'callbackURL',
  'redirectTo',
  'errorCallbackURL',
  'newUserCallbackURL',
] as const;

/** Redirect parameters kept on our origin (else "/"), in a query or a body. */
export function sameOriginRedirects(
  values: Record<string, unknown>,
  publicUrl: string,
): Record<string, unknown> {
  const safe = { ...values };
  for (const name of REDIRECT_PARAMETERS) {
    if (typeof safe[name] === 'string') safe[name] = sameOriginPath(safe[name], publicUrl);
    else if (safe[name] !== undefined) delete safe[name];
  }
  return safe;
}

const redirects = Object.fromEntries(
  REDIRECT_PARAMETERS.map((name) => [name, z.string().max(2000).optional()]),
);

/**
 * What each auth endpoint may receive, checked before the auth library sees it: unknown fields are
 * dropped (a `role` or an `image` changes nothing) and human text follows the shop's text rule.
 * Endpoints not listed get an empty body.
 */
const BODIES: Record<string, { schema: z.ZodType; fields?: Record<string, string> }> = {
  '/sign-up/email': { schema: signupInputSchema.extend(redirects) },
  '/sign-in/email': {
    schema: z.object({
      email: z.string().trim().toLowerCase().max(254),
      password: z.string().max(200),
      rememberMe: z.boolean().optional(),
      ...redirects,
    }),
  },
  '/sign-in/social': {
    schema: z.object({ provider: z.string().max(50), ...redirects, disableRedirect: z.boolean().optional() }),
  },
  '/sign-out': { schema: z.object({}) },
  '/request-password-reset': { schema: z.object({ email: z.string().trim().max(254), ...redirects }) },
  '/reset-password': {
    schema: z.object({ newPassword: passwordSchema, token: z.string().max(500) }),
    // The reset form calls its field `password`.
    fields: { newPassword: 'password' },
  },
  '/send-verification-email': { schema: z.object({ email: z.string().trim().max(254), ...redirects }) },
  '/change-password': {
    // Every other session ends on a password change, whatever the client asked.
    schema: z
      .object({ currentPassword: z.string().max(200), newPassword: passwordSchema })
      .transform((body) => ({ ...body, revokeOtherSessions: true })),
  },
  '/update-user': { schema: z.object({ name: humanText({ label: 'Name', max: 100 }) }) },
  '/two-factor/enable': { schema: z.object({ password: z.string().max(200) }) },
  '/two-factor/disable': { schema: z.object({ password: z.string().max(200) }) },
  '/two-factor/verify-totp': {
    schema: z.object({ code: z.string().max(20), trustDevice: z.boolean().optional() }),
  },
  '/two-factor/verify-backup-code': {
    schema: z.object({ code: z.string().max(40), trustDevice: z.boolean().optional() }),
  },
};

/** The body the auth library gets for `path`, or a 400 in our format naming the fields. */
export function checkedAuthBody(path: string, body: unknown, publicUrl: string): unknown {
  const rule = BODIES[path];
  if (!rule) return {};
  const result = rule.schema.safeParse(body ?? {});
  if (!result.success) {
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const name = String(issue.path[0] ?? 'body');
      fields[rule.fields?.[name] ?? name] ??= issue.message;
    }
    throw invalid(Object.values(fields)[0] ?? 'The request is not valid.', fields);
  }
  return sameOriginRedirects(result.data as Record<string, unknown>, publicUrl);
}

/** Where each endpoint carries a new password, and the form field that shows its error. */
const NEW_PASSWORDS: Record<string, { key: string; field: string }> = {
  '/sign-up/email': { key: 'password', field: 'password' },
  '/reset-password': { key: 'newPassword', field: 'password' },
  '/change-password': { key: 'newPassword', field: 'newPassword' },
};

/**
 * 400 naming the field when a new password is too easy to guess (common, or weak by zxcvbn, which also
 * knows the account's name and address). Called after the rate limits: an estimate costs tens of
 * milliseconds (of the worker's thread, see PasswordStrength).
 */
export async function assertStrongNewPassword(
  path: string,
  body: unknown,
  strength: PasswordStrength,
): Promise<void> {
  const place = NEW_PASSWORDS[path];
  if (!place) return;
  const values = body as Record<string, unknown>;
  const password = values[place.key];
  if (typeof password !== 'string') return;
  const userInputs = [values.email, values.name].filter(
    (value): value is string => typeof value === 'string',
  );
  const reason = await strength.weakReason(password, userInputs);
  if (reason) throw invalid(reason, { [place.field]: reason });
}
