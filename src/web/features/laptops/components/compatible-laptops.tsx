import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { Fit } from '#shared/contracts/laptop.ts';
import { laptopPagePath } from '#shared/pages.ts';

/** Past this many, the list gets a search box: a charger may fit hundreds of models. */
export const SEARCH_LAPTOPS_FROM = 20;
/** The most shown at once; the search narrows the rest down. */
const SHOWN = 60;

/** Letters and digits only, lower-cased: "XPS 13-9370" matches "xps139370". */
const folded = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** A product page's list of the laptops the part fits (by name), each with its note and a link to its parts. */
export function CompatibleLaptops({ fits }: { fits: readonly Fit[] }) {
  const id = useId();
  const [search, setSearch] = useState('');
  const wanted = folded(search);
  const found = wanted ? fits.filter((fit) => folded(fit.name).includes(wanted)) : fits;
  return (
    <section aria-labelledby={`${id}-heading`} className="card bg-base-100 shadow">
      <div className="card-body gap-3">
        <h2 id={`${id}-heading`} className="card-title">
          Compatible laptops
        </h2>
        {fits.length === 0 ? (
          <p className="opacity-80">
            No laptop is listed for this part yet: compare its part numbers with those on your old part.
          </p>
        ) : (
          <>
            {fits.length > SEARCH_LAPTOPS_FROM ? (
              <div className="flex flex-col gap-1">
                <label htmlFor={id} className="text-sm font-medium">
                  Search these laptops
                </label>
                <input
                  id={id}
                  type="search"
                  value={search}
                  autoComplete="off"
                  className="input w-full max-w-md"
                  onChange={(event) => setSearch(event.currentTarget.value)}
                />
              </div>
            ) : null}
            <p role="status" className="text-sm opacity-80">
              {found.length === fits.length
                ? `${fits.length} ${fits.length === 1 ? 'model' : 'models'}`
                : `${found.length} of ${fits.length} models`}
              {found.length > SHOWN ? ` (the first ${SHOWN} shown: search to find yours)` : ''}
            </p>
            <ul className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
              {found.slice(0, SHOWN).map((fit) => (
                <li key={fit.slug}>
                  <Link to={laptopPagePath(fit.slug)} className="link link-hover">
                    {fit.name}
                  </Link>
                  {fit.note ? <span className="ml-2 text-sm opacity-80">({fit.note})</span> : null}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}
