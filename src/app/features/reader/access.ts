import { Code, type ChapterReadInfo, type ChapterUnpaid } from '../../../contract';
import { ApiError } from '../../lib/api/http';

/** What the reader does with a read_chapter answer (spec §4 Chapter access, §8). */
export type ReadOutcome =
  | { kind: 'show'; info: ChapterReadInfo }
  | { kind: 'buy-now'; unpaid: ChapterUnpaid }
  | { kind: 'buy-dialog'; unpaid: ChapterUnpaid }
  | { kind: 'no-chapter' }
  | { kind: 'congestion' }
  | { kind: 'offline' }
  | { kind: 'failed' };

/** How browsers word a fetch that never got an answer (Chromium, Firefox, Safari). */
const FETCH_FAILED = /failed to fetch|networkerror|load failed/i;

/**
 * A call that never reached the server: the phone says it is offline, or the fetch itself failed (also
 * what the page sees when the service worker has no kept answer to give instead).
 */
export function isOfflineFailure(err: unknown, online: boolean | undefined): boolean {
  return online === false || (err instanceof TypeError && FETCH_FAILED.test(err.message));
}

/**
 * The 999 answer's buy data, checked field by field. Not with the contract's schema: that would bring
 * the schema library into the reader's first load. The type checker keeps this list to the schema's keys.
 */
const UNPAID_FIELDS = {
  bookId: 'number',
  bookName: 'string',
  bookVipFree: 'boolean',
  chapterId: 'number',
  number: 'number',
  title: 'string',
  price: 'number',
  balance: 'number',
  cover: 'string',
} as const satisfies Record<keyof ChapterUnpaid, 'number' | 'string' | 'boolean'>;

export function isChapterUnpaid(data: unknown): data is ChapterUnpaid {
  if (typeof data !== 'object' || data === null) return false;
  const d = data as Record<string, unknown>;
  return Object.entries(UNPAID_FIELDS).every(([k, type]) =>
    type === 'number' ? Number.isInteger(d[k]) : typeof d[k] === type,
  );
}

/** Code 999 buys at once when the book is on the auto-buy list, otherwise opens the buy dialog. */
export function readOutcome(
  answer: { info: ChapterReadInfo } | { error: unknown },
  autoBuy: boolean,
  online: boolean | undefined = globalThis.navigator?.onLine,
): ReadOutcome {
  if ('info' in answer) return { kind: 'show', info: answer.info };
  const err = answer.error;
  if (!(err instanceof ApiError)) return { kind: isOfflineFailure(err, online) ? 'offline' : 'failed' };
  if (err.code === Code.UNPAID) {
    if (!isChapterUnpaid(err.data)) return { kind: 'failed' };
    return autoBuy ? { kind: 'buy-now', unpaid: err.data } : { kind: 'buy-dialog', unpaid: err.data };
  }
  if (err.code === Code.NO_CHAPTER) return { kind: 'no-chapter' };
  if (err.code === Code.CONGESTION) return { kind: 'congestion' };
  return { kind: 'failed' };
}

/** What a buy answer leads to: reload the chapter, or (999, too few coins) the recharge dialog. */
export function buyOutcome(error: unknown): 'bought' | 'recharge' | 'failed' {
  if (error === null || error === undefined) return 'bought';
  return error instanceof ApiError && error.code === Code.UNPAID ? 'recharge' : 'failed';
}

/** 上一章 / 下一章: the target number, or the boundary message key (spec §4). */
export function prevTarget(number: number, lastNumber: number): number | 'first' {
  return number <= 1 || lastNumber <= 0 ? 'first' : lastNumber;
}
export function nextTarget(nextNumber: number): number | 'last' {
  return nextNumber <= 0 ? 'last' : nextNumber;
}

/** Edge slack in px: the menu shows within this distance of the top or the bottom of the scroll. */
export const MENU_EDGE_PX = 48;

/** The reader menu shows at the top or bottom of the scroll and hides while scrolling between. */
export function menuVisible(scrollTop: number, viewportHeight: number, scrollHeight: number): boolean {
  return scrollTop <= MENU_EDGE_PX || scrollTop + viewportHeight >= scrollHeight - MENU_EDGE_PX;
}

/** Each part of a page is 100/count percent wide. */
export const partWidthPercent = (count: number) => 100 / Math.max(1, count);
