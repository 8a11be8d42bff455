import { useEffect, useState, useSyncExternalStore } from 'react';

/** Any modal dialog on the page: ours (components/Dialog) and any other that declares itself modal. */
const MODAL = '[role="dialog"][aria-modal="true"], [role="alertdialog"][aria-modal="true"]';

const anyModalOpen = () => typeof document !== 'undefined' && document.querySelector(MODAL) !== null;

const listeners = new Set<() => void>();
let observer: MutationObserver | null = null;
/** Known while observed: every DOM change of a booting screen would otherwise query the page per listener. */
let open = false;

const snapshot = () => (observer ? open : anyModalOpen());

/** One observer for every subscriber; it watches the DOM only while someone listens. */
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!observer) {
    open = anyModalOpen();
    observer = new MutationObserver(() => {
      const now = anyModalOpen();
      if (now === open) return;
      open = now;
      listeners.forEach((l) => l());
    });
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['role', 'aria-modal'],
    });
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      observer?.disconnect();
      observer = null;
    }
  };
}

/** Whether a modal dialog (`[role=dialog][aria-modal=true]`) is open anywhere on the page. */
export function useModalOpen(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}

/**
 * True once `busy` has been false for `ms` without a break: an offer waits for the screen to settle
 * (a dialog that opens right after the first paint, one that follows another) instead of flashing.
 */
export function useQuietFor(busy: boolean, ms: number): boolean {
  const [quiet, setQuiet] = useState(false);
  // Busy again: the wait starts over once it ends.
  if (busy && quiet) setQuiet(false);
  useEffect(() => {
    if (busy) return;
    const t = setTimeout(() => setQuiet(true), ms);
    return () => clearTimeout(t);
  }, [busy, ms]);
  return quiet && !busy;
}
