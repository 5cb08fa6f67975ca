interface PagerProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}

/** Previous / next for paged tables; hidden when everything fits on one page. */
export function Pager({ page, pages, onPage }: PagerProps) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="join self-center">
      <button type="button" className="join-item btn" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span className="join-item btn btn-disabled" aria-current="page">
        Page {page} of {pages}
      </span>
      <button
        type="button"
        className="join-item btn"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
