/**
 * A load whose callers share it while it is under way: a call made before it settles gets the same
 * promise, and the next call after it settled loads again (nothing is kept, a failure included).
 */
export function sharedWhileLoading<K, V>(load: (key: K) => Promise<V>): (key: K) => Promise<V> {
  const loading = new Map<K, Promise<V>>();
  return (key) => {
    const pending = loading.get(key);
    if (pending) return pending;
    const promise = load(key).finally(() => loading.delete(key));
    loading.set(key, promise);
    return promise;
  };
}
