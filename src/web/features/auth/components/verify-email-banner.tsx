import { errorMessage } from '#web/lib/error-message.ts';
import { useSession } from '#web/lib/session.ts';
import { useSendVerificationEmail } from '../api/send-verification-email';

/** A gentle reminder for accounts whose email is not confirmed yet; buying does not need it. */
export function VerifyEmailBanner() {
  const session = useSession();
  const resend = useSendVerificationEmail();
  const user = session.data?.user;
  if (!user || user.emailVerified) return null;

  return (
    <div className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-center text-sm text-amber-950">
      Please confirm your email address: we sent a link to <strong>{user.email}</strong>.{' '}
      {resend.isSuccess ? (
        <span role="status">A new link is on its way.</span>
      ) : (
        <button
          type="button"
          className="link font-semibold"
          disabled={resend.isPending}
          onClick={() => resend.mutate(user.email)}
        >
          Send the link again
        </button>
      )}
      {resend.isError ? (
        <span role="alert" className="ml-2 text-red-700">
          {errorMessage(resend.error)}
        </span>
      ) : null}
    </div>
  );
}
