import { useSyncExternalStore } from 'react';

/**
 * Whether the pay-result prompt is checking its flag or showing: other dialogs that open by themselves
 * (daily sign-in) wait for it, so two dialogs never stack on one screen.
 */
let busy = false;
const listeners = new Set<() => void>();

export function setPayPromptBusy(value: boolean): void {
  if (busy === value) return;
  busy = value;
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};
const snapshot = () => busy;

export const usePayPromptBusy = () => useSyncExternalStore(subscribe, snapshot, snapshot);
