import { trackingLink } from '#shared/tracking.ts';

/** A parcel's tracking number, as a link to its carrier's page when the number's format names one. */
export function TrackingNumber({ number }: { number: string }) {
  const link = trackingLink(number);
  const shown = <span className="font-mono break-all">{number}</span>;
  if (!link) return shown;
  return (
    <a className="link" href={link.url} target="_blank" rel="noopener noreferrer">
      {shown}
      <span className="sr-only"> (follow it at {link.carrier}, opens in a new tab)</span>
    </a>
  );
}
