import { type ReactNode, useEffect, useState } from 'react';

/** Set once the app's first screen has painted: from then on, sections draw at once. */
let firstScreenPainted = false;

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
