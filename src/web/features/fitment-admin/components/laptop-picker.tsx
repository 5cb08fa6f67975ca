import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { type Laptop, MAX_FIT_NOTE } from '#shared/contracts/laptop.ts';
import { CardSection } from '#web/components/ui/card-section.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts';
import { useLaptops } from '../api/get-laptops';

/** Models one search shows. */
export const PICKER_RESULTS = 10;

interface LaptopPickerProps {
  /** The models already in the part's list (offered as listed, not again). */
  listed: ReadonlySet<string>;
  onAdd: (laptop: Laptop, note: string) => void;
}

/**
 * Finding a laptop model to add to a part's fits: a search of the models (name, series, brand or machine
 * type, as shoppers search them), an optional note for the next one added, and the models found.
 */
export function LaptopPicker({ listed, onAdd }: LaptopPickerProps) {
  const searchId = useId();
  const noteId = useId();
  const searchBox = useRef<HTMLInputElement>(null);
  const [search, setSearch] = useState('');
  const [note, setNote] = useState('');
  const [added, setAdded] = useState('');
  const q = useDebouncedValue(search.trim());
  const found = useLaptops({ q, limit: PICKER_RESULTS }, { enabled: q !== '' });

  const add = (laptop: Laptop) => {
    onAdd(laptop, note.trim());
    setAdded(
      `${laptop.name} was added to the list${note.trim() ? ' with its note' : ''}. Save the list to keep it.`,
    );
    setNote('');
    // Its button is now disabled: the keyboard goes back to the search for the next model.
    searchBox.current?.focus();
  };

  return (
    <CardSection headingId="add-fit-heading" title="Add a laptop model">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={searchId} className="text-sm font-medium">
            Search laptop models
          </label>
          <input
            id={searchId}
            ref={searchBox}
            type="search"
            className="input w-full"
            placeholder="e.g. T480, XPS 13 or 20L5"
            maxLength={100}
            autoComplete="off"
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={noteId} className="text-sm font-medium">
            Note (optional)
          </label>
          <input
            id={noteId}
            className="input w-full"
            placeholder="e.g. not the touch version"
            maxLength={MAX_FIT_NOTE}
            autoComplete="off"
            aria-describedby={`${noteId}-hint`}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
          <p id={`${noteId}-hint`} className="text-xs opacity-80">
            Goes with the next model you add; shoppers see it before buying. At most {MAX_FIT_NOTE}{' '}
            characters.
          </p>
        </div>
      </div>
      <p role="status" className="text-sm">
        {added}
      </p>
      {q === '' ? (
        <p className="text-sm opacity-80">Type a model, series or machine type to find it.</p>
      ) : (
        <QueryView
          query={found}
          loadingLabel="Searching laptop models…"
          errorTitle="The laptop models could not be searched."
          isEmpty={(result) => result.data.length === 0}
          empty={
            <p className="text-sm opacity-80">
              No model matches “{q}”. Models are added on the{' '}
              <Link to="/dashboard/laptops" className="link">
                Laptops
              </Link>{' '}
              page.
            </p>
          }
        >
          {(result) => (
            <div className="flex flex-col gap-2">
              <ul
                aria-label="Models found"
                className={`flex flex-col divide-y divide-base-300 ${found.isPlaceholderData ? 'opacity-60' : ''}`}
              >
                {result.data.map((laptop) => {
                  const isListed = listed.has(laptop.slug);
                  return (
                    <li key={laptop.slug} className="flex flex-wrap items-center justify-between gap-2 py-2">
                      <span>
                        <span className="font-medium">{laptop.name}</span>
                        {laptop.years ? <span className="opacity-80"> · {laptop.years}</span> : null}
                        {laptop.aliases.length ? (
                          <span className="block text-xs opacity-80">
                            Also known as {laptop.aliases.join(', ')}
                          </span>
                        ) : null}
                      </span>
                      {isListed ? (
                        <span className="badge badge-ghost">Listed</span>
                      ) : (
                        <button
                          type="button"
                          className="btn btn-sm"
                          aria-label={`Add ${laptop.name}`}
                          onClick={() => add(laptop)}
                        >
                          Add
                        </button>
                      )}
                    </li>
                  );
                })}
              </ul>
              {result.total > result.data.length ? (
                <p className="text-xs opacity-80">
                  {result.total} models match; the first {result.data.length} are shown. Type more to narrow
                  the search.
                </p>
              ) : null}
            </div>
          )}
        </QueryView>
      )}
    </CardSection>
  );
}
