import { PRERENDER_ELEMENT_ID } from '../../contract';

/**
 * A landing page may arrive with its first screen rendered by the server (server/http/app-document.ts,
 * in #prerender) while the app renders the same screen, unpainted, into #root. Once the app's screen is
 * as tall as the server's (its first answers are in) and no part of it is still to come in a later task
 * (InLaterTask), the two swap in one frame: the prerender goes, and #root — laid out in the same place
 * all along — shows. Nothing moves on the screen.
 */
/** Never show the server's copy longer than this, even if the app's screen stays shorter. */
const MAX_WAIT_MS = 4000;

let holds = 0;
let recheck: (() => void) | undefined;
let markHandedOver: () => void = () => undefined;
const handedOverOnce = new Promise<void>((resolve) => (markHandedOver = resolve));

/** Whether the server's first screen is still shown (the app renders unseen behind it). */
export const handoverPending = () =>
  typeof document !== 'undefined' && document.getElementById(PRERENDER_ELEMENT_ID) !== null;

/** Settles once the app's screen shows: at once where no server's screen is up. */
export const handedOver = (): Promise<void> => (handoverPending() ? handedOverOnce : Promise.resolve());

/** Keeps the server's screen up until the returned release is called (once; later calls do nothing). */
export function holdHandover(): () => void {
  holds++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds--;
    // After the frame's own layout: a release that changes no size gets no ResizeObserver call.
    if (holds === 0 && recheck) requestAnimationFrame(recheck);
  };
}

export function handOverPrerender(root: HTMLElement) {
  const pre = document.getElementById(PRERENDER_ELEMENT_ID);
  if (!pre) return;
  const check = () => {
    if (holds === 0 && root.offsetHeight > 0 && root.offsetHeight >= pre.offsetHeight - 1) done();
  };
  // Told of size changes by the browser after its own layout, instead of forcing one every frame.
  const sizes = new ResizeObserver(check);
  const timer = setTimeout(() => done(), MAX_WAIT_MS);
  function done() {
    sizes.disconnect();
    clearTimeout(timer);
    recheck = undefined;
    pre?.remove();
    markHandedOver();
  }
  recheck = check;
  sizes.observe(root);
}
