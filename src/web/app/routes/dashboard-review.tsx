import { Spinner } from '#web/components/ui/spinner.tsx';
import { useProfile } from '#web/features/profile/api/get-profile.ts';
import { AddReviewForm } from '#web/features/reviews/components/add-review-form.tsx';

export function DashboardReviewRoute() {
  const profile = useProfile();
  if (profile.isPending) return <Spinner label="Loading…" />;
  return (
    <AddReviewForm defaultName={profile.data?.name ?? ''} defaultLocation={profile.data?.location ?? ''} />
  );
}
