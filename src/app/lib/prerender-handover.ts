import { PRERENDER_ELEMENT_ID } from '../../contract';

/**
 * A landing page may arrive with its first screen rendered by the server (server/http/app-document.ts,
 * in #prerender) while the app renders the same screen, unpainted, into #root. Once the app's screen is
 * as tall as the server's (its first answers are in), the two swap in one frame: the prerender goes,
 * and #root — laid out in the same place all along — shows. Nothing moves on the screen.
 */
/** Never show the server's copy longer than this, even if the app's screen stays shorter. */
const MAX_WAIT_MS = 4000;

export function handOverPrerender(root: HTMLElement) {
  const pre = document.getElementById(PRERENDER_ELEMENT_ID);
  if (!pre) return;
  // Told of size changes by the browser after its own layout, instead of forcing one every frame.
  const sizes = new ResizeObserver(() => {
    if (root.offsetHeight > 0 && root.offsetHeight >= pre.offsetHeight - 1) done();
  });
  const timer = setTimeout(() => done(), MAX_WAIT_MS);
  function done() {
    sizes.disconnect();
    clearTimeout(timer);
    pre?.remove();
  }
  sizes.observe(root);
}
