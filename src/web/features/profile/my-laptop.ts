import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import type { Profile } from '#shared/contracts/profile.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { errorMessage } from '#web/lib/error-message.ts';
import { notify } from '#web/lib/notify.tsx';
import { profileQueryKey, profileQueryOptions } from './api/get-profile';
import { saveProfile } from './api/save-profile';

/** "My laptop": the model a shopper has (its slug for the API, its name for people). */
export interface MyLaptop {
  slug: string;
  name: string;
}

/**
 * The choice as this browser keeps it (localStorage): a visitor's only record of it, and a customer's
 * copy of the profile's, so that every page draws it at once instead of after GET /api/profile.
 */
const STORAGE_KEY = 'my-laptop';

const listeners = new Set<() => void>();
/** The choice when the browser refuses storage (private browsing): it lasts until the page is left. */
let unstored: MyLaptop | null = null;
/** The last value read, by the text it was read from: the same object until the choice changes. */
let lastRead: { raw: string | null; laptop: MyLaptop | null } = { raw: null, laptop: null };

function parse(raw: string | null): MyLaptop | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<MyLaptop> | null;
    return typeof value?.slug === 'string' && typeof value.name === 'string'
      ? { slug: value.slug, name: value.name }
      : null;
  } catch {
    return null;
  }
}

function readStored(): MyLaptop | null {
  // Building the drawn pages there is no browser, and nothing chosen.
  if (typeof localStorage === 'undefined') return null;
  let raw: string | null;
  try {
    raw = localStorage.getItem(STORAGE_KEY);
  } catch {
    return unstored;
  }
  if (raw !== lastRead.raw) lastRead = { raw, laptop: parse(raw) };
  return lastRead.laptop;
}

function store(laptop: MyLaptop | null): void {
  const now = readStored();
  if (laptop?.slug === now?.slug && laptop?.name === now?.name) return;
  unstored = laptop;
  try {
    if (laptop) localStorage.setItem(STORAGE_KEY, JSON.stringify(laptop));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused: `unstored` holds it.
  }
  for (const listener of listeners) listener();
}

/** A choice made in another tab shows in this one too. */
function onStorage(event: StorageEvent) {
  if (event.key !== STORAGE_KEY && event.key !== null) return;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/** The shopper's laptop, or null when none is chosen. */
export const useMyLaptop = (): MyLaptop | null => useSyncExternalStore(subscribe, readStored, () => null);

/**
 * Chooses (or, with null, clears) the shopper's laptop: kept in this browser, and for a signed-in
 * customer also saved on the profile, so it comes back on their other devices. A refused save says
 * why and shows the profile's choice again.
 */
export function useChooseMyLaptop(signedIn: boolean | undefined) {
  const queryClient = useQueryClient();
  return async (laptop: MyLaptop | null) => {
    store(laptop);
    if (signedIn !== true) return;
    queryClient.setQueryData<Profile>(profileQueryKey, (profile) => profile && { ...profile, laptop });
    try {
      queryClient.setQueryData(profileQueryKey, await saveProfile({ laptop: laptop?.slug ?? null }));
    } catch (error) {
      notify.error(errorMessage(error));
      await queryClient.invalidateQueries({ queryKey: profileQueryKey });
    }
  };
}

/**
 * Keeps this browser's choice and a signed-in customer's profile together, once per page load (the
 * app's frame calls it): the profile's choice, once read, is the one shown; a choice made in this
 * browser before signing in, with none on the profile, is saved to the profile. A choice the shop no
 * longer knows (the model was removed) is forgotten.
 */
export function useMyLaptopSync(signedIn: boolean | undefined): void {
  const queryClient = useQueryClient();
  const profile = useQuery({ ...profileQueryOptions(), enabled: signedIn === true });
  const saved = profile.data?.laptop;
  useEffect(() => {
    if (saved === undefined) return;
    if (saved) {
      store(saved);
      return;
    }
    const chosen = readStored();
    if (!chosen) return;
    saveProfile({ laptop: chosen.slug }).then(
      (updated) => queryClient.setQueryData(profileQueryKey, updated),
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 400 && error.fields.laptop) store(null);
      },
    );
  }, [saved, queryClient]);
}
