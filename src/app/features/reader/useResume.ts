import { useEffect, useRef, useState } from 'react';

/** Keys that scroll the page: pressing one is the reader moving the view by hand. */
const SCROLL_KEYS = new Set(['ArrowDown', 'ArrowUp', 'PageDown', 'PageUp', 'Home', 'End', ' ']);

/**
 * Resume inside the chapter: once its page list is on screen, lands where it was left and keeps the
 * position saved (resume-session.ts, loaded then so none of it is on the first screen's path). Input
 * is watched from the start, so a reader who scrolls before the saved spot is known is not moved.
 * Returns the ref for the page list.
 */
export function useResume(bookId: number, number: number) {
  const [list, setList] = useState<HTMLElement | null>(null);
  const moved = useRef(false);

  useEffect(() => {
    const mark = () => void (moved.current = true);
    const onKey = (e: KeyboardEvent) => SCROLL_KEYS.has(e.key) && mark();
    window.addEventListener('wheel', mark, { passive: true });
    window.addEventListener('touchmove', mark, { passive: true });
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('wheel', mark);
      window.removeEventListener('touchmove', mark);
      window.removeEventListener('keydown', onKey);
    };
  }, []);

  useEffect(() => {
    if (!list) return;
    let live = true;
    let stop: (() => void) | undefined;
    import('./resume-session').then(
      ({ startResume }) => {
        if (live) stop = startResume({ bookId, number, list, userMoved: () => moved.current });
      },
      (err: unknown) => console.error('[reader] resume not loaded', err),
    );
    return () => {
      live = false;
      stop?.();
    };
  }, [bookId, number, list]);

  return setList;
}
