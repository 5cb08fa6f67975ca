import { useState } from 'react';
import type { Return } from '#shared/contracts/returns.ts';
import { formatDollars } from '#shared/money.ts';
import { ADMIN_PAGE_SIZE } from '#shared/page-sizes.ts';
import {
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  RETURN_STATUS_LABELS,
  RETURN_STATUSES,
  type ReturnReason,
  type ReturnStatus,
} from '#shared/returns.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { DashboardPage } from '#web/components/ui/dashboard-page.tsx';
import { DataTable } from '#web/components/ui/data-table.tsx';
import { Pager } from '#web/components/ui/pager.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { useConfirm } from '#web/components/ui/use-confirm.ts';
import { formatDayAndTime } from '#web/lib/format-date.ts';
import { notify } from '#web/lib/notify.tsx';
import { type ReturnMove, useAllReturns, useMoveReturn } from '../api/admin-returns';
import { LabelledOptions, ReturnedParts, ReturnStatusBadge } from './return-summary';

type Action = 'approve' | 'reject' | 'receive' | 'refund';

/** The admins' moves each state allows (the server's table decides; these are the buttons). */
const ACTIONS: Record<ReturnStatus, Action[]> = {
  requested: ['approve', 'reject'],
  approved: ['receive'],
  received: ['refund'],
  rejected: [],
  refunded: [],
};

const LABELS: Record<Action, string> = {
  approve: 'Approve',
  reject: 'Reject',
  receive: 'Mark received',
  refund: 'Refund',
};

const DONE: Record<Action, string> = {
  approve: 'is approved',
  reject: 'is rejected',
  receive: 'is marked received',
  refund: 'is refunded',
};

/**
 * Returns for the admins (/dashboard/returns): filtered by state and reason, paged; approve, reject
 * with a reason, mark received (choosing what goes back in stock) and refund, each asked first.
 */
export function ManageReturns() {
  const [status, setStatus] = useState<ReturnStatus | ''>('');
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const filterKey = `${status}|${reason}`;
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const returns = useAllReturns({ status, reason, page });
  const move = useMoveReturn();
  const asking = useConfirm<{ ret: Return; action: Action }>();
  const [rejectReason, setRejectReason] = useState('');
  const [restock, setRestock] = useState<Record<string, boolean>>({});
  const pages = returns.data ? Math.max(1, Math.ceil(returns.data.total / ADMIN_PAGE_SIZE)) : 1;

  const ask = (ret: Return, action: Action) => {
    setRejectReason('');
    setRestock(Object.fromEntries(ret.lines.map((line) => [line.lineId, true])));
    asking.ask({ ret, action });
  };
  const confirm = (subject: { ret: Return; action: Action }) => {
    const { ret, action } = subject;
    let request: ReturnMove;
    if (action === 'reject') {
      if (!rejectReason.trim()) return asking.setError('Say why the return is rejected.');
      request = { id: ret.id, move: 'reject', reason: rejectReason };
    } else if (action === 'receive')
      request = {
        id: ret.id,
        move: 'receive',
        restock: false,
        lines: ret.lines.map((line) => ({ lineId: line.lineId, restock: restock[line.lineId] ?? false })),
      };
    else request = { id: ret.id, move: action };
    move.mutate(request, {
      onSuccess: () => {
        notify.success(`${ret.number} ${DONE[action]}.`);
        asking.succeeded(subject);
      },
      onError: (error) => asking.failed(subject, error),
    });
  };

  return (
    <DashboardPage headingId="returns-heading" title="Returns">
      <search aria-label="Returns" className="flex flex-wrap items-end gap-4">
        <SelectField
          label="Status"
          className="w-44"
          value={status}
          onChange={(event) => setStatus(event.currentTarget.value as ReturnStatus | '')}
        >
          <option value="">All statuses</option>
          <LabelledOptions values={RETURN_STATUSES} labels={RETURN_STATUS_LABELS} />
        </SelectField>
        <SelectField
          label="Reason"
          className="w-56"
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value as ReturnReason | '')}
        >
          <option value="">All reasons</option>
          <LabelledOptions values={RETURN_REASONS} labels={RETURN_REASON_LABELS} />
        </SelectField>
      </search>
      <QueryView
        query={returns}
        loadingLabel="Loading returns…"
        errorTitle="The returns could not be loaded."
      >
        {(result) => (
          <>
            <p role="status" className="text-sm">
              {result.total === 1 ? '1 return' : `${result.total} returns`}
            </p>
            {result.data.length === 0 ? (
              <p>No returns here.</p>
            ) : (
              <DataTable
                rows={result.data}
                rowKey={(ret) => ret.id}
                updating={returns.isPlaceholderData}
                compact
                rowClassName="align-top"
                columns={[
                  {
                    header: 'Return',
                    cell: (ret) => (
                      <>
                        <span className="block font-semibold">{ret.number}</span>
                        <span className="block text-xs">{`Order ${ret.orderNumber}`}</span>
                        <time className="block text-xs" dateTime={ret.createdAt}>
                          {formatDayAndTime(ret.createdAt)}
                        </time>
                      </>
                    ),
                  },
                  {
                    header: 'Customer',
                    labelOnPhones: true,
                    cell: (ret) => (
                      <>
                        <span className="block">{ret.buyerName}</span>
                        <span className="block text-xs break-all">{ret.buyerEmail}</span>
                      </>
                    ),
                  },
                  {
                    header: 'Parts',
                    labelOnPhones: true,
                    className: 'min-w-40',
                    cell: (ret) => <ReturnedParts ret={ret} />,
                  },
                  {
                    header: 'Reason',
                    labelOnPhones: true,
                    className: 'min-w-40',
                    cell: (ret) => (
                      <>
                        <span className="block font-medium">{RETURN_REASON_LABELS[ret.reason]}</span>
                        {ret.note ? <span className="block text-xs break-words">{ret.note}</span> : null}
                      </>
                    ),
                  },
                  {
                    header: 'Status',
                    labelOnPhones: true,
                    cell: (ret) => (
                      <div className="flex flex-col items-start gap-1">
                        <ReturnStatusBadge status={ret.status} />
                        {ret.rejectReason ? (
                          <span className="text-xs break-words">{ret.rejectReason}</span>
                        ) : null}
                        {ret.refundedCents !== null ? (
                          <span className="text-xs">{`${formatDollars(ret.refundedCents)} refunded`}</span>
                        ) : null}
                      </div>
                    ),
                  },
                  {
                    header: 'Actions',
                    hideHeader: true,
                    cell: (ret) => (
                      <div className="flex flex-wrap gap-2">
                        {ACTIONS[ret.status].map((action) => (
                          <button
                            key={action}
                            type="button"
                            className={`btn btn-sm whitespace-nowrap ${action === 'reject' ? 'btn-outline btn-danger' : 'btn-primary'}`}
                            disabled={move.isPending}
                            aria-label={`${LABELS[action]} ${ret.number}`}
                            onClick={() => ask(ret, action)}
                          >
                            {LABELS[action]}
                          </button>
                        ))}
                      </div>
                    ),
                  },
                ]}
              />
            )}
            <Pager page={page} pages={pages} onPage={(next) => setPaging({ filterKey, page: next })} />
          </>
        )}
      </QueryView>
      <ConfirmDialog
        subject={asking.subject}
        title={({ ret, action }) => `${LABELS[action]} ${ret.number}?`}
        message={({ ret, action }) =>
          ({
            approve: `${ret.buyerName} is told by email to send the parts back.`,
            reject: `${ret.buyerName} is told by email, with your reason.`,
            receive: 'Choose which parts go back in stock; the customer is told they arrived.',
            refund: `The parts' share of what ${ret.buyerName} paid goes back to their card.`,
          })[action]
        }
        confirmLabel={({ action }) => LABELS[action]}
        tone={
          asking.subject?.action === 'reject' || asking.subject?.action === 'refund' ? 'danger' : 'primary'
        }
        pending={move.isPending}
        error={asking.error}
        onConfirm={confirm}
        onCancel={asking.close}
      >
        {asking.subject?.action === 'reject' ? (
          <TextField
            label="Reason"
            multiline
            rows={3}
            maxLength={500}
            value={rejectReason}
            onChange={(event) => setRejectReason(event.currentTarget.value)}
          />
        ) : null}
        {asking.subject?.action === 'receive' ? (
          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-medium">Back in stock</legend>
            {asking.subject.ret.lines.map((line) => (
              <label key={line.lineId} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  className="checkbox"
                  checked={restock[line.lineId] ?? false}
                  onChange={(event) => {
                    const checked = event.currentTarget.checked;
                    setRestock((current) => ({ ...current, [line.lineId]: checked }));
                  }}
                />
                {`Restock ${line.quantity} × ${line.name}`}
              </label>
            ))}
          </fieldset>
        ) : null}
      </ConfirmDialog>
    </DashboardPage>
  );
}
