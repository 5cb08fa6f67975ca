import { lazy, Suspense, useMemo } from 'react';
import { Link } from 'react-router';
import { STATS_DAYS, type Stats } from '#shared/contracts/stats.ts';
import { formatDollars } from '#shared/money.ts';
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from '#shared/order-status.ts';
import { productPagePath } from '#shared/pages.ts';
import { CardSection } from '#web/components/ui/card-section.tsx';
import { DashboardPage } from '#web/components/ui/dashboard-page.tsx';
import { DataTable } from '#web/components/ui/data-table.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { dateFormat } from '#web/lib/format-date.ts';
import { useStats } from '../api/get-stats';

// Chart.js is loaded by this page alone, after its figures are on screen.
const BarChart = lazy(() => import('./bar-chart'));

const dayLabel = dateFormat({ month: 'short', day: 'numeric', timeZone: 'UTC' });
const formatDay = (day: string) => dayLabel(new Date(`${day}T00:00:00Z`));
const countOrders = (count: number) => (count === 1 ? '1 order' : `${count} orders`);

/** The owner's overview: how the shop sells, what waits to be done, and what runs short. */
export function Overview() {
  const stats = useStats();
  return (
    <DashboardPage headingId="overview-heading" title="Overview" spacious>
      <QueryView
        query={stats}
        loadingLabel="Loading the overview…"
        errorTitle="The overview could not be loaded."
      >
        {(figures) => (
          <>
            <Revenue stats={figures} />
            <div className="grid gap-6 lg:grid-cols-2">
              <OrdersByStatus stats={figures} />
              <BestSellers stats={figures} />
            </div>
            <LowStock stats={figures} />
            <MostWanted stats={figures} />
          </>
        )}
      </QueryView>
    </DashboardPage>
  );
}

function Panel({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <CardSection headingId={id} title={title} bodyClassName="gap-3">
      {children}
    </CardSection>
  );
}

function Revenue({ stats }: { stats: Stats }) {
  const labels = useMemo(() => stats.revenue.map((entry) => formatDay(entry.day)), [stats.revenue]);
  const values = useMemo(() => stats.revenue.map((entry) => entry.totalCents), [stats.revenue]);
  const total = values.reduce((sum, cents) => sum + cents, 0);
  const orders = stats.revenue.reduce((sum, entry) => sum + entry.orders, 0);
  const summary = `Revenue per day over the last ${STATS_DAYS} days: ${formatDollars(total)} from ${countOrders(orders)} in all.`;
  return (
    <Panel id="revenue-heading" title={`Revenue, last ${STATS_DAYS} days`}>
      <p>
        <strong className="text-2xl">{formatDollars(total)}</strong> from {countOrders(orders)} paid
      </p>
      <Suspense fallback={<Spinner label="Drawing the chart…" />}>
        <BarChart labels={labels} values={values} format={formatDollars} summary={summary} />
      </Suspense>
      <details>
        <summary className="cursor-pointer text-sm">Revenue by day as a table</summary>
        <DataTable
          compact
          rows={stats.revenue}
          rowKey={(entry) => entry.day}
          columns={[
            { header: 'Day', cell: (entry) => formatDay(entry.day) },
            { header: 'Orders', labelOnPhones: true, cell: (entry) => entry.orders },
            { header: 'Revenue', labelOnPhones: true, cell: (entry) => formatDollars(entry.totalCents) },
          ]}
        />
      </details>
    </Panel>
  );
}

function OrdersByStatus({ stats }: { stats: Stats }) {
  const rows = ORDER_STATUSES.map((status) => ({ status, count: stats.ordersByStatus[status] ?? 0 }));
  return (
    <Panel id="statuses-heading" title="Orders by status">
      <DataTable
        compact
        rows={rows}
        rowKey={(row) => row.status}
        columns={[
          {
            header: 'Status',
            cell: (row) => (
              <Link className="link" to={`/dashboard/orders?status=${row.status}`}>
                {ORDER_STATUS_LABELS[row.status]}
              </Link>
            ),
          },
          { header: 'Orders', labelOnPhones: true, cell: (row) => row.count },
        ]}
      />
    </Panel>
  );
}

function BestSellers({ stats }: { stats: Stats }) {
  return (
    <Panel id="best-sellers-heading" title="Best-selling parts">
      {stats.bestSellers.length === 0 ? (
        <p className="opacity-80">Nothing sold in the last {STATS_DAYS} days yet.</p>
      ) : (
        <DataTable
          compact
          rows={stats.bestSellers}
          rowKey={(row) => row.partId}
          columns={[
            {
              header: 'Part',
              cell: (row) => (
                <Link className="link" to={productPagePath(row.partId)}>
                  {row.name}
                </Link>
              ),
            },
            { header: 'Units', labelOnPhones: true, cell: (row) => row.units },
            { header: 'Revenue', labelOnPhones: true, cell: (row) => formatDollars(row.revenueCents) },
          ]}
        />
      )}
    </Panel>
  );
}

function LowStock({ stats }: { stats: Stats }) {
  const more = stats.lowStockTotal - stats.lowStock.length;
  return (
    <Panel id="low-stock-heading" title="Low on stock">
      <p className="text-sm opacity-80">
        Parts with less than twice their minimum order in stock, the scarcest first.
      </p>
      {stats.lowStock.length === 0 ? (
        <p>Every part has enough stock.</p>
      ) : (
        <>
          <DataTable
            compact
            rows={stats.lowStock}
            rowKey={(row) => row.partId}
            columns={[
              { header: 'Part', cell: (row) => row.name },
              { header: 'Category', labelOnPhones: true, cell: (row) => row.category },
              { header: 'Available', labelOnPhones: true, cell: (row) => row.available },
              { header: 'Minimum', labelOnPhones: true, cell: (row) => row.minimum },
              {
                header: 'Actions',
                hideHeader: true,
                cell: (row) => (
                  <Link
                    className="btn btn-sm"
                    to={`/dashboard/manage?q=${encodeURIComponent(row.name)}`}
                    aria-label={`Restock ${row.name}`}
                  >
                    Restock
                  </Link>
                ),
              },
            ]}
          />
          {more > 0 ? <p className="text-sm">And {more} more.</p> : null}
        </>
      )}
    </Panel>
  );
}

/** Parts out of stock that shoppers asked to hear about ("Notify me when it's back"), the most first. */
function MostWanted({ stats }: { stats: Stats }) {
  return (
    <Panel id="most-wanted-heading" title="Most wanted, out of stock">
      <p className="text-sm opacity-80">
        Parts that cannot be bought now, by how many shoppers wait for a mail when they are back (Low on stock
        above restocks them).
      </p>
      {stats.mostWanted.length === 0 ? (
        <p>Nobody is waiting for a part.</p>
      ) : (
        <DataTable
          compact
          rows={stats.mostWanted}
          rowKey={(row) => row.partId}
          columns={[
            {
              header: 'Part',
              cell: (row) => (
                <Link className="link" to={productPagePath(row.partId)}>
                  {row.name}
                </Link>
              ),
            },
            { header: 'Waiting', labelOnPhones: true, cell: (row) => row.subscribers },
            { header: 'Available', labelOnPhones: true, cell: (row) => row.available },
          ]}
        />
      )}
    </Panel>
  );
}
