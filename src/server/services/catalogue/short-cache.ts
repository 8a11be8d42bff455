/**
 * Answers that are the same for every caller and change only when the catalogue does (home shelves,
 * category lists) are kept for a few seconds per node. A node that restarts or a second node just
 * computes them again: nothing here is state another node needs.
 */
export function shortCache<T>(
  ttlMs: number,
  compute: () => Promise<T>,
  now = () => Date.now(),
): () => Promise<T> {
  let value: Promise<T> | undefined;
  let until = 0;
  return () => {
    const t = now();
    if (!value || t >= until) {
      until = t + ttlMs;
      const p = compute();
      value = p;
      // A failure is not kept: the next call computes again.
      p.catch(() => {
        if (value === p) value = undefined;
      });
    }
    return value;
  };
}

/** shortCache per key (at most `maxKeys` remembered; beyond that the memory starts afresh). */
export function shortCacheBy<K, T>(
  ttlMs: number,
  maxKeys: number,
  compute: (key: K) => Promise<T>,
  now = () => Date.now(),
): (key: K) => Promise<T> {
  const byKey = new Map<K, () => Promise<T>>();
  return (key) => {
    let get = byKey.get(key);
    if (!get) {
      if (byKey.size >= maxKeys) byKey.clear();
      get = shortCache(ttlMs, () => compute(key), now);
      byKey.set(key, get);
    }
    return get();
  };
}
