import { ALERT_MS } from '../../contract';

export interface AlertOptions {
  title?: string;
  /** How long it stays (ms); 0 keeps it until tapped. Default ALERT_MS (spec §9: 3 s). */
  duration?: number;
  onClose?: () => void;
}

export interface Notice {
  id: number;
  kind: 'toast' | 'alert';
  msg: string;
  title?: string;
  duration: number;
  onClose?: () => void;
}

type Listener = () => void;
let notices: readonly Notice[] = [];
let seq = 0;
const listeners = new Set<Listener>();
const emit = () => listeners.forEach((l) => l());

export const subscribeNotices = (l: Listener) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};
export const getNotices = () => notices;

export function dismissNotice(id: number) {
  const n = notices.find((x) => x.id === id);
  if (!n) return;
  notices = notices.filter((x) => x !== n);
  emit();
  n.onClose?.();
}

/** A short message at the bottom; gone after 3 s with a fade (e.g. 复制成功). */
export function showToast(msg: string): void {
  // Only the newest toast is shown: a burst of taps does not stack messages.
  notices = [
    ...notices.filter((n) => n.kind !== 'toast'),
    { id: ++seq, kind: 'toast', msg, duration: ALERT_MS },
  ];
  emit();
}

/** A centred message box (3 s by default, tap to close); resolves when it is gone. */
export function showAlert(msg: string, opts: AlertOptions = {}): Promise<void> {
  return new Promise((resolve) => {
    const onClose = () => {
      opts.onClose?.();
      resolve();
    };
    notices = [
      ...notices,
      { id: ++seq, kind: 'alert', msg, title: opts.title, duration: opts.duration ?? ALERT_MS, onClose },
    ];
    emit();
  });
}
