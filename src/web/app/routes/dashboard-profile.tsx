import { AddressBook } from '#web/features/addresses/components/address-book.tsx';
import { TwoFactorSettings } from '#web/features/auth/components/two-factor-settings.tsx';
import { ChangePasswordForm } from '#web/features/profile/components/change-password-form.tsx';
import { DeleteAccountSection } from '#web/features/profile/components/delete-account-section.tsx';
import { ProfileSection } from '#web/features/profile/components/profile-form.tsx';
import { useShopper } from '#web/lib/session.ts';

export function DashboardProfileRoute() {
  // Admins do not buy, so they keep no addresses to send parts to.
  const { signedIn, buys } = useShopper();
  return (
    <div className="flex flex-col gap-6">
      <ProfileSection />
      {signedIn && buys && <AddressBook />}
      <ChangePasswordForm />
      <TwoFactorSettings />
      <DeleteAccountSection />
    </div>
  );
}
