import type { Chapter } from '../../../contract';
import type { QueueItem } from '../../../client/downloads/queue-rules';
import { readability } from './selection';

/**
 * Smart downloads: keep the next N unread readable chapters of every shelf book on the phone, on an
 * unmetered connection only, within a ceiling the user sets; read chapters it downloaded are removed
 * after a chosen age.
 */

export interface SmartSettings {
  enabled: boolean;
  /** Chapters ahead per book. */
  count: number;
  /** Bytes smart downloads may use in all. */
  ceilingBytes: number;
  /** Days after a chapter was read before its smart download is removed (0: never). */
  cleanupDays: number;
}

export const DEFAULT_SMART: SmartSettings = {
  enabled: false,
  count: 3,
  ceilingBytes: 500 * 1024 * 1024,
  cleanupDays: 7,
};
export const SMART_COUNTS = [1, 2, 3, 5, 10] as const;
export const SMART_CEILINGS_MB = [200, 500, 1024, 2048] as const;
export const CLEANUP_DAYS = [1, 7, 30, 0] as const;

export interface ConnectionLike {
  type?: string;
  saveData?: boolean;
}

/** Wi-Fi or Ethernet as the browser tells it; anything else, or not told, counts as metered. */
export function isUnmetered(conn: ConnectionLike | undefined | null): boolean {
  if (!conn || conn.saveData) return false;
  return conn.type === 'wifi' || conn.type === 'ethernet';
}

export interface SmartBook {
  bookId: number;
  vipFree: boolean;
  chapters: readonly Chapter[];
  /** Last chapter number opened (0: never read). */
  lastRead: number;
}

export interface SmartPlanInput {
  books: readonly SmartBook[];
  count: number;
  vipActive: boolean;
  /** Every queue item (any state), to know what is there already. */
  items: readonly QueueItem[];
  ceilingBytes: number;
  /** Expected bytes of one chapter. */
  chapterBytes: number;
}

/**
 * The chapters to add: per book the first `count` readable chapters after the last one read, less
 * those already there; taken one per book in turn so every book gets its next chapter before any gets
 * its third, until the ceiling (smart downloads' bytes plus the expected new ones) would be passed.
 */
export function smartPlan(input: SmartPlanInput): Array<{ bookId: number; chapter: Chapter }> {
  const have = new Set(input.items.map((i) => `${i.bookId}:${i.number}`));
  let used = input.items
    .filter((i) => i.smart && i.state !== 'cancelled')
    .reduce((s, i) => s + Math.max(i.bytes, i.state === 'done' ? 0 : input.chapterBytes), 0);
  const wanted = input.books.map((b) =>
    [...b.chapters]
      .sort((x, y) => x.number - y.number)
      .filter((c) => c.number > b.lastRead && readability(c, b.vipFree, input.vipActive) !== 'locked')
      .slice(0, Math.max(0, input.count))
      .filter((c) => !have.has(`${b.bookId}:${c.number}`))
      .map((chapter) => ({ bookId: b.bookId, chapter })),
  );
  const out: Array<{ bookId: number; chapter: Chapter }> = [];
  for (let round = 0; wanted.some((w) => w.length > round); round++) {
    for (const w of wanted) {
      const next = w[round];
      if (!next) continue;
      if (used + input.chapterBytes > input.ceilingBytes) return out;
      used += input.chapterBytes;
      out.push(next);
    }
  }
  return out;
}

export interface CleanupPlan {
  /** Smart downloads the history has just moved past: their age starts now. */
  markRead: string[];
  /** Smart downloads read longer ago than the chosen age. */
  remove: string[];
}

/** `lastRead` maps a book to the last chapter number opened. */
export function cleanupPlan(
  items: readonly QueueItem[],
  lastRead: ReadonlyMap<number, number>,
  cleanupDays: number,
  now: number,
): CleanupPlan {
  const plan: CleanupPlan = { markRead: [], remove: [] };
  for (const i of items) {
    if (!i.smart || i.state !== 'done') continue;
    const read = (lastRead.get(i.bookId) ?? 0) > i.number;
    if (!read) continue;
    if (i.readSeenAt === undefined) plan.markRead.push(i.id);
    else if (cleanupDays > 0 && now - i.readSeenAt >= cleanupDays * 86_400_000) plan.remove.push(i.id);
  }
  return plan;
}
