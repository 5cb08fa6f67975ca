import { useLocation } from 'react-router';
import { type SitePage, sitePageAt } from '#shared/site-pages.ts';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { formatDay } from '#web/lib/format-date.ts';
import { useSitePage } from './api/get-site-page';
import { PageText } from './components/page-text';

/**
 * A page of text linked from the footer (About us, Returns & warranty…), found by its address: its
 * fixed title and the owner's text (its answer usually comes with the page, src/shared/pages.ts).
 */
export function SitePageView() {
  const page = sitePageAt(useLocation().pathname);
  // The router sends only the pages' own addresses here.
  if (!page) return null;
  return <SitePageContent key={page.slug} page={page} />;
}

function SitePageContent({ page }: { page: SitePage }) {
  const text = useSitePage(page.slug);
  return (
    <main id="main" className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10">
      <h1 className="text-4xl font-bold">{page.title}</h1>
      <QueryView query={text} loadingLabel="Loading the page…" errorTitle="This page could not be loaded.">
        {(loaded) => (
          <>
            <PageText text={loaded.body} />
            {loaded.updatedAt ? (
              <p className="text-sm opacity-80">Last updated {formatDay(loaded.updatedAt)}</p>
            ) : null}
          </>
        )}
      </QueryView>
    </main>
  );
}
