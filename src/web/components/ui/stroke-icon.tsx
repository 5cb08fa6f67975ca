import type { ReactNode } from 'react';

/**
 * The shop's line icons (search, cart, menu): drawn in the text's colour on a 24-unit grid, and hidden
 * from screen readers, since the control around each one carries the name.
 */
export function StrokeIcon({
  className,
  strokeWidth,
  round = false,
  children,
}: {
  className: string;
  strokeWidth: number;
  /** Rounded line ends and corners. */
  round?: boolean;
  children: ReactNode;
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap={round ? 'round' : undefined}
      strokeLinejoin={round ? 'round' : undefined}
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}
