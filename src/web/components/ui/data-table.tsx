import type { ReactNode } from 'react';

export interface Column<Row> {
  /** The column's heading; kept for screen readers on phones, where the rows become cards. */
  header: string;
  /** Hides the heading from sight (an actions column), keeping it for screen readers. */
  hideHeader?: boolean;
  /** On phones, the cell is preceded by its heading ("Status: …"), unless the content says it already. */
  labelOnPhones?: boolean;
  className?: string;
  cell: (row: Row, index: number) => ReactNode;
}

interface DataTableProps<Row> {
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** True while another page or filter loads: the rows on screen are dimmed. */
  updating?: boolean;
  compact?: boolean;
  rowClassName?: string;
  /**
   * Where the rows become stacked cards: on phones, or, for a table whose columns do not fit beside the
   * dashboard's sidebar, on every screen narrower than a wide one.
   */
  stackBelow?: 'phone' | 'wide';
}

/** Literal class names, so that Tailwind finds them. */
const STACKED = { phone: 'max-sm:stacked', wide: 'max-xl:stacked' };

/**
 * Every list of records in the dashboard: a table on wide screens, stacked cards on phones (the
 * `stacked` utility in styles.css) so that every action stays on the screen.
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  updating = false,
  compact = false,
  rowClassName,
  stackBelow = 'phone',
}: DataTableProps<Row>) {
  return (
    <div
      aria-busy={updating}
      className={`overflow-x-auto rounded-box bg-base-100 shadow transition-opacity ${updating ? 'opacity-60' : ''}`}
    >
      <table className={`table ${STACKED[stackBelow]} ${compact ? 'table-sm' : ''}`}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {column.hideHeader ? <span className="sr-only">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row)} className={rowClassName}>
              {columns.map((column) => (
                <td
                  key={column.header}
                  className={column.className}
                  data-label={column.labelOnPhones ? column.header : undefined}
                >
                  {column.cell(row, index)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
