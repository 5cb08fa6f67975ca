import { CardSection } from '#web/components/ui/card-section.tsx';
import { PasswordField } from '#web/components/ui/contact-field.tsx';
import { FormEnd } from '#web/components/ui/form-feedback.tsx';
import { notify } from '#web/lib/notify.tsx';
import { useServerForm } from '#web/lib/use-server-form.ts';
import { useChangePassword } from '../api/change-password';

/**
 * Change password: the current one proves it is the owner; the new one follows the sign-up rules, and
 * the server's "too easy to guess" shows under it. Other devices are signed out; this one stays.
 */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const { form, error, onSubmit, field } = useServerForm({
    schema: () => import('#shared/contracts/auth.ts').then((contract) => contract.changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirm: '' },
    fields: ['currentPassword', 'newPassword', 'confirm'],
    send: async ({ currentPassword, newPassword }, form) => {
      await change.mutateAsync({ currentPassword, newPassword });
      form.reset();
      notify.success('Your password was changed. Your other devices were signed out.');
    },
  });

  return (
    <CardSection headingId="change-password-heading" title="Change password">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3 sm:max-w-sm">
        <PasswordField label="Current password" purpose="current" {...field('currentPassword')} />
        <PasswordField label="New password" purpose="new" {...field('newPassword')} />
        <PasswordField label="Confirm new password" purpose="new" {...field('confirm')} />
        <FormEnd form={form} error={error}>
          Change password
        </FormEnd>
      </form>
    </CardSection>
  );
}
