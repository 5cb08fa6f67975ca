import type { ReactNode } from 'react';

interface DashboardPageProps {
  /** The heading's id, which names the page's section. */
  headingId: string;
  title: ReactNode;
  /** More room between the parts (pages of cards rather than one table). */
  spacious?: boolean;
  children: ReactNode;
}

/** A page of the dashboard: its heading, then its parts in a column. */
export function DashboardPage({ headingId, title, spacious = false, children }: DashboardPageProps) {
  return (
    <section aria-labelledby={headingId} className={`flex flex-col ${spacious ? 'gap-6' : 'gap-4'}`}>
      <h1 id={headingId} className="text-2xl font-bold">
        {title}
      </h1>
      {children}
    </section>
  );
}
