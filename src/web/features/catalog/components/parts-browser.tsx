import { type FormEvent, type MouseEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  ALL_PARTS,
  BROWSE_PAGE_SIZE,
  type BrowseScope,
  type BrowseState,
  browseHref,
  browseQuery,
  changeBrowse,
  hasFilters,
  PARTS_SCOPE,
  withoutFilters,
} from '#shared/browse.ts';
import type { PartSort } from '#shared/catalogue.ts';
import type { Category } from '#shared/contracts/category.ts';
import { CONDITION_LABELS, PART_CONDITIONS, type PartCondition } from '#shared/part-numbers.ts';
import { Later } from '#web/components/ui/later.tsx';
import { Pager } from '#web/components/ui/pager.tsx';
import { PartSearchField } from '#web/components/ui/part-search-field.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { SelectField } from '#web/components/ui/select-field.tsx';
import type { Part } from '#web/lib/part.ts';
import { useCategories } from '#web/lib/queries/get-categories.ts';
import { useParts } from '../api/get-parts';
import { PartCard } from './part-card';
import { partsQueryStates } from './parts-skeleton';
import { SpecFilters } from './spec-filters';

const SORT_LABELS: Record<PartSort, string> = {
  price: 'Price low to high',
  '-price': 'Price high to low',
  name: 'Name',
  newest: 'Newest',
};
const EAGER_CARDS = 3;

const partsCount = (count: number) => `${count} ${count === 1 ? 'part' : 'parts'}`;

/** What a page adds to each card. */
export interface CardExtras {
  /** A control beside Purchase Now (Add to cart). */
  action?: ReactNode;
  /** A line under the price (whether the part fits the shopper's laptop). */
  note?: ReactNode;
  /** Called on Purchase Now before it is followed (it may stop it to ask first). */
  onPurchase?: (event: MouseEvent<HTMLAnchorElement>) => void;
  /** Whether the one looking buys (admins do not). */
  buys?: boolean;
}

interface PartsBrowserProps {
  /** What the page's URL asks for. */
  state: BrowseState;
  /** A new state from the controls: the page puts it into its URL. */
  onChange: (next: BrowseState) => void;
  /** Where the page lives and what it is fixed to (a laptop model's parts); /parts by default. */
  scope?: BrowseScope;
  /** The categories to offer with their counts, when the page has its own (a model's); else the shop's. */
  categories?: Category[];
  /** The laptop whose parts the "Only parts that fit" box keeps (the shopper's); no box without one. */
  fitsFilter?: { slug: string; label: string };
  /** What the page adds to each card. */
  card?: (part: Part) => CardExtras;
  /** The heading when there are no parts at all in the scope. */
  nothingForSale?: string;
}

/**
 * The catalogue to browse: search, category, order, condition, stock, laptop and spec filters above one
 * page of parts, with the number found and a pager. Everything it shows follows from `state`.
 */
export function PartsBrowser({
  state,
  onChange,
  scope = PARTS_SCOPE,
  categories: ownCategories,
  fitsFilter,
  card: extrasOf,
  nothingForSale = 'No parts are for sale right now',
}: PartsBrowserProps) {
  const parts = useParts(browseQuery(state, scope), { keepPrevious: true });
  const shopCategories = useCategories({ enabled: ownCategories === undefined });
  const categories = ownCategories ?? shopCategories.data;
  const total = parts.data?.total;
  const pages = total === undefined ? 1 : Math.max(1, Math.ceil(total / BROWSE_PAGE_SIZE));
  const updating = parts.isPlaceholderData;

  // After a move to another page, the reader starts at the top of the new page's results.
  const resultsTop = useRef<HTMLParagraphElement>(null);
  const shownPage = useRef(state.page);
  useEffect(() => {
    if (shownPage.current === state.page) return;
    shownPage.current = state.page;
    resultsTop.current?.focus({ preventScroll: true });
    resultsTop.current?.scrollIntoView({ block: 'start' });
  }, [state.page]);

  const card = (part: Part, eager: boolean) => (
    <PartCard key={part._id} part={part} headingLevel={2} eager={eager} {...extrasOf?.(part)} />
  );

  return (
    <div className="flex flex-col gap-6">
      <BrowseControls
        state={state}
        scope={scope}
        categories={categories}
        fitsFilter={fitsFilter}
        onChange={onChange}
      />
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p
          ref={resultsTop}
          tabIndex={-1}
          role="status"
          className="scroll-mt-28 text-lg font-semibold outline-none"
          data-testid="result-count"
        >
          {total === undefined ? '' : partsCount(total)}
        </p>
        {total !== undefined && pages > 1 ? (
          <p className="text-sm opacity-80">{`Page ${Math.min(state.page, pages)} of ${pages}`}</p>
        ) : null}
      </div>
      {/* No part has every word searched for: these have the most of them (decision 028). */}
      <p role="status" className="-mt-4 empty:hidden" data-testid="partial-match">
        {parts.data?.partial && !updating && state.q
          ? `No part matches all of “${state.q}” — showing parts that match most of it`
          : null}
      </p>
      <QueryView
        query={parts}
        {...partsQueryStates}
        isEmpty={(result) => result.data.length === 0}
        empty={
          parts.data && parts.data.total > 0 ? (
            <PastTheEnd state={state} scope={scope} pages={pages} />
          ) : (
            <NoResults state={state} scope={scope} nothingForSale={nothingForSale} />
          )
        }
      >
        {(result) => (
          <>
            <div
              aria-busy={updating}
              className={`grid gap-6 transition-opacity md:grid-cols-2 lg:grid-cols-3 ${updating ? 'opacity-60' : ''}`}
            >
              {result.data.slice(0, EAGER_CARDS).map((part) => card(part, true))}
              <Later placeholderClassName="hidden">
                {result.data.slice(EAGER_CARDS).map((part) => card(part, false))}
              </Later>
            </div>
            <Pager
              page={Math.min(state.page, pages)}
              pages={pages}
              hrefFor={(page) => browseHref({ ...state, page }, scope)}
            />
          </>
        )}
      </QueryView>
    </div>
  );
}

interface BrowseControlsProps {
  state: BrowseState;
  scope: BrowseScope;
  categories: Category[] | undefined;
  fitsFilter: PartsBrowserProps['fitsFilter'];
  onChange: (next: BrowseState) => void;
}

/**
 * Search text (sent with Enter or the button), and category, order, condition, stock, laptop and specs
 * (applied at once).
 */
function BrowseControls({ state, scope, categories, fitsFilter, onChange }: BrowseControlsProps) {
  const [draft, setDraft] = useState(state.q);
  // Back, forward and links change the search from outside: the box shows it.
  useEffect(() => setDraft(state.q), [state.q]);
  const allCount = categories?.reduce((sum, category) => sum + category.count, 0);
  const unknownCategory =
    state.category !== '' && !categories?.some((category) => category.slug === state.category);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onChange(changeBrowse(state, { q: draft }));
  };

  return (
    <search aria-label="Parts">
      <form
        action={scope.path}
        method="get"
        onSubmit={submit}
        className="flex flex-col gap-4 rounded-box bg-base-100 p-4 shadow"
      >
        <PartSearchField
          value={draft}
          placeholder="Name, category or description"
          onChange={(event) => setDraft(event.currentTarget.value)}
        />
        <div className="grid items-end gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <SelectField
            label="Category"
            name="category"
            value={state.category}
            onChange={(event) => onChange(changeBrowse(state, { category: event.currentTarget.value }))}
          >
            {/* Texts beside values are one string each, as the server draws them (decision 020). */}
            <option value="">{`All categories${allCount === undefined ? '' : ` (${allCount})`}`}</option>
            {categories?.map((category) => (
              <option key={category.slug} value={category.slug}>
                {`${category.name} (${category.count})`}
              </option>
            ))}
            {unknownCategory ? <option value={state.category}>{state.category}</option> : null}
          </SelectField>
          <SelectField
            label="Sort by"
            name="sort"
            value={state.sort}
            onChange={(event) =>
              onChange(changeBrowse(state, { sort: event.currentTarget.value as BrowseState['sort'] }))
            }
          >
            <option value="">{state.q ? 'Relevance' : 'Featured'}</option>
            {Object.entries(SORT_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Condition"
            name="condition"
            value={state.condition}
            onChange={(event) =>
              onChange(changeBrowse(state, { condition: event.currentTarget.value as PartCondition | '' }))
            }
          >
            <option value="">Any condition</option>
            {PART_CONDITIONS.map((condition) => (
              <option key={condition} value={condition}>
                {CONDITION_LABELS[condition]}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="flex flex-wrap gap-x-8 gap-y-2">
          <label className="flex min-h-10 cursor-pointer items-center gap-3 text-sm font-medium">
            <input
              type="checkbox"
              name="inStock"
              value="true"
              className="toggle toggle-primary"
              checked={state.inStock}
              onChange={(event) => onChange(changeBrowse(state, { inStock: event.currentTarget.checked }))}
            />
            In stock only
          </label>
          {fitsFilter ? (
            <label className="flex min-h-10 cursor-pointer items-center gap-3 text-sm font-medium">
              <input
                type="checkbox"
                name="fits"
                value={fitsFilter.slug}
                className="checkbox checkbox-primary"
                checked={state.fits === fitsFilter.slug}
                onChange={(event) =>
                  onChange(changeBrowse(state, { fits: event.currentTarget.checked ? fitsFilter.slug : '' }))
                }
              />
              {fitsFilter.label}
            </label>
          ) : null}
        </div>
        <SpecFilters state={state} scope={scope} onChange={onChange} />
      </form>
    </search>
  );
}

/** Nothing found: say for what, and offer the ways out. */
function NoResults({
  state,
  scope,
  nothingForSale,
}: {
  state: BrowseState;
  scope: BrowseScope;
  nothingForSale: string;
}) {
  const filtered = hasFilters(state);
  if (!state.q && !filtered)
    return (
      <div className="rounded-box bg-base-100 px-4 py-12 text-center shadow">
        <h2 className="text-2xl font-bold">{nothingForSale}</h2>
        <p className="mt-3 opacity-80">Please check back soon.</p>
      </div>
    );
  return (
    <div className="flex flex-col items-center gap-3 rounded-box bg-base-100 px-4 py-12 text-center shadow">
      <h2 className="text-2xl font-bold">
        {state.q ? `No results for “${state.q}”` : 'No parts match these filters'}
      </h2>
      <p className="max-w-prose opacity-80">
        {!state.q
          ? 'Try other filters, or include parts that are out of stock.'
          : filtered
            ? 'Nothing matches this search with the filters chosen. Clear the filters to search every part, or check the spelling.'
            : 'Check the spelling, try fewer or more general words, or browse all parts.'}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        {filtered ? (
          <Link to={browseHref(withoutFilters(state), scope)} className="btn btn-primary">
            Clear filters
          </Link>
        ) : null}
        {state.q ? (
          <Link
            to={browseHref(ALL_PARTS, scope)}
            className={`btn ${filtered ? 'btn-outline' : 'btn-primary'}`}
          >
            Browse all parts
          </Link>
        ) : null}
      </div>
    </div>
  );
}

/** A page number beyond the last page (an old link, or parts sold meanwhile). */
function PastTheEnd({ state, scope, pages }: { state: BrowseState; scope: BrowseScope; pages: number }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-box bg-base-100 px-4 py-12 text-center shadow">
      <h2 className="text-2xl font-bold">There is no page {state.page}</h2>
      <p className="opacity-80">
        These parts fill {pages} {pages === 1 ? 'page' : 'pages'}.
      </p>
      <Link to={browseHref({ ...state, page: pages }, scope)} className="btn btn-primary">
        Go to the last page
      </Link>
    </div>
  );
}
