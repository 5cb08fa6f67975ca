import { Spinner } from '../../components/ui/spinner';
import { useProfile } from '../../features/profile/api/get-profile';
import { AddReviewForm } from '../../features/reviews/components/add-review-form';

export function DashboardReviewRoute() {
  const profile = useProfile();
  if (profile.isPending) return <Spinner label="Loading…" />;
  return (
    <AddReviewForm defaultName={profile.data?.name ?? ''} defaultLocation={profile.data?.location ?? ''} />
  );
}
