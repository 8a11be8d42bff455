import { useEffect, useState } from 'react';

/** Screens that have already built their below-the-fold parts once in this page's life. */
const builtOnce = new Set<string>();

/**
 * How many of `total` below-the-fold parts of a screen to render: on the screen's first showing, one
 * more per frame after the first paint, so the first screen is not held up by work the visitor does
 * not see yet and no single task grows long; on later showings (coming back, where scroll restoration
 * needs the full height at once) all of them.
 */
export function useProgressive(screen: string, total: number): number {
  const [count, setCount] = useState(() => (builtOnce.has(screen) ? total : 0));
  useEffect(() => {
    if (count >= total) {
      if (total > 0) builtOnce.add(screen);
      return;
    }
    // After the next paint (rAF, then a task), not inside it.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setCount((c) => c + 1), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [screen, count, total]);
  return Math.min(count, total);
}
