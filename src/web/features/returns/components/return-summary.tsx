import type { Return } from '#shared/contracts/returns.ts';
import { formatDollars } from '#shared/money.ts';
import { RETURN_REASON_LABELS, RETURN_STATUS_LABELS, type ReturnStatus } from '#shared/returns.ts';

/** Colours with enough contrast for their text on white. */
const tone: Record<ReturnStatus, string> = {
  requested: 'border-amber-700 text-amber-800',
  approved: 'border-blue-800 text-blue-800',
  rejected: 'border-base-content/60 text-base-content',
  received: 'border-green-800 text-green-800',
  refunded: 'border-purple-800 text-purple-800',
};

/** A return's state as people read it ("Approved"). */
export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  return (
    <span className={`badge badge-outline whitespace-nowrap font-semibold ${tone[status]}`}>
      {RETURN_STATUS_LABELS[status]}
    </span>
  );
}

/** The parts of a return, one per line: "2 × Battery (for Lenovo ThinkPad T480)". */
export function ReturnedParts({ ret }: { ret: Return }) {
  return (
    <ul className="list-none">
      {ret.lines.map((line) => (
        <li key={line.lineId}>
          {`${line.quantity} × ${line.name}${line.forLaptop ? ` (for ${line.forLaptop.name})` : ''}`}
        </li>
      ))}
    </ul>
  );
}

/** One return as its buyer sees it: number, state, reason, parts, and what came of it. */
export function ReturnSummary({ ret }: { ret: Return }) {
  return (
    <li className="flex flex-col gap-1 rounded-box border border-base-300 p-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{`Return ${ret.number}`}</span>
        <ReturnStatusBadge status={ret.status} />
        <span className="text-sm">{RETURN_REASON_LABELS[ret.reason]}</span>
      </div>
      <ReturnedParts ret={ret} />
      {ret.note ? <p className="break-words text-sm">{`Your note: ${ret.note}`}</p> : null}
      {ret.rejectReason ? <p className="break-words text-sm">{`Not accepted: ${ret.rejectReason}`}</p> : null}
      {ret.refundedCents !== null ? (
        <p className="text-sm">{`Refunded ${formatDollars(ret.refundedCents)}`}</p>
      ) : null}
    </li>
  );
}

/** The options of a select of one of the returns' lists (states, reasons), each named for people. */
export function LabelledOptions<Value extends string>({
  values,
  labels,
}: {
  values: readonly Value[];
  labels: Record<Value, string>;
}) {
  return values.map((value) => (
    <option key={value} value={value}>
      {labels[value]}
    </option>
  ));
}
