import type { ReactNode } from 'react';

/**
 * A form's failure in small red text (the shop's style for errors), announced to screen readers: the
 * given message, else the form's own error about itself (lib/form-resolver.ts sets one when the form
 * cannot be checked).
 */
export function FormError({
  message,
  errors,
  className = '',
}: {
  message: string | null;
  errors?: { root?: { message?: string } };
  className?: string;
}) {
  const shown = message ?? errors?.root?.message;
  if (!shown) return null;
  return (
    <p role="alert" className={`text-sm text-red-700 ${className}`}>
      {shown}
    </p>
  );
}

/**
 * A form's submit button: disabled with a spinner while the form is being sent. `danger`: red, for what
 * cannot be undone.
 */
export function SubmitButton({
  pending,
  disabled = false,
  tone = 'primary',
  children,
  className = '',
}: {
  pending: boolean;
  /** Cannot be sent for another reason (sold out, an upload still running). */
  disabled?: boolean;
  tone?: 'primary' | 'danger';
  children: ReactNode;
  className?: string;
}) {
  return (
    <button
      type="submit"
      className={`btn ${tone === 'danger' ? 'btn-danger' : 'btn-primary'} ${className}`}
      disabled={pending || disabled}
    >
      {pending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

/** What FormEnd reads of a react-hook-form form: whether it is being sent, and its error about itself. */
interface SubmittingForm {
  formState: { isSubmitting: boolean; errors: { root?: { message?: string } } };
}

/**
 * The end of a server form (lib/use-server-form.ts): its failure, then its submit button, busy while the
 * form is being sent. `wide` spans both columns of a two-column form.
 */
export function FormEnd({
  form,
  error,
  wide = false,
  disabled,
  buttonClassName,
  children,
}: {
  form: SubmittingForm;
  /** The server's answer about the form as a whole (useServerForm's `error`). */
  error: string | null;
  wide?: boolean;
  disabled?: boolean;
  buttonClassName?: string;
  children: ReactNode;
}) {
  const button = (
    <SubmitButton className={buttonClassName} pending={form.formState.isSubmitting} disabled={disabled}>
      {children}
    </SubmitButton>
  );
  return (
    <>
      <FormError message={error} errors={form.formState.errors} className={wide ? 'sm:col-span-2' : ''} />
      {wide ? <div className="sm:col-span-2">{button}</div> : button}
    </>
  );
}
