import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import {
  DrawCancelledError,
  DrawPriority,
  DrawQueue,
  DrawQueueFullError,
} from '../../src/server/demo/draw-queue';

/** A drawing that ends when the test says so, and records that it started. */
function gate(log: string[], name: string) {
  let finish!: () => void;
  let fail!: (e: unknown) => void;
  const ended = new Promise<void>((res, rej) => ((finish = res), (fail = rej)));
  return {
    draw: () => {
      log.push(name);
      return ended;
    },
    finish: () => finish(),
    fail: (e: unknown) => fail(e),
  };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('demo draw queue', () => {
  it('serves a reader’s page right after the drawings under way, whatever one client has queued', async () => {
    const q = new DrawQueue({ parallel: 2, maxWaitingPerClient: 1000, maxWaiting: Infinity });
    const log: string[] = [];
    const flood = Array.from({ length: 300 }, (_, i) => gate(log, `thumb${i}`));
    const floodDone = flood.map((g, i) => q.run(`t${i}`, 'flooder', DrawPriority.thumb, g.draw));
    const page = gate(log, 'page');
    const pageDone = q.run('p1', 'reader', DrawPriority.page, page.draw);
    await tick();
    expect(log).toEqual(['thumb0', 'thumb1']);
    flood[0]!.finish();
    await tick();
    // The next free slot goes to the reader, not to the 298 thumbnails still waiting.
    expect(log).toEqual(['thumb0', 'thumb1', 'page']);
    page.finish();
    await pageDone;
    for (const g of flood) g.finish();
    await Promise.all(floodDone);
    expect(log).toHaveLength(301);
  });

  it('takes clients in turn at equal urgency', async () => {
    const q = new DrawQueue({ parallel: 1, maxWaitingPerClient: 100, maxWaiting: Infinity });
    const log: string[] = [];
    const gates = [
      ...['a1', 'a2', 'a3'].map((n) => ({ n, c: 'A', g: gate(log, n) })),
      ...['b1', 'b2'].map((n) => ({ n, c: 'B', g: gate(log, n) })),
    ];
    const all = gates.map(({ n, c, g }) => q.run(n, c, DrawPriority.thumb, g.draw));
    for (let i = 0; i < gates.length; i++) {
      await tick();
      for (const { g } of gates) g.finish();
    }
    await Promise.all(all);
    expect(log).toEqual(['a1', 'b1', 'a2', 'b2', 'a3']);
  });

  it('refuses a client its drawings beyond its share of waiting places, at once', async () => {
    const q = new DrawQueue({ parallel: 1, maxWaitingPerClient: 3, maxWaiting: Infinity });
    const log: string[] = [];
    const gates = Array.from({ length: 5 }, (_, i) => gate(log, `t${i}`));
    const runs = gates.map((g, i) => q.run(`t${i}`, 'A', DrawPriority.thumb, g.draw));
    // One runs, three wait, the fifth is refused; another client still gets a place.
    await expect(runs[4]).rejects.toBeInstanceOf(DrawQueueFullError);
    const other = gate(log, 'other');
    const otherDone = q.run('o', 'B', DrawPriority.page, other.draw);
    for (const g of gates) g.finish();
    other.finish();
    await Promise.all([...runs.slice(0, 4), otherDone]);
    expect(log).not.toContain('t4');
  });

  it('caps the drawings waiting for all clients together; joining one and drawing ahead still get in', async () => {
    const q = new DrawQueue({ parallel: 1, maxWaitingPerClient: 2, maxWaiting: 4 });
    const log: string[] = [];
    // Six addresses within their own share: one drawing runs, four wait, the sixth is refused.
    const gates = Array.from({ length: 6 }, (_, i) => gate(log, `t${i}`));
    const runs = gates.map((g, i) => q.run(`t${i}`, `client${i}`, DrawPriority.page, g.draw));
    await expect(runs[5]).rejects.toBeInstanceOf(DrawQueueFullError);
    // A picture already waiting adds no work; the ahead job is never turned away.
    const joined = q.run('t2', 'client9', DrawPriority.page, gate(log, 'dup').draw);
    const ahead = gate(log, 'ahead');
    const aheadDone = q.run('a', '(ahead)', DrawPriority.ahead, ahead.draw);
    for (const g of gates) g.finish();
    ahead.finish();
    await Promise.all([...runs.slice(0, 5), joined, aheadDone]);
    expect([...log].sort()).toEqual(['ahead', 't0', 't1', 't2', 't3', 't4']);
  });

  it('drops a drawing whose request was cancelled before it started', async () => {
    const q = new DrawQueue({ parallel: 1, maxWaitingPerClient: 10, maxWaiting: Infinity });
    const log: string[] = [];
    const first = gate(log, 'first');
    const firstDone = q.run('k0', 'A', DrawPriority.thumb, first.draw);
    const abort = new AbortController();
    const cancelled = q.run('k1', 'A', DrawPriority.thumb, gate(log, 'cancelled').draw, abort.signal);
    abort.abort();
    await expect(cancelled).rejects.toBeInstanceOf(DrawCancelledError);
    expect(q.load().waiting).toEqual({});
    first.finish();
    await firstDone;
    await tick();
    expect(log).toEqual(['first']);
  });

  it('leaves no listener on a signal once its drawings are done (one signal serves thousands)', async () => {
    const q = new DrawQueue({ parallel: 2, maxWaitingPerClient: 100, maxWaiting: Infinity });
    const job = new AbortController();
    const log: string[] = [];
    for (let i = 0; i < 20; i++) {
      const g = gate(log, `ahead${i}`);
      const done = q.run(`a${i}`, 'ahead', DrawPriority.ahead, g.draw, job.signal);
      g.finish();
      await done;
    }
    const failing = gate(log, 'failing');
    const failed = q.run('f', 'ahead', DrawPriority.ahead, failing.draw, job.signal);
    failing.fail(new Error('sharp failed'));
    await expect(failed).rejects.toThrow('sharp failed');
    expect(log).toHaveLength(21);
    expect(getEventListeners(job.signal, 'abort')).toHaveLength(0);
  });

  it('keeps a drawing another client still waits for when one asker goes away', async () => {
    const q = new DrawQueue({ parallel: 1, maxWaitingPerClient: 10, maxWaiting: Infinity });
    const log: string[] = [];
    const busy = gate(log, 'busy');
    const busyDone = q.run('busy', 'X', DrawPriority.page, busy.draw);
    const abort = new AbortController();
    const shared = gate(log, 'shared');
    const a = q.run('k', 'A', DrawPriority.thumb, shared.draw, abort.signal);
    const b = q.run('k', 'B', DrawPriority.thumb, gate(log, 'never').draw);
    abort.abort();
    await expect(a).rejects.toBeInstanceOf(DrawCancelledError);
    busy.finish();
    await busyDone;
    await tick();
    shared.finish();
    await b;
    expect(log).toEqual(['busy', 'shared']);
  });

  it('draws a picture asked for by several clients once, and a failure reaches all of them', async () => {
    const q = new DrawQueue({ parallel: 2, maxWaitingPerClient: 10, maxWaiting: Infinity });
    const log: string[] = [];
    const g = gate(log, 'k');
    const runs = ['A', 'B', 'C'].map((c) => q.run('k', c, DrawPriority.page, g.draw));
    await tick();
    const late = q.run('k', 'D', DrawPriority.page, gate(log, 'again').draw);
    g.fail(new Error('sharp failed'));
    for (const r of [...runs, late]) await expect(r).rejects.toThrow('sharp failed');
    expect(log).toEqual(['k']);
    // Once failed, the key may be tried again.
    const retry = gate(log, 'retry');
    const retried = q.run('k', 'A', DrawPriority.page, retry.draw);
    await tick();
    retry.finish();
    await retried;
    expect(log).toEqual(['k', 'retry']);
  });
});
