import { type ComponentPropsWithRef, useId } from 'react';
import { MAX_SEARCH_LENGTH } from '#shared/catalogue.ts';
import { StrokeIcon } from './stroke-icon';

type PartSearchFieldProps = {
  /** The navbar's small box: its label only for screen readers, a magnifier on its button. */
  compact?: boolean;
} & Omit<ComponentPropsWithRef<'input'>, 'id' | 'type' | 'name' | 'className'>;

/**
 * The catalogue's search box and its button, in the navbar and above the parts: the `q` of a plain GET
 * form to /parts, bounded as the server bounds it.
 */
export function PartSearchField({ compact = false, ...inputProps }: PartSearchFieldProps) {
  const id = useId();
  return (
    <div className={compact ? undefined : 'flex flex-col gap-1'}>
      <label htmlFor={id} className={compact ? 'sr-only' : 'text-sm font-medium'}>
        Search parts
      </label>
      <div className="join w-full">
        <input
          {...inputProps}
          id={id}
          type="search"
          name="q"
          maxLength={MAX_SEARCH_LENGTH}
          autoComplete="off"
          enterKeyHint="search"
          className={`input join-item w-full ${compact ? 'input-sm' : ''}`}
        />
        {compact ? (
          <button type="submit" className="btn btn-sm btn-primary join-item" aria-label="Search">
            <StrokeIcon className="h-4 w-4" strokeWidth={2.5}>
              <circle cx="11" cy="11" r="7" />
              <path d="m20 20-4-4" />
            </StrokeIcon>
          </button>
        ) : (
          <button type="submit" className="btn btn-primary join-item">
            Search
          </button>
        )}
      </div>
    </div>
  );
}
