import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';

/**
 * While `unsaved` holds: leaving for another page of the shop asks first, and closing or reloading the
 * tab lets the browser ask (the only question it allows there). Changes of the address's query (which
 * page of text is open) are the editor's own business.
 */
export function UnsavedChangesGuard({ unsaved, what }: { unsaved: boolean; what: string }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);
  return (
    <ConfirmDialog
      subject={blocker.state === 'blocked' ? blocker : null}
      title="Leave without saving?"
      message={`Your changes to ${what} are not saved. If you leave now, they are lost.`}
      confirmLabel="Leave without saving"
      onConfirm={(blocked) => blocked.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
