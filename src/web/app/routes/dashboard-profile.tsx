import { TwoFactorSettings } from '../../features/auth/components/two-factor-settings';
import { ChangePasswordForm } from '../../features/profile/components/change-password-form';
import { DeleteAccountSection } from '../../features/profile/components/delete-account-section';
import { ProfileSection } from '../../features/profile/components/profile-form';

export function DashboardProfileRoute() {
  return (
    <div className="flex flex-col gap-6">
      <ProfileSection />
      <ChangePasswordForm />
      <TwoFactorSettings />
      <DeleteAccountSection />
    </div>
  );
}
