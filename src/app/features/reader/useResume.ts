import { useEffect, useRef, useState } from 'react';
import { ReaderText } from '../../../contract';
import { showToast } from '../../components/Toaster';
import { getReadPosition, saveReadPosition } from '../../lib/device/read-position';

/** Keys that scroll the page: pressing one is the reader moving the view by hand. */
const SCROLL_KEYS = new Set(['ArrowDown', 'ArrowUp', 'PageDown', 'PageUp', 'Home', 'End', ' ']);

/**
 * Resume inside the chapter: once its page list is on screen, lands where it was left and keeps the
 * position saved (resume-session.ts, loaded only then and importing nothing else, so it adds nothing
 * to the first screen's path; the device calls are passed in). Input
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
        if (!live) return;
        stop = startResume({
          list,
          userMoved: () => moved.current,
          load: () => getReadPosition(bookId, number),
          save: (p) => saveReadPosition({ bookId, number, ...p }),
          onLanded: (page) => showToast(ReaderText.resumedAt(page + 1)),
        });
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
