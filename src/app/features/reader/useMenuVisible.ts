import { useEffect, useState } from 'react';
import { menuVisible } from './access';

/**
 * The reader menu: shown at the top or the bottom of the scroll, hidden while scrolling between;
 * a tap on the pages shows or hides it by hand.
 */
export function useMenuVisible(contentKey: unknown) {
  const [atEdge, setAtEdge] = useState(true);
  const [manual, setManual] = useState<boolean | null>(null);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      const el = document.documentElement;
      setAtEdge(menuVisible(window.scrollY, window.innerHeight, el.scrollHeight));
      setManual(null);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    // In the next frame, not now: reading scrollHeight here lays out the whole chapter in the middle
    // of the render that brings its pages, and the pictures are asked for only after it (a trace of a
    // chapter reopened on this machine: a 51 ms layout between the two renders, before the first
    // picture's request).
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [contentKey]);
  const visible = manual ?? atEdge;
  return { visible, toggle: () => setManual(!visible) };
}
