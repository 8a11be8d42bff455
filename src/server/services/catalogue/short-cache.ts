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
