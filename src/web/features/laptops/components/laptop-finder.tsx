import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { MAX_SEARCH_LENGTH } from '#shared/catalogue.ts';
import { FINDER_PAGE_SIZE, type FinderState, finderHref, finderQuery } from '#shared/laptop-finder.ts';
import { Pager } from '#web/components/ui/pager.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { useLaptopBrands } from '#web/lib/queries/get-laptop-brands.ts';
import { useLaptops } from '#web/lib/queries/get-laptops.ts';
import { ModelList } from './model-list';

const modelsCount = (count: number) => `${count} ${count === 1 ? 'model' : 'models'}`;

interface LaptopFinderProps {
  /** What the page's URL asks for. */
  state: FinderState;
  /** A new state from the search box: the page puts it into its URL. */
  onChange: (next: FinderState) => void;
}

/**
 * Finding one's laptop: a search that forgives typos and knows machine types (20L5 finds the T480), and
 * the brands; a brand lists its models grouped by series. Each model links to its page.
 */
export function LaptopFinder({ state, onChange }: LaptopFinderProps) {
  return (
    <div className="flex flex-col gap-6">
      <FinderSearch state={state} onChange={onChange} />
      <Brands current={state.brand} />
      <Models state={state} />
    </div>
  );
}

function FinderSearch({ state, onChange }: LaptopFinderProps) {
  const id = useId();
  const [draft, setDraft] = useState(state.q);
  // Back, forward and links change the search from outside: the box shows it.
  useEffect(() => setDraft(state.q), [state.q]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onChange({ q: draft.trim(), brand: '', page: 1 });
  };
  return (
    <search aria-label="Laptops">
      <form
        action="/laptops"
        method="get"
        onSubmit={submit}
        className="flex flex-col gap-1 rounded-box bg-base-100 p-4 shadow"
      >
        <label htmlFor={id} className="text-sm font-medium">
          Find your laptop
        </label>
        <div className="join w-full">
          <input
            id={id}
            type="search"
            name="q"
            value={draft}
            maxLength={MAX_SEARCH_LENGTH}
            autoComplete="off"
            enterKeyHint="search"
            aria-describedby={`${id}-hint`}
            placeholder="T480, XPS 13 9370, 20L5…"
            className="input join-item w-full"
            onChange={(event) => setDraft(event.currentTarget.value)}
          />
          <button type="submit" className="btn btn-primary join-item">
            Search
          </button>
        </div>
        <p id={`${id}-hint`} className="text-xs opacity-80">
          The model, or the machine type printed on the label underneath the laptop.
        </p>
      </form>
    </search>
  );
}

function Brands({ current }: { current: string }) {
  const brands = useLaptopBrands();
  return (
    <nav aria-labelledby="brands-heading" className="flex flex-col gap-3">
      <h2 id="brands-heading" className="text-xl font-bold">
        Brands
      </h2>
      <QueryView
        query={brands}
        loadingLabel="Loading the brands…"
        errorTitle="The brands could not be loaded."
        isEmpty={(list) => list.length === 0}
        empty={<p className="opacity-80">No laptop models are listed yet.</p>}
      >
        {(list) => (
          <ul className="flex flex-wrap gap-2">
            {list.map(({ brand, count }) => {
              const chosen = brand.toLowerCase() === current.toLowerCase();
              return (
                <li key={brand}>
                  <Link
                    to={finderHref({ q: '', brand, page: 1 })}
                    aria-current={chosen ? 'page' : undefined}
                    className={`btn btn-sm ${chosen ? 'btn-primary' : 'btn-outline'}`}
                  >
                    {brand} ({count})
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </QueryView>
    </nav>
  );
}

/** The models a search or a brand found, grouped by series, with the number found and a pager. */
function Models({ state }: { state: FinderState }) {
  const query = finderQuery(state);
  const models = useLaptops(query);
  if (!query) return <p className="opacity-80">Search for your laptop’s model, or choose its brand.</p>;
  const total = models.data?.total;
  const pages = total === undefined ? 1 : Math.max(1, Math.ceil(total / FINDER_PAGE_SIZE));
  const title = state.q ? `Models matching “${state.q}”` : state.brand;
  return (
    <section aria-labelledby="models-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline gap-3">
        <h2 id="models-heading" className="text-xl font-bold">
          {title}
        </h2>
        <p role="status" className="opacity-80">
          {total === undefined ? '' : modelsCount(total)}
        </p>
      </div>
      <QueryView
        query={models}
        loadingLabel="Loading the models…"
        errorTitle="The models could not be loaded."
        isEmpty={(result) => result.data.length === 0}
        empty={
          <p className="opacity-80">
            {state.q
              ? 'Check the model on the label underneath your laptop (or its machine type), or choose its brand.'
              : 'This brand has no models listed.'}
          </p>
        }
      >
        {(result) => (
          <div aria-busy={models.isPlaceholderData} className="flex flex-col gap-6">
            <ModelList
              models={result.data}
              groupBy={state.brand && !state.q ? 'series' : 'brand and series'}
              headingLevel={3}
            />
            <Pager
              page={Math.min(state.page, pages)}
              pages={pages}
              hrefFor={(page) => finderHref({ ...state, page })}
            />
          </div>
        )}
      </QueryView>
    </section>
  );
}
