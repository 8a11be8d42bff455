import type { ReadPosition } from '../../lib/db';
import {
  reachedEnd,
  resumeSpot,
  sameSpot,
  scrollTopFor,
  spotAt,
  type ChapterSpot,
  type PageBox,
} from './position';

/** A pause in scrolling this long saves the position (and leaving the page or the chapter does at once). */
export const SAVE_IDLE_MS = 400;
/** After landing, the spot is held this long against late layout (fonts, the router's own restoration). */
const HOLD_MS = 1500;

export interface ResumeOptions {
  /** The chapter's list of page boxes (its children, in order). */
  list: HTMLElement;
  /** Whether the reader moved the view by hand since the chapter opened. */
  userMoved: () => boolean;
  /** The device's saved position of this chapter, and saving it (lib/device/read-position). */
  load: () => Promise<ReadPosition | undefined>;
  save: (p: Omit<ReadPosition, 'bookId' | 'number' | 'savedAt'>) => Promise<void>;
  /** Told the page landed on (counted from 0). */
  onLanded: (page: number) => void;
}

/**
 * Lands an opened chapter where it was left, then keeps its position saved while it is read. Landing
 * happens once the saved spot is read from the device, unless the reader scrolled first; it needs only
 * the page boxes, which are reserved before their images arrive. Returns the stop (which saves).
 */
export function startResume({ list, userMoved, load, save, onLanded }: ResumeOptions): () => void {
  type Phase = 'loading' | 'holding' | 'tracking';
  let phase: Phase = 'loading';
  let target: ChapterSpot | null = null;
  let latest: ChapterSpot | null = null;
  let saved: { spot: ChapterSpot; finished: boolean } | null = null;
  // Once the end was on screen the chapter counts as read in this visit, even if scrolled back up.
  let finished = false;
  let pageCount = 0;
  let frame = 0;
  let idle: ReturnType<typeof setTimeout> | undefined;
  let hold: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const measure = (): PageBox[] => {
    const y = window.scrollY;
    return Array.from(list.children, (el) => {
      const r = el.getBoundingClientRect();
      return { top: r.top + y, height: r.height };
    });
  };

  const persist = () => {
    clearTimeout(idle);
    if (!latest || (saved && sameSpot(saved.spot, latest) && saved.finished === finished)) return;
    saved = { spot: latest, finished };
    save({ ...latest, pageCount, finished }).catch((err: unknown) =>
      console.error('[reader] position not saved', err),
    );
  };

  const sample = () => {
    frame = 0;
    if (!list.isConnected) return;
    const boxes = measure();
    const spot = spotAt(boxes, window.scrollY);
    if (!spot) return;
    latest = spot;
    pageCount = boxes.length;
    if (reachedEnd(boxes, window.scrollY, window.innerHeight)) finished = true;
    clearTimeout(idle);
    idle = setTimeout(persist, SAVE_IDLE_MS);
  };

  /** Scrolls to the target; whether the view had to move. */
  const land = (): boolean => {
    if (!target) return false;
    const top = scrollTopFor(target, measure());
    if (top === null || Math.abs(window.scrollY - top) <= 1) return false;
    window.scrollTo({ top, behavior: 'instant' });
    return true;
  };

  const track = () => {
    phase = 'tracking';
    clearTimeout(hold);
    resize.disconnect();
  };

  const onScroll = () => {
    // Scrolls before landing are the app's own (the reader's reset, the router's restoration).
    if (phase === 'loading') return;
    if (phase === 'holding') {
      if (!userMoved()) return void land();
      track();
    }
    if (!frame) frame = requestAnimationFrame(sample);
  };

  const resize = new ResizeObserver(() => {
    if (phase === 'holding') land();
  });

  const flush = () => {
    if (phase !== 'tracking') return;
    if (frame) {
      cancelAnimationFrame(frame);
      sample();
    }
    persist();
  };
  const onHidden = () => {
    if (document.visibilityState === 'hidden') flush();
  };

  window.addEventListener('scroll', onScroll, { passive: true });
  document.addEventListener('visibilitychange', onHidden);
  window.addEventListener('pagehide', flush);

  load().then(
    (row) => {
      if (stopped) return;
      if (row) saved = { spot: { page: row.page, fraction: row.fraction }, finished: row.finished };
      const spot = resumeSpot(row);
      if (!spot || userMoved()) {
        track();
        if (userMoved()) sample();
        return;
      }
      target = spot;
      phase = 'holding';
      // Already there (the router restored it on a back navigation): nothing to announce.
      if (land()) onLanded(spot.page);
      resize.observe(list);
      hold = setTimeout(track, HOLD_MS);
    },
    (err: unknown) => {
      console.error('[reader] position not read', err);
      if (!stopped) track();
    },
  );

  return () => {
    flush();
    stopped = true;
    clearTimeout(hold);
    clearTimeout(idle);
    if (frame) cancelAnimationFrame(frame);
    resize.disconnect();
    window.removeEventListener('scroll', onScroll);
    document.removeEventListener('visibilitychange', onHidden);
    window.removeEventListener('pagehide', flush);
  };
}
