import { useEffect, useRef, useState, type RefObject } from 'react';

/** How many below-the-fold parts each screen has built in this page's life (the most). */
const built = new Map<string, number>();

/** A part is built when the end of what is built comes within one more screen of the view. */
const NEAR = '100% 0px';

/**
 * How many of `total` below-the-fold parts of a screen to render, and the spot (placed after the last
 * one rendered) that asks for the next. On the screen's first showing the parts come one per frame
 * while that spot is within a screen of the view: a visitor who reads only the first screen has the
 * phone build only what is near it (on /home two of six sections: a third fewer elements), one who
 * scrolls has each part built a screen before it shows, and no single task grows long. On
 * later showings (coming back, where scroll restoration needs the height it had) as many as were built
 * before, at once.
 */
export function useProgressive(
  screen: string,
  total: number,
): { shown: number; next: RefObject<HTMLDivElement | null> } {
  const [count, setCount] = useState(() => built.get(screen) ?? 0);
  const next = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (total > 0) built.set(screen, Math.max(built.get(screen) ?? 0, Math.min(count, total)));
    if (count >= total) return;
    // After the next paint (rAF, then a task), not inside it.
    let frame: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const buildOne = () => {
      frame = requestAnimationFrame(() => {
        timer = setTimeout(() => setCount((c) => c + 1), 0);
      });
    };
    const spot = next.current;
    let io: IntersectionObserver | undefined;
    if (!spot || typeof IntersectionObserver === 'undefined') buildOne();
    else {
      // A new observer for each part: its first report says where the spot is now.
      io = new IntersectionObserver(
        (entries) => {
          if (!entries.some((e) => e.isIntersecting)) return;
          io?.disconnect();
          buildOne();
        },
        { rootMargin: NEAR },
      );
      io.observe(spot);
    }
    return () => {
      io?.disconnect();
      if (frame !== undefined) cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [screen, count, total]);
  return { shown: Math.min(count, total), next };
}
