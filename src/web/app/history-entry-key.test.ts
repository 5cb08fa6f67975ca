import { afterEach, describe, expect, it, vi } from 'vitest';
import { keyThisHistoryEntry } from './history-entry-key';

const loadedBy = (type: NavigationTimingType) =>
  vi
    .spyOn(performance, 'getEntriesByType')
    .mockReturnValue([{ type } as PerformanceNavigationTiming] as PerformanceEntryList);

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '');
  window.history.scrollRestoration = 'auto';
});

describe('keyThisHistoryEntry', () => {
  it('gives an entry opened by a typed address a key of its own (no saved position applies)', () => {
    loadedBy('navigate');
    keyThisHistoryEntry();
    const first = window.history.state.key;
    expect(first).toMatch(/^[a-z0-9]+$/);
    window.history.replaceState(null, '');
    keyThisHistoryEntry();
    expect(window.history.state.key).not.toBe(first);
  });

  it('gives a reloaded entry a new key, keeping the rest of its state', () => {
    window.history.replaceState({ key: 'old12345', idx: 3, usr: { from: '/parts' } }, '');
    loadedBy('reload');
    keyThisHistoryEntry();
    expect(window.history.state).toMatchObject({ idx: 3, usr: { from: '/parts' } });
    expect(window.history.state.key).not.toBe('old12345');
    // Nor does the browser put the old position back as the page grows.
    expect(window.history.scrollRestoration).toBe('manual');
  });

  it('keeps the key of an entry reached by Back or Forward, so its position comes back', () => {
    window.history.replaceState({ key: 'old12345', idx: 3 }, '');
    loadedBy('back_forward');
    keyThisHistoryEntry();
    expect(window.history.state).toEqual({ key: 'old12345', idx: 3 });
    // The router puts it back, by that key; the browser does not.
    expect(window.history.scrollRestoration).toBe('manual');
  });

  it('hands the entry back as manual when the page is left, after the router has made it auto', () => {
    loadedBy('navigate');
    keyThisHistoryEntry();
    // What the router does in pagehide, which a page being left gets before visibilitychange.
    window.history.scrollRestoration = 'auto';
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(window.history.scrollRestoration).toBe('manual');
    hidden.mockRestore();
  });
});
