import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Renders its children once the spot comes near the viewport, keeping their code out of the first
 * page load; the reserved height stops the page from jumping when they appear.
 */
export function LoadWhenVisible({ children, minHeight }: { children: ReactNode; minHeight: number }) {
  const anchor = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const element = anchor.current;
    if (!element || visible) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
      },
      { rootMargin: '400px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);
  return (
    <div ref={anchor} style={visible ? undefined : { minHeight }}>
      {visible ? children : null}
    </div>
  );
}
