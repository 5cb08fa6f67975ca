import { Link } from 'react-router';

type PagerProps = {
  page: number;
  pages: number;
} & (
  | {
      /** Pages held in component state: the buttons call this. */
      onPage: (page: number) => void;
      hrefFor?: never;
    }
  | {
      /** Pages that have their own address: Previous and Next are links to these. */
      hrefFor: (page: number) => string;
      onPage?: never;
    }
);

/** Previous / next for paged lists; hidden when everything fits on one page. */
export function Pager({ page, pages, onPage, hrefFor }: PagerProps) {
  if (pages <= 1) return null;
  const step = (to: number, label: 'Previous' | 'Next', available: boolean) => {
    if (!available)
      return (
        <button type="button" className="join-item btn" disabled>
          {label}
        </button>
      );
    if (hrefFor)
      return (
        <Link to={hrefFor(to)} className="join-item btn" rel={label === 'Previous' ? 'prev' : 'next'}>
          {label}
        </Link>
      );
    return (
      <button type="button" className="join-item btn" onClick={() => onPage?.(to)}>
        {label}
      </button>
    );
  };
  return (
    <nav aria-label="Pages" className="join self-center">
      {step(page - 1, 'Previous', page > 1)}
      <span className="join-item flex items-center border border-base-300 px-4 text-sm" aria-current="page">
        {`Page ${page} of ${pages}`}
      </span>
      {step(page + 1, 'Next', page < pages)}
    </nav>
  );
}
