import { useId, useState } from 'react';
import { Link } from 'react-router';
import { MAX_SEARCH_LENGTH } from '#shared/catalogue.ts';
import type { Laptop } from '#shared/contracts/laptop.ts';
import { LAPTOPS_PAGE } from '#shared/pages.ts';
import { useLaptops } from '#web/lib/queries/get-laptops.ts';
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts';
import { modelDetails } from './model-list';

/** Models offered while typing: enough to find one's own among near names. */
const PICKER_RESULTS = 8;
/** Fewer letters find too much to be useful. */
const MIN_LETTERS = 2;

/**
 * Choosing one's laptop where parts are browsed: type the model (or the machine type), pick it from the
 * models found. The finder page (all brands and series) is one link away.
 */
export function LaptopPicker({ onChoose }: { onChoose: (laptop: Laptop) => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), 300);
  const asking = q.length >= MIN_LETTERS;
  const models = useLaptops(asking ? { q, limit: PICKER_RESULTS } : null);
  const found = asking ? models.data?.data : undefined;
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-2 rounded-box bg-base-100 p-4 shadow"
    >
      {/* Not a heading: the page's second-level headings are its parts. */}
      <p id={`${id}-heading`} className="font-semibold">
        Shopping for your laptop?
      </p>
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          Your laptop model
        </label>
        <input
          id={id}
          type="search"
          value={text}
          maxLength={MAX_SEARCH_LENGTH}
          autoComplete="off"
          placeholder="T480, XPS 13 9370, 20L5…"
          aria-describedby={`${id}-hint`}
          className="input w-full max-w-md"
          onChange={(event) => setText(event.currentTarget.value)}
        />
        <p id={`${id}-hint`} className="text-xs opacity-80">
          {'Choose it to see the parts that fit. '}
          <Link to={LAPTOPS_PAGE} className="link">
            Browse all brands
          </Link>
        </p>
      </div>
      <div role="status" className="text-sm">
        {!asking ? null : models.isError ? (
          'The models could not be loaded.'
        ) : found === undefined ? (
          'Looking…'
        ) : found.length === 0 ? (
          `No laptop matches “${q}”.`
        ) : (
          <span className="sr-only">
            {found.length} {found.length === 1 ? 'model' : 'models'} found
          </span>
        )}
      </div>
      {found && found.length > 0 ? (
        <ul aria-label="Models found" className="flex flex-wrap gap-2">
          {found.map((model) => (
            <li key={model.slug}>
              <button
                type="button"
                className="btn btn-sm btn-outline h-auto py-1 text-left"
                onClick={() => onChoose(model)}
              >
                {model.name}
                {modelDetails(model) ? (
                  <span className="font-normal opacity-80">{modelDetails(model)}</span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
