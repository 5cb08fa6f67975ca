/**
 * A part a visitor pressed Add to cart for, kept while they log in (or sign in with Google, which
 * leaves the shop and comes back): in this tab's sessionStorage, never in an address, so no link can
 * put anything in someone's cart. Taken once, and only within half an hour of the press.
 */
const KEY = 'rtp:add-after-sign-in';
const MAX_AGE_MS = 30 * 60_000;

export interface PendingAdd {
  partId: string;
  quantity: number;
  /** The shopper's laptop (a model's slug), kept on the cart line. */
  laptop?: string;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage turned off: the visitor logs in and adds again.
    return null;
  }
}

export function rememberPendingAdd(add: PendingAdd): void {
  try {
    storage()?.setItem(KEY, JSON.stringify({ ...add, at: Date.now() }));
  } catch {
    // Full or refused: nothing is remembered.
  }
}

export const hasPendingAdd = (): boolean => Boolean(storage()?.getItem(KEY));

/** The part waiting to be added, removed as it is read; null when none (or too old, or not ours). */
export function takePendingAdd(): PendingAdd | null {
  const store = storage();
  const raw = store?.getItem(KEY);
  if (!store || !raw) return null;
  store.removeItem(KEY);
  try {
    const { partId, quantity, laptop, at } = JSON.parse(raw) as Record<string, unknown>;
    if (typeof partId !== 'string' || !partId || partId.length > 100) return null;
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) return null;
    if (typeof at !== 'number' || Date.now() - at > MAX_AGE_MS || at > Date.now()) return null;
    return { partId, quantity, ...(typeof laptop === 'string' && laptop ? { laptop } : {}) };
  } catch {
    return null;
  }
}
