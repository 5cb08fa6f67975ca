import { type ReactNode, useEffect, useState } from 'react';

/**
 * Set once the app's first screen has painted: from then on, sections draw at once. Drawing on the
 * server, every section is drawn: the page's HTML holds it all.
 */
let firstScreenPainted = typeof document === 'undefined';

/**
 * The page came drawn from the server, sections and all (server http/web.ts): its first screen has
 * painted, and the app's first draw takes every section over as it is, instead of removing the later
 * ones and drawing them again a task later (main.tsx).
 */
export function firstScreenCameDrawn(): void {
  firstScreenPainted = true;
}

/**
 * Draws a section below the first screen in a task of its own, after the page has painted: on a phone
 * the first draw is then short, and a tap waits for no more than one section. Only while the app opens;
 * pages opened later draw whole at once, so back and forward find every section where it was. The
 * placeholder keeps the section's usual height meanwhile.
 */
export function Later({
  children,
  placeholderClassName,
}: {
  children: ReactNode;
  placeholderClassName: string;
}) {
  const [drawn, setDrawn] = useState(firstScreenPainted);
  useEffect(() => {
    if (drawn) return;
    const timer = setTimeout(() => {
      firstScreenPainted = true;
      setDrawn(true);
    });
    return () => clearTimeout(timer);
  }, [drawn]);
  return drawn ? children : <div className={placeholderClassName} />;
}
