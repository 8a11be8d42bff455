import { Suspense, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders its children once the screen has painted and the browser is idle: for what the first screen
 * does not show (dialogs that open later, prompts), so their code is fetched and evaluated after the
 * first paint instead of before it. Children may be lazy components.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancelIdle = () => {};
    // Two frames: the first paint has happened; then idle time (or a short timeout where unsupported).
    const frame = requestAnimationFrame(() => {
      if (typeof requestIdleCallback === 'function') {
        const id = requestIdleCallback(() => setReady(true), { timeout: 1500 });
        cancelIdle = () => cancelIdleCallback(id);
      } else {
        const id = window.setTimeout(() => setReady(true), 50);
        cancelIdle = () => clearTimeout(id);
      }
    });
    return () => {
      cancelAnimationFrame(frame);
      cancelIdle();
    };
  }, []);
  return ready ? <Suspense fallback={null}>{children}</Suspense> : null;
}
