/**
 * The download queue's rules, pure so they are tested alone: the states a chapter goes through, what
 * each event does to it, and which chapters run next.
 *
 *   waiting ──start──▶ running ──finish──▶ done
 *      ▲                  │ ├──locked──▶ locked (a paid chapter not bought: never downloaded)
 *      │                  │ └──fail───▶ failed ──(backoff due)──▶ running … up to MAX_AUTO_TRIES
 *      └──resume/retry── paused / failed            any unfinished ──cancel──▶ cancelled (removed)
 */

export type DownloadState = 'waiting' | 'running' | 'done' | 'failed' | 'paused' | 'locked' | 'cancelled';

export interface QueueItem {
  /** `${bookId}:${number}`. */
  id: string;
  bookId: number;
  number: number;
  title: string;
  /** The chapter's catalogue picture, stored with it so the catalogue shows it offline. */
  cover?: string;
  state: DownloadState;
  /** Failed tries since the last start or manual retry. */
  attempts: number;
  /** Epoch ms before which a failed item is not tried again (0: now). */
  nextAttemptAt: number;
  error?: string;
  /** Decrypted bytes stored so far. */
  bytes: number;
  /** Page images stored, of pagesTotal (0 until the chapter's answer is known). */
  pagesDone: number;
  pagesTotal: number;
  /** The chapter's page image URLs once known (what a delete removes). */
  urls?: string[];
  /** Queue order: lower runs first. */
  order: number;
  createdAt: number;
  doneAt?: number;
  /** Its pictures come by Background Fetch (the browser's own download, which goes on with the app closed). */
  background?: boolean;
  /** Added by smart downloads (its ceiling and cleanup apply to these only). */
  smart?: boolean;
  /** When the reading history was first seen past this chapter (smart cleanup counts from here). */
  readSeenAt?: number;
}

export type QueueEvent =
  | { type: 'start' }
  | { type: 'finish' }
  | { type: 'fail'; error: string; permanent?: boolean }
  | { type: 'locked' }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'retry' }
  | { type: 'cancel' }
  /** The page was reloaded or closed: what was running waits to run again (stored pages are kept). */
  | { type: 'restart' };

/** Automatic tries of a failing chapter before it waits for 重试 (Mihon: 3). */
export const MAX_AUTO_TRIES = 3;
export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_MAX_MS = 60_000;

/** Wait before the next try after `attempts` failures: 2 s, 4 s, 8 s… capped at a minute. */
export const backoffMs = (attempts: number) =>
  Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));

const UNFINISHED: ReadonlySet<DownloadState> = new Set(['waiting', 'running', 'failed', 'paused']);

/** The item after `event`, or the same item when the event does not apply in its state. */
export function transition(item: QueueItem, event: QueueEvent, now: number): QueueItem {
  const s = item.state;
  switch (event.type) {
    case 'start':
      return s === 'waiting' || (s === 'failed' && autoRetryDue(item, now))
        ? { ...item, state: 'running', error: undefined }
        : item;
    case 'finish':
      return s === 'running' ? { ...item, state: 'done', doneAt: now, error: undefined, attempts: 0 } : item;
    case 'locked':
      return s === 'running' ? { ...item, state: 'locked', error: undefined } : item;
    case 'fail': {
      if (s !== 'running') return item;
      const attempts = event.permanent ? MAX_AUTO_TRIES : item.attempts + 1;
      return {
        ...item,
        state: 'failed',
        attempts,
        error: event.error,
        nextAttemptAt: now + backoffMs(attempts),
      };
    }
    case 'pause':
      return s === 'waiting' || s === 'running' || s === 'failed' ? { ...item, state: 'paused' } : item;
    case 'resume':
      return s === 'paused' ? { ...item, state: 'waiting', attempts: 0, nextAttemptAt: 0 } : item;
    case 'retry':
      return s === 'failed' || s === 'paused' || s === 'locked'
        ? { ...item, state: 'waiting', attempts: 0, nextAttemptAt: 0, error: undefined }
        : item;
    case 'cancel':
      return UNFINISHED.has(s) ? { ...item, state: 'cancelled' } : item;
    case 'restart':
      return s === 'running' ? { ...item, state: 'waiting' } : item;
  }
}

/** A failed item tries again by itself once its backoff is over, up to MAX_AUTO_TRIES failures. */
export const autoRetryDue = (item: QueueItem, now: number) =>
  item.state === 'failed' && item.attempts < MAX_AUTO_TRIES && item.nextAttemptAt <= now;

/** The items to start now: waiting ones and failed ones due again, in queue order, up to `parallel` running. */
export function runnable(items: readonly QueueItem[], now: number, parallel: number): QueueItem[] {
  const running = items.filter((i) => i.state === 'running').length;
  const free = Math.max(0, parallel - running);
  if (free === 0) return [];
  return items
    .filter((i) => i.state === 'waiting' || autoRetryDue(i, now))
    .sort((a, b) => a.order - b.order || a.number - b.number)
    .slice(0, free);
}

/** When a failed item becomes due (the queue wakes then), or null when none will by itself. */
export function nextWakeAt(items: readonly QueueItem[]): number | null {
  let at: number | null = null;
  for (const i of items)
    if (i.state === 'failed' && i.attempts < MAX_AUTO_TRIES) at = Math.min(at ?? Infinity, i.nextAttemptAt);
  return at;
}

/** Whether the queue has work it will do by itself (waiting, running, or failed with tries left). */
export const hasPendingWork = (items: readonly QueueItem[]) =>
  items.some(
    (i) =>
      i.state === 'waiting' || i.state === 'running' || (i.state === 'failed' && i.attempts < MAX_AUTO_TRIES),
  );

export interface QueueSummary {
  done: number;
  running: number;
  waiting: number;
  failed: number;
  paused: number;
  locked: number;
  /** Chapters meant to be on the phone (everything but locked). */
  total: number;
  bytes: number;
  /** 0–100 over the chapters meant to be downloaded; pages of running chapters count in part. */
  percent: number;
}

export function summarize(items: readonly QueueItem[]): QueueSummary {
  const s: QueueSummary = {
    done: 0,
    running: 0,
    waiting: 0,
    failed: 0,
    paused: 0,
    locked: 0,
    total: 0,
    bytes: 0,
    percent: 0,
  };
  let progress = 0;
  for (const i of items) {
    if (i.state === 'cancelled') continue;
    s[i.state] += 1;
    s.bytes += i.bytes;
    if (i.state === 'locked') continue;
    s.total += 1;
    progress += i.state === 'done' ? 1 : i.pagesTotal > 0 ? i.pagesDone / i.pagesTotal : 0;
  }
  s.percent = s.total === 0 ? 0 : Math.floor((progress / s.total) * 100);
  return s;
}

export const itemId = (bookId: number, number: number) => `${bookId}:${number}`;
