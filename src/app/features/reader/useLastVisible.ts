import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The index of the last chapter page on screen (-1 before any is), from an IntersectionObserver over
 * the page boxes. `ref(i)` registers page i.
 */
export function useLastVisible() {
  const [last, setLast] = useState(-1);
  const visible = useRef(new Set<number>());
  const io = useRef<IntersectionObserver | null>(null);
  const pending = useRef(new Map<Element, number>());

  useEffect(() => {
    const shown = visible.current;
    const obs = new IntersectionObserver((entries) => {
      for (const e of entries) {
        const i = Number((e.target as HTMLElement).dataset.page);
        if (e.isIntersecting) shown.add(i);
        else shown.delete(i);
      }
      // Only ever moves forward: reading back up does not cancel what is already fetched.
      if (shown.size > 0) setLast((prev) => Math.max(prev, ...shown));
    });
    io.current = obs;
    for (const el of pending.current.keys()) obs.observe(el);
    return () => obs.disconnect();
  }, []);

  const ref = useCallback((el: HTMLElement | null) => {
    if (!el) return;
    pending.current.set(el, Number(el.dataset.page));
    io.current?.observe(el);
  }, []);

  return { lastVisible: last, pageRef: ref };
}
