import { useLayoutEffect, useState, type ReactNode } from 'react';
import { handoverPending, holdHandover } from '../lib/prerender-handover';
import { isPrerendering } from '../lib/prerendering';

/**
 * Its children rendered in a task of their own, after the one that renders the screen around them —
 * only while the app is taking over from the server's first screen (unseen behind it, which stays up
 * until they are in: prerender-handover.ts). On a phone's CPU the first render of a whole screen was
 * one long task; in parts, no part is. Everywhere else (the server's render, a screen opened in the
 * app) the children render at once, as usual.
 */
export function InLaterTask({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(() => isPrerendering() || !handoverPending());
  useLayoutEffect(() => {
    if (ready) return;
    // Released as the children are committed (this effect's clean-up on `ready`), or on unmount.
    const release = holdHandover();
    const timer = setTimeout(() => setReady(true));
    return () => {
      clearTimeout(timer);
      release();
    };
  }, [ready]);
  return ready ? children : null;
}
