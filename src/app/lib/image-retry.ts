/**
 * When a picture that failed for now (app/components/SecureImage.tsx) is worth trying again: the service
 * worker took the page over (it answers pictures from then on), the browser came back online, or the
 * picture's box came back into view after the visitor had scrolled it away. Never on a timer, so a
 * picture that keeps failing is not asked for in a loop.
 */

/** What the triggers are read from: the browser's own objects, or stand-ins in a test. */
export interface RetryEnv {
  /** Fires 'online' (window). */
  window: EventTarget;
  /** Fires 'controllerchange' (navigator.serviceWorker), where there is one. */
  worker?: EventTarget;
  online: () => boolean;
  /** Calls back with whether the element is in (or near) the view, first at once; answers a stop. */
  watchView?: (el: Element, inView: (yes: boolean) => void) => () => void;
}

function browserEnv(): RetryEnv {
  const hasWorker = typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
  return {
    window,
    worker: hasWorker ? navigator.serviceWorker : undefined,
    online: () => navigator.onLine !== false,
    watchView:
      typeof IntersectionObserver === 'undefined'
        ? undefined
        : (el, inView) => {
            const io = new IntersectionObserver((es) => inView(es.some((e) => e.isIntersecting)), {
              rootMargin: '200px 0px',
            });
            io.observe(el);
            return () => io.disconnect();
          },
  };
}

/**
 * Calls `retry` once, at the first trigger, then stops listening; the answer stops listening before
 * that. Coming into view counts only after the box was seen out of view (the observer's first report
 * is the state at the time of failing) and while the browser is online.
 */
export function onceWorthRetrying(
  box: Element | null,
  retry: () => void,
  env: RetryEnv = browserEnv(),
): () => void {
  let done = false;
  let seenOut = false;
  let stopView: (() => void) | undefined;
  const stop = () => {
    done = true;
    env.window.removeEventListener('online', fire);
    env.worker?.removeEventListener('controllerchange', fire);
    stopView?.();
  };
  function fire() {
    if (done) return;
    stop();
    retry();
  }
  env.window.addEventListener('online', fire);
  env.worker?.addEventListener('controllerchange', fire);
  if (box && env.watchView)
    stopView = env.watchView(box, (inView) => {
      if (!inView) seenOut = true;
      else if (seenOut && env.online()) fire();
    });
  // The observer may have reported (and fired) before its stop was kept.
  if (done) stopView?.();
  return stop;
}
