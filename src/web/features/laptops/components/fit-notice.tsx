import type { Fit } from '../../../../shared/contracts/laptop';

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
        className="alert alert-success alert-soft flex flex-col items-start gap-1"
        data-testid="fit-notice"
      >
        <p className="font-semibold">Fits your {laptop.name}</p>
        {fit.note ? <p className="text-sm">Note: {fit.note}</p> : null}
      </div>
    );
  return (
    <div className="alert alert-warning alert-soft flex flex-col items-start gap-1" data-testid="fit-notice">
      <p className="font-semibold">Not listed for your {laptop.name}</p>
      <p className="text-sm">
        It may still fit: compare the part number on your old part with this part’s numbers, and the full
        model number on the label underneath your laptop with the laptops listed here.
      </p>
    </div>
  );
}

/** A card's line for a part listed for the shopper's laptop. */
export function FitsYourLaptop() {
  return <p className="badge badge-success badge-soft">Fits your laptop</p>;
}
