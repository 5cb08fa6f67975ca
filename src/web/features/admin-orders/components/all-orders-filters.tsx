import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from '#shared/order-status.ts';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';

interface AllOrdersFiltersProps {
  status: OrderStatus | '';
  search: string;
  onStatus: (status: OrderStatus | '') => void;
  onSearch: (search: string) => void;
}

/** Which orders All Orders lists: by status, and found by number or the buyer's email as typed. */
export function AllOrdersFilters({ status, search, onStatus, onSearch }: AllOrdersFiltersProps) {
  return (
    <search aria-label="Orders" className="flex flex-wrap items-end gap-4">
      <SelectField
        label="Status"
        className="w-44"
        value={status}
        onChange={(event) => onStatus(event.currentTarget.value as OrderStatus | '')}
      >
        <option value="">All statuses</option>
        {ORDER_STATUSES.map((value) => (
          <option key={value} value={value}>
            {ORDER_STATUS_LABELS[value]}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Find an order"
        type="search"
        className="min-w-56 flex-1"
        placeholder="Order number or email"
        autoComplete="off"
        maxLength={254}
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
      />
    </search>
  );
}
