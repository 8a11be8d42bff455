import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { DownloadsDb } from '../../src/client/downloads/queue-db';
import {
  BACKOFF_BASE_MS,
  MAX_AUTO_TRIES,
  backoffMs,
  hasPendingWork,
  nextWakeAt,
  runnable,
  summarize,
  transition,
  type QueueItem,
} from '../../src/client/downloads/queue-rules';
import {
  applyEvent,
  enqueue,
  recordProgress,
  recoverAfterRestart,
} from '../../src/client/downloads/queue-store';

const item = (over: Partial<QueueItem> = {}): QueueItem => ({
  id: '1:1',
  bookId: 1,
  number: 1,
  title: '第1话',
  state: 'waiting',
  attempts: 0,
  nextAttemptAt: 0,
  bytes: 0,
  pagesDone: 0,
  pagesTotal: 0,
  order: 1,
  createdAt: 0,
  ...over,
});

describe('queue state machine', () => {
  it('goes waiting → running → done', () => {
    const running = transition(item(), { type: 'start' }, 10);
    expect(running.state).toBe('running');
    const done = transition(running, { type: 'finish' }, 20);
    expect(done).toMatchObject({ state: 'done', doneAt: 20 });
    // A finished chapter ignores later events that do not apply.
    expect(transition(done, { type: 'start' }, 30)).toBe(done);
    expect(transition(done, { type: 'pause' }, 30)).toBe(done);
  });

  it('retries a failure by itself after a growing backoff, then waits for 重试', () => {
    let it1 = transition(item(), { type: 'start' }, 0);
    it1 = transition(it1, { type: 'fail', error: 'x' }, 1_000);
    expect(it1).toMatchObject({ state: 'failed', attempts: 1, nextAttemptAt: 1_000 + BACKOFF_BASE_MS });
    // Not before its time.
    expect(runnable([it1], 1_000, 2)).toEqual([]);
    expect(transition(it1, { type: 'start' }, 1_500).state).toBe('failed');
    expect(runnable([it1], 1_000 + BACKOFF_BASE_MS, 2)).toHaveLength(1);
    expect(nextWakeAt([it1])).toBe(1_000 + BACKOFF_BASE_MS);
    expect(backoffMs(2)).toBe(2 * BACKOFF_BASE_MS);
    expect(backoffMs(3)).toBe(4 * BACKOFF_BASE_MS);
    expect(backoffMs(20)).toBe(60_000);

    let now = 0;
    let cur = item();
    for (let k = 0; k < MAX_AUTO_TRIES; k++) {
      now = Math.max(now, cur.nextAttemptAt);
      cur = transition(cur, { type: 'start' }, now);
      expect(cur.state).toBe('running');
      cur = transition(cur, { type: 'fail', error: 'net' }, now);
    }
    expect(cur).toMatchObject({ state: 'failed', attempts: MAX_AUTO_TRIES });
    expect(runnable([cur], now + 10 * 60_000, 2)).toEqual([]);
    expect(nextWakeAt([cur])).toBeNull();
    expect(hasPendingWork([cur])).toBe(false);
    // 重试 starts over.
    const again = transition(cur, { type: 'retry' }, now);
    expect(again).toMatchObject({ state: 'waiting', attempts: 0 });
    expect(hasPendingWork([again])).toBe(true);
  });

  it('a permanent failure (no such chapter) is not retried by itself', () => {
    const r = transition(
      transition(item(), { type: 'start' }, 0),
      { type: 'fail', error: '没有', permanent: true },
      0,
    );
    expect(r.attempts).toBe(MAX_AUTO_TRIES);
    expect(runnable([r], 10 ** 9, 2)).toEqual([]);
  });

  it('a locked chapter is marked, never done', () => {
    const r = transition(transition(item(), { type: 'start' }, 0), { type: 'locked' }, 0);
    expect(r.state).toBe('locked');
    expect(summarize([r])).toMatchObject({ locked: 1, total: 0, done: 0 });
    expect(runnable([r], 0, 2)).toEqual([]);
  });

  it('pauses, resumes and cancels; a finished chapter cannot be cancelled', () => {
    const paused = transition(transition(item(), { type: 'start' }, 0), { type: 'pause' }, 0);
    expect(paused.state).toBe('paused');
    expect(runnable([paused], 0, 2)).toEqual([]);
    expect(transition(paused, { type: 'resume' }, 0).state).toBe('waiting');
    expect(transition(paused, { type: 'cancel' }, 0).state).toBe('cancelled');
    const done = item({ state: 'done' });
    expect(transition(done, { type: 'cancel' }, 0)).toBe(done);
  });

  it('runs at most `parallel` chapters, in queue order', () => {
    const items = [
      item({ id: 'a', order: 3 }),
      item({ id: 'b', order: 1 }),
      item({ id: 'c', order: 2 }),
      item({ id: 'd', order: 0, state: 'running' }),
    ];
    expect(runnable(items, 0, 2).map((i) => i.id)).toEqual(['b']);
    expect(runnable(items, 0, 3).map((i) => i.id)).toEqual(['b', 'c']);
  });

  it('sums progress with running chapters counted by their pages', () => {
    const s = summarize([
      item({ state: 'done', bytes: 100 }),
      item({ state: 'running', pagesDone: 1, pagesTotal: 2, bytes: 30 }),
      item({ state: 'waiting' }),
      item({ state: 'failed' }),
    ]);
    expect(s).toMatchObject({ done: 1, running: 1, waiting: 1, failed: 1, total: 4, bytes: 130 });
    expect(s.percent).toBe(37); // (1 + 0.5) / 4
  });
});

describe('queue in the downloads database (fake-indexeddb)', () => {
  const opened: Dexie[] = [];
  const openDb = () => {
    const d = new DownloadsDb(`dl-${Math.random()}`);
    opened.push(d);
    return d;
  };
  afterEach(async () => {
    const names = new Set(opened.map((d) => d.name));
    for (const d of opened.splice(0)) d.close();
    for (const n of names) await Dexie.delete(n);
  });
  const book = { bookId: 5, title: '书', cover: '/c.img', vipFree: true, chapters: [] };

  it('adds chapters once, in order, after what is already queued', async () => {
    const db = openDb();
    expect(
      await enqueue(
        book,
        [
          { number: 1, title: '1' },
          { number: 2, title: '2' },
        ],
        {},
        db,
      ),
    ).toBe(2);
    expect(
      await enqueue(
        book,
        [
          { number: 2, title: '2' },
          { number: 3, title: '3' },
        ],
        {},
        db,
      ),
    ).toBe(1);
    const items = await db.items.orderBy('order').toArray();
    expect(items.map((i) => [i.number, i.state])).toEqual([
      [1, 'waiting'],
      [2, 'waiting'],
      [3, 'waiting'],
    ]);
    expect((await db.books.get(5))?.title).toBe('书');
  });

  it('resumes after a restart: a chapter cut off mid-way waits again with its stored pages counted', async () => {
    const name = `dl-restart-${Math.random()}`;
    const first = new DownloadsDb(name);
    opened.push(first);
    await enqueue(
      book,
      [
        { number: 1, title: '1' },
        { number: 2, title: '2' },
      ],
      {},
      first,
    );
    await applyEvent('5:1', { type: 'start' }, {}, first);
    expect(
      await recordProgress('5:1', { pagesDone: 3, bytes: 900, pagesTotal: 8, urls: ['/a'] }, first),
    ).toBe(true);
    first.close(); // the page is reloaded

    const second = new DownloadsDb(name);
    opened.push(second);
    await recoverAfterRestart(second);
    const after = await second.items.get('5:1');
    expect(after).toMatchObject({ state: 'waiting', pagesDone: 3, pagesTotal: 8, urls: ['/a'] });
    expect(runnable(await second.items.toArray(), Date.now(), 2).map((i) => i.id)).toEqual(['5:1', '5:2']);
  });

  it('a pause wins over the runner: progress of a paused chapter is not written', async () => {
    const db = openDb();
    await enqueue(book, [{ number: 1, title: '1' }], {}, db);
    await applyEvent('5:1', { type: 'start' }, {}, db);
    await applyEvent('5:1', { type: 'pause' }, {}, db);
    expect(await recordProgress('5:1', { pagesDone: 1, bytes: 10 }, db)).toBe(false);
    // finishing a paused chapter does nothing either
    expect((await applyEvent('5:1', { type: 'finish' }, {}, db))?.state).toBe('paused');
  });
});
