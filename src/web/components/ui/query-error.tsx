interface QueryErrorProps {
  title: string;
  error: unknown;
  onRetry: () => void;
}

/** A failed data fetch: what failed, why, and a way to try again. */
export function QueryError({ title, error, onRetry }: QueryErrorProps) {
  const reason = error instanceof Error ? error.message : 'Something went wrong.';
  return (
    <div role="alert" className="alert alert-error my-6 flex flex-wrap justify-between">
      <div>
        <p className="font-semibold">{title}</p>
        <p className="text-sm">{reason}</p>
      </div>
      <button type="button" className="btn btn-sm" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
