/**
 * React Router's ScrollRestoration keeps each history entry's position under the entry's key (its
 * `history.state.key`) and applies it whenever the entry is shown, a page loaded fresh included. But an
 * entry opened by a typed address has no key (React Router calls every such entry "default", so one
 * page's position landed on another), and a typed address or a reload is no return to where the
 * reader was. So, before the router starts: a page loaded other than by Back or Forward gets a key of
 * its own, new, under which nothing is saved, and opens at its top; Back and Forward keep the entry's
 * key, and with it its position. Navigations inside the app are the router's own (new entries at the
 * top, Back and Forward restored).
 *
 * The browser must not bring a position back either: the router alone does, by the entry's key. The
 * router hands scrolling back to the browser as the page is left (`scrollRestoration = 'auto'`, in
 * `pagehide`), and the browser then keeps the position with the entry. On the reload that follows it
 * puts that position back late, at a layout after the router has opened the page at its top, whatever
 * the new page sets (seen in Chromium about one reload in five). So the entry is handed back as
 * `manual`, in `visibilitychange`, which a page being left gets after `pagehide`.
 */
export function keyThisHistoryEntry(): void {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') window.history.scrollRestoration = 'manual';
  });
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  const state: unknown = window.history.state;
  const kept = state !== null && typeof state === 'object' ? (state as Record<string, unknown>) : {};
  window.history.scrollRestoration = 'manual';
  if (navigation?.type === 'back_forward' && typeof kept.key === 'string') return;
  // The same form as the router's own keys.
  window.history.replaceState({ ...kept, key: Math.random().toString(36).slice(2, 10) }, '');
}
