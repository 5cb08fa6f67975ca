import { useCallback, useRef, useState } from 'react';
import { errorMessage } from '#web/lib/error-message.ts';
import { notify } from '#web/lib/notify.tsx';

/**
 * The state of a ConfirmDialog whose action may still be running when Cancel closes it: the answer
 * still counts. A success closes the dialog only while it still asks about that subject; a failure is
 * said in the dialog while it asks about that subject, else in a toast, so no answer goes unsaid and
 * none lands in a later question.
 */
export function useConfirm<Subject>() {
  const [subject, setSubject] = useState<Subject | null>(null);
  const [error, setError] = useState<string | null>(null);
  // What the dialog asks about now, read by answers that arrive after it changed.
  const asking = useRef<Subject | null>(null);

  const ask = useCallback((next: Subject) => {
    asking.current = next;
    setSubject(next);
    setError(null);
  }, []);
  const close = useCallback(() => {
    asking.current = null;
    setSubject(null);
    setError(null);
  }, []);
  const succeeded = useCallback(
    (answered: Subject) => {
      if (asking.current === answered) close();
    },
    [close],
  );
  const failed = useCallback((answered: Subject, failure: unknown) => {
    const message = errorMessage(failure);
    if (asking.current === answered) setError(message);
    else notify.error(message);
  }, []);

  /** Whether the dialog still asks about this subject (an answer that came after Cancel does not). */
  const isAsking = useCallback((answered: Subject) => asking.current === answered, []);

  return { subject, error, ask, close, succeeded, failed, isAsking, setError };
}
