import { z } from 'zod';
import { passwordSchema, signupInputSchema } from '../../shared/contracts/auth';
import { humanText } from '../../shared/contracts/text';
import { sameOriginPath } from '../../shared/safe-redirect';
import { badRequest } from '../http/errors';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords';

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

/** A new password: the form's rules (6 to 128 characters) and not one of the common ones. */
const newPassword = passwordSchema.refine((password) => !isCommonPassword(password), COMMON_PASSWORD_MESSAGE);

/**
 * What each auth endpoint may receive, checked before the auth library sees it: unknown fields are
 * dropped (a `role` or an `image` changes nothing), human text follows the shop's text rule, and new
 * passwords are refused when common. Endpoints not listed get an empty body.
 */
const BODIES: Record<string, { schema: z.ZodType; fields?: Record<string, string> }> = {
  '/sign-up/email': { schema: signupInputSchema.extend({ password: newPassword, ...redirects }) },
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
    schema: z.object({ newPassword, token: z.string().max(500) }),
    // The reset form calls its field `password`.
    fields: { newPassword: 'password' },
  },
  '/send-verification-email': { schema: z.object({ email: z.string().trim().max(254), ...redirects }) },
  '/change-password': {
    // Every other session ends on a password change, whatever the client asked.
    schema: z
      .object({ currentPassword: z.string().max(200), newPassword })
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
    throw badRequest(Object.values(fields)[0] ?? 'The request is not valid.', fields);
  }
  return sameOriginRedirects(result.data as Record<string, unknown>, publicUrl);
}
