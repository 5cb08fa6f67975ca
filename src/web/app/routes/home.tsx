import { lazy, Suspense } from 'react';
import { LoadWhenVisible } from '../../components/ui/load-when-visible';
import { Spinner } from '../../components/ui/spinner';
import { useSession } from '../../features/auth/api/get-session';
import { PartGrid } from '../../features/catalog/components/part-grid';
import { Article } from '../../features/marketing/components/article';
import { Banner } from '../../features/marketing/components/banner';
import { Stats } from '../../features/marketing/components/stats';
import { ReviewList } from '../../features/reviews/components/review-list';

// Below the fold and the only home section that needs the form libraries: load it when it comes near.
const FeedbackForm = lazy(async () => ({
  default: (await import('../../features/feedback/components/feedback-form')).FeedbackForm,
}));

export function HomeRoute() {
  const session = useSession();
  return (
    <main id="main">
      <Banner />
      <PartGrid />
      <Stats />
      <ReviewList canDelete={session.data?.user?.role === 'admin'} />
      <Article />
      <LoadWhenVisible minHeight={560}>
        <Suspense fallback={<Spinner label="Loading the feedback form…" />}>
          <FeedbackForm />
        </Suspense>
      </LoadWhenVisible>
    </main>
  );
}
