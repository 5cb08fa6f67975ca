import { TwoFactorSettings } from '../../features/auth/components/two-factor-settings';
import { ProfileSection } from '../../features/profile/components/profile-form';

export function DashboardProfileRoute() {
  return (
    <div className="flex flex-col gap-6">
      <ProfileSection />
      <TwoFactorSettings />
    </div>
  );
}
