import { type ReactNode, useEffect, useId, useRef } from 'react';
import { FormError, SubmitButton } from './form-feedback';

/** A text of the dialog: fixed, or said about its subject. */
type Text<Subject> = string | ((subject: Subject) => string);

interface ConfirmDialogProps<Subject> {
  /** What the question is about (an order, a part, an account); the dialog is open while there is one. */
  subject: Subject | null;
  title: Text<Subject>;
  message: Text<Subject>;
  confirmLabel: Text<Subject>;
  /** The action is running: confirm waits; Cancel still closes the dialog (the answer still counts). */
  pending?: boolean;
  /** Why the action failed, shown in the dialog (it stays open for another try or Cancel). */
  error?: string | null;
  /** Fields the action takes (e.g. a tracking number); Enter in them confirms. */
  children?: ReactNode;
  /** The confirm button's look: red for what cannot be undone, else the shop's primary. */
  tone?: 'danger' | 'primary';
  onConfirm: (subject: Subject) => void;
  onCancel: () => void;
}

/** A modal question before an action that matters; Escape or Cancel closes it without doing anything. */
export function ConfirmDialog<Subject>({
  subject,
  title,
  message,
  confirmLabel,
  pending = false,
  error = null,
  children,
  tone = 'danger',
  onConfirm,
  onCancel,
}: ConfirmDialogProps<Subject>) {
  const open = subject !== null;
  const say = (text: Text<Subject>) =>
    typeof text === 'string' ? text : subject === null ? '' : text(subject);
  const dialog = useRef<HTMLDialogElement>(null);
  // Several dialogs may be on one page: each names itself by its own title.
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog ref={dialog} className="modal" aria-labelledby={titleId} onClose={onCancel}>
      <form
        noValidate
        className="modal-box"
        onSubmit={(event) => {
          event.preventDefault();
          if (!pending && subject !== null) onConfirm(subject);
        }}
      >
        <h2 id={titleId} className="text-lg font-bold">
          {say(title)}
        </h2>
        <p className="py-4">{say(message)}</p>
        {children}
        <FormError message={error} />
        <div className="modal-action">
          {/* Usable while the action runs: a shop that does not answer must not hold the page. */}
          <button type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
          <SubmitButton pending={pending} tone={tone}>
            {say(confirmLabel)}
          </SubmitButton>
        </div>
      </form>
    </dialog>
  );
}
