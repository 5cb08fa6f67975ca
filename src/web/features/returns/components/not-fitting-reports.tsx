import { QueryView } from '#web/components/ui/query-view.tsx';
import { useNotFitting } from '../api/admin-returns';

/** Beside a part's fits: the laptops its buyers returned it for, saying it did not fit. */
export function NotFittingReports({ partId }: { partId: string }) {
  const reports = useNotFitting(partId);
  return (
    <section aria-labelledby="not-fitting-heading" className="flex flex-col gap-2">
      <h2 id="not-fitting-heading" className="text-xl font-bold">
        Reported not fitting
      </h2>
      <QueryView
        query={reports}
        loadingLabel="Loading returns that did not fit…"
        errorTitle="The returns that did not fit could not be loaded."
        isEmpty={(rows) => rows.length === 0}
        empty={<p>No customer has returned this part as not fitting their laptop.</p>}
      >
        {(rows) => (
          <ul className="flex flex-col gap-1">
            {rows.map((row) => (
              <li key={row.slug}>
                {`${row.name}: ${row.returns === 1 ? '1 return' : `${row.returns} returns`}, ${row.units === 1 ? '1 unit' : `${row.units} units`}`}
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </section>
  );
}
