import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CardSection } from '#web/components/ui/card-section.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { PasswordField } from '#web/components/ui/contact-field.tsx';
import { useConfirm } from '#web/components/ui/use-confirm.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { notify } from '#web/lib/notify.tsx';
import { useDeleteAccount } from '../api/delete-account';

/**
 * Delete my account: asked first, with the password. Once deleted the person is signed out and lands
 * on the home page with a message; the shop keeps their orders on record (receipts, returns).
 */
export function DeleteAccountSection() {
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const deleting = useConfirm<'account'>();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();

  const ask = () => {
    setPassword('');
    setPasswordError(undefined);
    deleting.ask('account');
  };
  const confirm = () => {
    deleting.setError(null);
    setPasswordError(undefined);
    if (password === '') {
      setPasswordError('Enter your password to continue.');
      return;
    }
    remove.mutate(password, {
      onSuccess: () => {
        deleting.close();
        void navigate('/');
        notify.success('Your account was deleted. Thank you for shopping with us.');
      },
      onError: (failure) => {
        // A wrong password is said under the field; anything else (the owner's account, no answer)
        // in the dialog, or in a toast when it was closed meanwhile.
        const field = failure instanceof ApiError ? failure.fields.password : undefined;
        if (field && deleting.isAsking('account')) setPasswordError(field);
        else deleting.failed('account', failure);
      },
    });
  };

  return (
    <CardSection headingId="delete-account-heading" title="Delete my account" bodyClassName="gap-3">
      <p>
        Your account, profile and cart are deleted and you are signed out everywhere. Orders you placed stay
        on record with the shop, for receipts, returns and the accounts.
      </p>
      <div>
        <button type="button" className="btn btn-outline btn-danger" onClick={ask}>
          Delete my account
        </button>
      </div>
      <ConfirmDialog
        subject={deleting.subject}
        title="Delete your account?"
        message="This cannot be undone. Enter your password to delete your account."
        confirmLabel="Delete my account"
        pending={remove.isPending}
        error={deleting.error}
        onConfirm={confirm}
        onCancel={deleting.close}
      >
        {/* Only while asked: the page's other "Your password" (two-factor) stays the only one otherwise. */}
        {deleting.subject ? (
          <PasswordField
            label="Your password"
            purpose="current"
            name="password"
            value={password}
            error={passwordError}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
        ) : null}
      </ConfirmDialog>
    </CardSection>
  );
}
