import { useEffect, useState } from 'react';

/** How long after the last scroll the floating buttons come back. */
const BACK_AFTER_MS = 700;

/**
 * Floating buttons step aside while the page scrolls down (what passes under them can be read and
 * tapped) and come back when it stops, when it scrolls up, and at the very bottom, where the screen
 * keeps a strip clear for them.
 */
export function useTuckWhileScrolling(): boolean {
  const [tucked, setTucked] = useState(false);
  useEffect(() => {
    let lastY = window.scrollY;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      const y = window.scrollY;
      const atBottom = y + window.innerHeight >= document.documentElement.scrollHeight - 2;
      setTucked(y > lastY + 1 && !atBottom);
      lastY = y;
      clearTimeout(timer);
      timer = setTimeout(() => setTucked(false), BACK_AFTER_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      clearTimeout(timer);
    };
  }, []);
  return tucked;
}
