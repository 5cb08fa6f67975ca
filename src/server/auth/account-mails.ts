import { inert, type MailContent, renderMail } from '#server/mail/layout.ts';
import { SHOP_NAME } from '#shared/shop.ts';

/**
 * The mails about an account. Whoever signs up may type any name beside any address, so a mail to an
 * address not yet confirmed carries nothing they typed ("Hello Security alert – log in at …"): only
 * the shop's own words and link.
 */

const greetingFor = (user: { name: string; emailVerified: boolean }) =>
  user.emailVerified ? `Hello ${inert(user.name)},` : 'Hello,';

export const verificationMail = (url: string): MailContent =>
  renderMail({
    subject: `Confirm your email for ${SHOP_NAME}`,
    paragraphs: [
      'Hello,',
      `Please confirm that this address is yours to finish making your account at ${SHOP_NAME}. The link works for 24 hours and signs you in.`,
      'If you did not make an account with us, ignore this message: nothing happens without the link.',
    ],
    link: { label: 'Confirm your email', url },
  });

export const passwordResetMail = (user: { name: string; emailVerified: boolean }, url: string): MailContent =>
  renderMail({
    subject: `Reset your ${SHOP_NAME} password`,
    paragraphs: [
      greetingFor(user),
      'Someone asked to reset the password of your account. To choose a new password, open the link below. It works for one hour.',
      'If it was not you, ignore this message: your password stays as it is.',
    ],
    link: { label: 'Choose a new password', url },
  });

/** Sent instead of an answer that would tell the person signing up that the address has an account. */
export const existingAccountMail = (user: { name: string; emailVerified: boolean }, publicUrl: string) =>
  renderMail({
    subject: `Someone tried to sign up at ${SHOP_NAME} with your address`,
    paragraphs: [
      greetingFor(user),
      'Someone, perhaps you, tried to make a new account with this address. You already have one, so nothing was changed.',
      'If it was you, log in instead, or choose a new password if you have forgotten it. If it was not you, ignore this message.',
    ],
    link: { label: 'Forgot your password?', url: `${publicUrl}/forgot-password` },
  });
