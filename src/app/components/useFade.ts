import { useEffect, useState } from 'react';
import { DIALOG_FADE_STEP, DIALOG_FADE_TICK_MS } from '../../contract';

/** Opacity after one fade tick (spec §9: 5% per 15 ms), never below 0. */
export const nextFadeOpacity = (o: number) => Math.max(0, Math.round((o - DIALOG_FADE_STEP) * 100) / 100);

/**
 * Shown at full opacity while `open`; once closed, fades out step by step and then unmounts.
 * Returns whether to render and at what opacity.
 */
export function useFade(open: boolean): { mounted: boolean; opacity: number } {
  const [prevOpen, setPrevOpen] = useState(open);
  const [opacity, setOpacity] = useState(open ? 1 : 0);
  if (open !== prevOpen) {
    setPrevOpen(open);
    if (open) setOpacity(1);
  }
  useEffect(() => {
    if (open || opacity <= 0) return;
    const t = setTimeout(() => setOpacity(nextFadeOpacity), DIALOG_FADE_TICK_MS);
    return () => clearTimeout(t);
  }, [open, opacity]);
  return { mounted: open || opacity > 0, opacity: open ? 1 : opacity };
}
