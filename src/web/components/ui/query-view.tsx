import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryError } from './query-error';
import { Spinner } from './spinner';

interface QueryViewProps<Data> {
  query: UseQueryResult<Data>;
  /** What the spinner announces while the data loads, e.g. "Loading users…". */
  loadingLabel: string;
  /** Drawn instead of the spinner while loading (a skeleton of what is coming). */
  loading?: ReactNode;
  /** What failed, above the reason and a Try again button, e.g. "The users could not be loaded.". */
  errorTitle: string;
  /** Whether the data holds nothing to show; `empty` is shown instead. */
  isEmpty?: (data: Data) => boolean;
  empty?: ReactNode;
  children: (data: Data) => ReactNode;
}

/** The one ladder every piece of fetched data goes down: loading, failed (with retry), empty, shown. */
export function QueryView<Data>({
  query,
  loadingLabel,
  loading,
  errorTitle,
  isEmpty,
  empty,
  children,
}: QueryViewProps<Data>) {
  if (query.isPending) return loading ?? <Spinner label={loadingLabel} />;
  if (query.isError)
    return <QueryError title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />;
  if (isEmpty?.(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
