import { describe, expect, it } from 'vitest';
import type { Chapter } from '../../src/contract';
import { DownloadText, formatBytes } from '../../src/contract';
import { checkQuota, DEFAULT_CHAPTER_BYTES, estimateBytes } from '../../src/app/features/downloads/quota';
import type { QueueItem } from '../../src/client/downloads/queue-rules';
import { chooseChapters, isVipActive, readability } from '../../src/app/features/downloads/selection';
import { cleanupPlan, isUnmetered, smartPlan } from '../../src/app/features/downloads/smart';

const ch = (number: number, price: number, alreadyBuy = false): Chapter => ({
  bookId: 1,
  chapterId: 100 + number,
  number,
  title: `第${number}话`,
  cover: '',
  price,
  alreadyBuy,
});
const book = [ch(1, 0), ch(2, 0), ch(3, 20, true), ch(4, 20), ch(5, 25)];
const none = new Set<number>();

describe('chapter selection', () => {
  it('takes free and bought chapters, sets paid unbought ones aside', () => {
    const r = chooseChapters(book, { kind: 'all' }, { vipFree: true, vipActive: false, queued: none });
    expect(r.take.map((c) => c.number)).toEqual([1, 2, 3]);
    expect(r.locked.map((c) => c.number)).toEqual([4, 5]);
  });

  it('a VIP takes a VIP-free book whole; not a book that is not VIP-free', () => {
    expect(
      chooseChapters(book, { kind: 'all' }, { vipFree: true, vipActive: true, queued: none }).take,
    ).toHaveLength(5);
    expect(
      chooseChapters(book, { kind: 'all' }, { vipFree: false, vipActive: true, queued: none }).locked,
    ).toHaveLength(2);
    expect(readability(ch(9, 10), true, true)).toBe('vip');
  });

  it('from the current chapter on, and picked chapters; what is there already is not taken twice', () => {
    const from = chooseChapters(
      book,
      { kind: 'from', number: 2 },
      { vipFree: false, vipActive: false, queued: new Set([2]) },
    );
    expect(from.take.map((c) => c.number)).toEqual([3]);
    expect(from.already.map((c) => c.number)).toEqual([2]);
    const picked = chooseChapters(
      book,
      { kind: 'picked', numbers: [1, 4] },
      { vipFree: false, vipActive: false, queued: none },
    );
    expect(picked.take.map((c) => c.number)).toEqual([1]);
    expect(picked.locked.map((c) => c.number)).toEqual([4]);
  });

  it('reads a VIP end date', () => {
    expect(isVipActive(null, 0)).toBe(false);
    expect(isVipActive('2030-01-01T00:00:00.000Z', Date.parse('2029-12-31T00:00:00Z'))).toBe(true);
    expect(isVipActive('2020-01-01T00:00:00.000Z', Date.parse('2029-12-31T00:00:00Z'))).toBe(false);
  });
});

describe('quota', () => {
  it('estimates from downloaded chapters, else a default', () => {
    expect(estimateBytes(3, [])).toBe(3 * DEFAULT_CHAPTER_BYTES);
    expect(estimateBytes(2, [{ bytes: 100 }, { bytes: 300 }, { bytes: 0 }])).toBe(400);
  });

  it('refuses a download that would pass the quota, with the figures for the message', () => {
    const mb = 1024 * 1024;
    expect(checkQuota({ usage: 10 * mb, quota: 100 * mb }, 50 * mb)).toEqual({ ok: true });
    const v = checkQuota({ usage: 90 * mb, quota: 100 * mb }, 20 * mb);
    expect(v).toEqual({ ok: false, need: 20 * mb, free: 5 * mb });
    if (!v.ok)
      expect(DownloadText.quotaRefused(formatBytes(v.need), formatBytes(v.free))).toContain('20.0 MB');
    // A browser that tells nothing is not refused.
    expect(checkQuota(null, 10 ** 12)).toEqual({ ok: true });
  });
});

const qi = (over: Partial<QueueItem>): QueueItem => ({
  id: `${over.bookId ?? 1}:${over.number ?? 1}`,
  bookId: 1,
  number: 1,
  title: '',
  state: 'done',
  attempts: 0,
  nextAttemptAt: 0,
  bytes: 0,
  pagesDone: 0,
  pagesTotal: 0,
  order: 0,
  createdAt: 0,
  ...over,
});

describe('smart downloads', () => {
  it('counts only Wi-Fi or Ethernet as unmetered; unknown and Save-Data are metered', () => {
    expect(isUnmetered({ type: 'wifi' })).toBe(true);
    expect(isUnmetered({ type: 'ethernet' })).toBe(true);
    expect(isUnmetered({ type: 'cellular' })).toBe(false);
    expect(isUnmetered({ type: 'unknown' })).toBe(false);
    expect(isUnmetered({})).toBe(false);
    expect(isUnmetered(undefined)).toBe(false);
    expect(isUnmetered({ type: 'wifi', saveData: true })).toBe(false);
  });

  const many = (bookId: number) =>
    Array.from({ length: 8 }, (_, k) => ({ ...ch(k + 1, k < 4 ? 0 : 10), bookId }));

  it('takes the next N unread readable chapters of every shelf book, less those there', () => {
    const plan = smartPlan({
      books: [
        { bookId: 1, vipFree: false, chapters: many(1), lastRead: 1 },
        { bookId: 2, vipFree: false, chapters: many(2), lastRead: 0 },
      ],
      count: 3,
      vipActive: false,
      items: [qi({ bookId: 1, number: 2 })],
      ceilingBytes: 10 ** 9,
      chapterBytes: 1,
    });
    // Book 1: after chapter 1 the readable ones are 2, 3, 4 (2 is there). Book 2: 1, 2, 3. Paid 5+ never.
    expect(plan.map((p) => `${p.bookId}:${p.chapter.number}`).sort()).toEqual([
      '1:3',
      '1:4',
      '2:1',
      '2:2',
      '2:3',
    ]);
  });

  it('stops at the ceiling, every book getting its next chapter first', () => {
    const plan = smartPlan({
      books: [
        { bookId: 1, vipFree: false, chapters: many(1), lastRead: 0 },
        { bookId: 2, vipFree: false, chapters: many(2), lastRead: 0 },
      ],
      count: 3,
      vipActive: false,
      items: [qi({ bookId: 9, number: 1, smart: true, bytes: 100 })],
      ceilingBytes: 400,
      chapterBytes: 100,
    });
    expect(plan.map((p) => `${p.bookId}:${p.chapter.number}`)).toEqual(['1:1', '2:1', '1:2']);
  });

  it('cleans up read smart downloads after the chosen age, counting from when the read was seen', () => {
    const day = 86_400_000;
    const items = [
      qi({ bookId: 1, number: 1, smart: true }),
      qi({ bookId: 1, number: 2, smart: true, readSeenAt: 0 }),
      qi({ bookId: 1, number: 3, smart: true, readSeenAt: 0 }), // the chapter being read: kept
      qi({ bookId: 1, number: 1, smart: false, id: 'manual' }),
    ];
    const plan = cleanupPlan(items, new Map([[1, 3]]), 7, 8 * day);
    expect(plan.markRead).toEqual(['1:1']);
    expect(plan.remove).toEqual(['1:2']);
    expect(cleanupPlan(items, new Map([[1, 3]]), 0, 100 * day).remove).toEqual([]);
  });
});
