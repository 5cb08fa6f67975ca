import { AddressBook } from '../../features/addresses/components/address-book';
import { TwoFactorSettings } from '../../features/auth/components/two-factor-settings';
import { ChangePasswordForm } from '../../features/profile/components/change-password-form';
import { DeleteAccountSection } from '../../features/profile/components/delete-account-section';
import { ProfileSection } from '../../features/profile/components/profile-form';
import { useShopper } from '../../lib/session';

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
