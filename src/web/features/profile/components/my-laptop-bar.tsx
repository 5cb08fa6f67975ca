import { Link } from 'react-router';
import { LAPTOPS_PAGE, laptopPagePath } from '#shared/pages.ts';
import type { MyLaptop } from '../my-laptop';

interface MyLaptopBarProps {
  laptop: MyLaptop;
  onClear: () => void;
}

/**
 * The header's line for the shopper's laptop, on every page: its name (linking to its parts), Change
 * (the finder) and Clear.
 */
export function MyLaptopBar({ laptop, onClear }: MyLaptopBarProps) {
  return (
    <div className="border-t border-base-200 bg-base-200/60">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-1 text-sm">
        <p data-testid="my-laptop">
          {'My laptop: '}
          <Link to={laptopPagePath(laptop.slug)} className="link font-semibold">
            {laptop.name}
          </Link>
        </p>
        <div className="flex gap-1">
          <Link to={LAPTOPS_PAGE} className="btn btn-ghost btn-xs" aria-label="Change my laptop">
            Change
          </Link>
          <button
            type="button"
            className="btn btn-ghost btn-xs"
            aria-label="Clear my laptop"
            onClick={onClear}
          >
            Clear
          </button>
        </div>
      </div>
    </div>
  );
}
