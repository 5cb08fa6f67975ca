import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DataTable } from './data-table';
import { QueryView } from './query-view';

/** A list whose fetcher the test controls: each call takes the next answer. */
function List({ answers }: { answers: Array<() => Promise<string[]>> }) {
  const query = useQuery({ queryKey: ['items'], queryFn: () => (answers.shift() ?? answers[0])!() });
  return (
    <QueryView
      query={query}
      loadingLabel="Loading items…"
      errorTitle="The items could not be loaded."
      isEmpty={(items) => items.length === 0}
      empty={<p>No items yet.</p>}
    >
      {(items) => (
        <DataTable
          rows={items}
          rowKey={(item) => item}
          columns={[
            { header: 'Name', cell: (item) => item },
            { header: 'Length', labelOnPhones: true, cell: (item) => item.length },
            {
              header: 'Actions',
              hideHeader: true,
              cell: (item) => <button type="button">Edit {item}</button>,
            },
          ]}
        />
      )}
    </QueryView>
  );
}

function renderList(answers: Array<() => Promise<string[]>>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <List answers={answers} />
    </QueryClientProvider>,
  );
}

describe('QueryView with a DataTable', () => {
  it('announces loading, then draws the rows with their phone labels', async () => {
    renderList([async () => ['fan', 'hinge']]);
    expect(screen.getByRole('status')).toHaveTextContent('Loading items…');
    expect(await screen.findByRole('cell', { name: 'fan' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '5' })).toHaveAttribute('data-label', 'Length');
    expect(screen.getByRole('cell', { name: 'fan' })).not.toHaveAttribute('data-label');
    expect(screen.getByRole('columnheader', { name: 'Actions' }).querySelector('.sr-only')).not.toBeNull();
  });

  it('says what failed and why, and Try again fetches once more', async () => {
    renderList([
      async () => {
        throw new Error('The shop is briefly unavailable.');
      },
      async () => ['fan'],
    ]);
    expect(await screen.findByText('The items could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('The shop is briefly unavailable.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('cell', { name: 'fan' })).toBeInTheDocument();
  });

  it('shows the empty state instead of an empty table', async () => {
    renderList([async () => []]);
    expect(await screen.findByText('No items yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
