import type { ReactNode } from 'react';

interface CardSectionProps {
  /** The heading's id, which names the section. */
  headingId: string;
  title: ReactNode;
  /** The page's own heading (an h1, larger) rather than a panel's h2. */
  page?: boolean;
  /** Added to the card (a width). */
  className?: string;
  /** Added to the card's body (the gap between its parts). */
  bodyClassName?: string;
  children: ReactNode;
}

/** A card of its own on the page: a section named by its heading, the content below it. */
export function CardSection({
  headingId,
  title,
  page = false,
  className = '',
  bodyClassName = '',
  children,
}: CardSectionProps) {
  const Heading = page ? 'h1' : 'h2';
  return (
    <section aria-labelledby={headingId} className={`card bg-base-100 shadow ${className}`}>
      <div className={`card-body ${bodyClassName}`}>
        <Heading id={headingId} className={page ? 'card-title text-2xl' : 'card-title'}>
          {title}
        </Heading>
        {children}
      </div>
    </section>
  );
}
