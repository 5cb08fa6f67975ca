import type { ReactNode } from 'react';
import type { Fit } from '#shared/contracts/laptop.ts';

interface FitNoticeProps {
  /** The shopper's laptop. */
  laptop: { slug: string; name: string };
  /** The part's fits (its page lists them all). */
  fits: readonly Fit[];
}

/**
 * A product page's word on the shopper's laptop: "Fits your …" with the fit's note, or "Not listed for
 * your …" with what to check before buying (sellers' advice: the old part's number and the full model
 * number, both from the labels).
 */
export function FitNotice({ laptop, fits }: FitNoticeProps) {
  const fit = fits.find((candidate) => candidate.slug === laptop.slug);
  if (fit)
    return (
      <div
        className="alert flex flex-col items-start gap-1 border-green-800 bg-green-50 text-green-900"
        data-testid="fit-notice"
      >
        <p className="font-semibold">Fits your {laptop.name}</p>
        {fit.note ? <p className="text-sm">Note: {fit.note}</p> : null}
      </div>
    );
  return (
    <div
      className="alert flex flex-col items-start gap-1 border-amber-700 bg-amber-50 text-amber-950"
      data-testid="fit-notice"
    >
      <p className="font-semibold">Not listed for your {laptop.name}</p>
      <p className="text-sm">
        It may still fit: compare the part number on your old part with this part’s numbers, and the full
        model number on the label underneath your laptop with the laptops listed here.
      </p>
    </div>
  );
}

/**
 * A word that a part (or a model) is the shopper's fit: "Fits your laptop" on a card. Its colours have
 * enough contrast on white (daisyUI's soft badges are too light).
 */
export function FitBadge({ children, large = false }: { children: ReactNode; large?: boolean }) {
  return (
    <p
      className={`badge badge-outline border-green-800 font-semibold text-green-800 ${large ? 'badge-lg' : ''}`}
    >
      {children}
    </p>
  );
}
