import { afterEach, describe, expect, it } from 'vitest';
import type { JobContext } from '../../src/server/ports/jobs.js';
import { createTestNodes, type TestNodes } from './helpers/test-nodes.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(probe: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(20);
  }
}

interface RunRecord {
  node: number;
  start: number;
  end: number;
  payload?: unknown;
}

/** Jobs on two API nodes sharing one database (SQLite file, or PostgreSQL with TEST_DATABASE_URL). */
describe('jobs claimed in the database', () => {
  let t: TestNodes | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const schedule = (name: string) =>
    t!.nodes[0]!.database.db.selectFrom('job_schedules')
      .selectAll()
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
  const queued = (name: string) =>
    t!.nodes[0]!.database.db.selectFrom('job_queue').selectAll().where('name', '=', name).execute();

  it('two started nodes run each due run of a recurring job once', { timeout: 30_000 }, async () => {
    t = await createTestNodes(2);
    const runs: RunRecord[] = [];
    const EVERY = 300;
    t.nodes.forEach((n, node) =>
      n.ctx.jobs.define({
        name: 'tick',
        everyMs: EVERY,
        async run() {
          const start = Date.now();
          await sleep(60); // long enough for the other node to try the same run meanwhile
          runs.push({ node, start, end: Date.now() });
        },
      }),
    );
    await Promise.all(t.nodes.map((n) => n.listen()));
    await sleep(3_000);
    await Promise.all(t.nodes.map((n) => n.ctx.jobs.stop()));
    // About one run per period: never two for one due time, and never two at once.
    expect(runs.length).toBeGreaterThanOrEqual(5);
    expect(runs.length).toBeLessThanOrEqual(Math.ceil(3_000 / EVERY) + 1);
    runs.sort((a, b) => a.start - b.start);
    for (let i = 1; i < runs.length; i++) {
      expect(runs[i]!.start).toBeGreaterThanOrEqual(runs[i - 1]!.end);
      // Claims are EVERY apart; the run's own start lags its claim by a database round trip or two.
      expect(runs[i]!.start - runs[i - 1]!.start).toBeGreaterThanOrEqual(EVERY - 100);
    }
    const row = await schedule('tick');
    expect(row).toMatchObject({ runs: runs.length, claimed_until: null, last_error: null });
  });

  it(
    'a run claimed by a node that died is taken over once its lease lapsed',
    { timeout: 30_000 },
    async () => {
      t = await createTestNodes(1);
      const [node] = t.nodes as [TestNodes['nodes'][0]];
      const db = node.database.db;
      const runs: number[] = [];
      const oneOffs: unknown[] = [];
      node.ctx.jobs.define({
        name: 'report',
        everyMs: 100,
        leaseMs: 1_000,
        run: async () => void runs.push(Date.now()),
      });
      node.ctx.jobs.define({
        name: 'render',
        leaseMs: 1_000,
        run: async ({ payload }: JobContext) => void oneOffs.push(payload),
      });
      // What a node leaves behind when it is killed mid-run: claims that nobody renews any more.
      const lapses = Date.now() + 1_200;
      const dead = {
        claimed_until: new Date(lapses).toISOString(),
        claim_token: 'dead',
        claimed_by: 'gone:1:x',
      };
      const past = new Date(Date.now() - 1_000).toISOString();
      await db
        .insertInto('job_schedules')
        .values({
          name: 'report',
          next_at: past,
          ...dead,
          last_started_at: past,
          last_finished_at: null,
          last_error: null,
        })
        .execute();
      await db
        .insertInto('job_queue')
        .values({
          name: 'render',
          payload: JSON.stringify({ page: 7 }),
          dedupe_key: null,
          run_at: past,
          status: 'PENDING',
          attempts: 1,
          ...dead,
          last_error: null,
          created_at: past,
          finished_at: null,
        })
        .execute();
      await node.listen();
      await sleep(700);
      // While the dead node's claims hold, nobody runs the work…
      expect(runs).toEqual([]);
      expect(oneOffs).toEqual([]);
      // …once they lapse, a live node takes both over.
      await waitFor(() => runs.length > 0 && oneOffs.length > 0);
      expect(runs[0]!).toBeGreaterThanOrEqual(lapses - 5);
      expect(oneOffs).toEqual([{ page: 7 }]);
      await waitFor(async () => (await queued('render')).length === 0); // done, and not kept without a key
    },
  );

  it('stop aborts a long run and waits for it; its claims are released', { timeout: 30_000 }, async () => {
    t = await createTestNodes(1);
    const [node] = t.nodes as [TestNodes['nodes'][0]];
    const seen: string[] = [];
    const longRun =
      (label: string) =>
      async ({ signal }: JobContext) => {
        seen.push(`${label} started`);
        await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
        await sleep(100); // a last step after the abort: stop must wait for it
        seen.push(`${label} stopped`);
        signal.throwIfAborted(); // not done: say so
      };
    node.ctx.jobs.define({ name: 'long', everyMs: 60_000, run: longRun('recurring') });
    node.ctx.jobs.define({ name: 'long-once', run: longRun('one-off') });
    await node.listen();
    await node.ctx.jobs.enqueue('long-once', { n: 1 });
    await waitFor(() => seen.length === 2);
    await node.app.close(); // the server's onClose stops the jobs
    expect(seen.sort()).toEqual([
      'one-off started',
      'one-off stopped',
      'recurring started',
      'recurring stopped',
    ]);
    expect(await schedule('long')).toMatchObject({ claimed_until: null, claim_token: null });
    // The cut-short one-off is due again at once for any node, its try not counted.
    expect(await queued('long-once')).toMatchObject([
      { status: 'PENDING', claimed_until: null, attempts: 0, payload: '{"n":1}' },
    ]);
  });

  it('a one-off enqueued under one dedupe key from both nodes runs once', { timeout: 30_000 }, async () => {
    t = await createTestNodes(2);
    const runs: RunRecord[] = [];
    t.nodes.forEach((n, node) =>
      n.ctx.jobs.define({
        name: 'draw',
        async run({ payload }) {
          runs.push({ node, start: Date.now(), end: Date.now(), payload });
        },
      }),
    );
    await Promise.all(t.nodes.map((n) => n.listen()));
    const answers = await Promise.all(
      [0, 1, 0, 1].map((i) => t!.nodes[i]!.ctx.jobs.enqueue('draw', { cover: 3 }, { dedupeKey: 'cover-3' })),
    );
    expect(answers.filter(Boolean)).toHaveLength(1);
    await waitFor(() => runs.length === 1);
    await sleep(1_500); // a poll of both nodes later, still once
    expect(runs.map((r) => r.payload)).toEqual([{ cover: 3 }]);
    expect(await queued('draw')).toMatchObject([{ status: 'DONE', dedupe_key: 'cover-3', attempts: 1 }]);
    // Done, the key still answers: nothing runs again.
    expect(await t.nodes[1]!.ctx.jobs.enqueue('draw', { cover: 3 }, { dedupeKey: 'cover-3' })).toBe(false);
    // Without a key every enqueue is a run of its own.
    await t.nodes[0]!.ctx.jobs.enqueue('draw', { page: 1 });
    await t.nodes[0]!.ctx.jobs.enqueue('draw', { page: 1 });
    await waitFor(() => runs.length === 3);
  });

  it(
    'a one-off waits for its runAt; a failing one is tried again, then kept FAILED',
    { timeout: 30_000 },
    async () => {
      t = await createTestNodes(1);
      const [node] = t.nodes as [TestNodes['nodes'][0]];
      const ran: number[] = [];
      let tries = 0;
      node.ctx.jobs.define({ name: 'later', run: async () => void ran.push(Date.now()) });
      node.ctx.jobs.define({
        name: 'broken',
        maxAttempts: 1,
        run: async () => {
          tries++;
          throw new Error('provider down');
        },
      });
      await node.listen();
      const runAt = Date.now() + 800;
      await node.ctx.jobs.enqueue('later', undefined, { runAt: new Date(runAt) });
      await node.ctx.jobs.enqueue('broken');
      await waitFor(() => ran.length === 1);
      expect(ran[0]!).toBeGreaterThanOrEqual(runAt);
      expect(tries).toBe(1);
      expect(await queued('broken')).toMatchObject([
        { status: 'FAILED', attempts: 1, last_error: expect.stringContaining('provider down') },
      ]);
    },
  );

  it('runNow runs a job here, claimed, on a node that never listens (app.inject tests)', async () => {
    t = await createTestNodes(1);
    const [node] = t.nodes as [TestNodes['nodes'][0]];
    let count = 0;
    node.ctx.jobs.define({ name: 'count', everyMs: 60_000, run: async () => void count++ });
    node.ctx.jobs.define({
      name: 'fail',
      run: async () => {
        throw new Error('nope');
      },
    });
    await node.ctx.jobs.runNow('count');
    await node.ctx.jobs.runNow('count'); // ahead of its schedule: runNow does not wait for it
    expect(count).toBe(2);
    expect(await schedule('count')).toMatchObject({ runs: 2, claimed_until: null });
    await expect(node.ctx.jobs.runNow('fail')).rejects.toThrow('nope');
    await expect(node.ctx.jobs.runNow('missing')).rejects.toThrow(/no job named missing/);
    // Not listening, nothing else runs: runSoon asks only a started node.
    node.ctx.jobs.runSoon('count');
    await sleep(200);
    expect(count).toBe(2);
  });

  it(
    'runSoon runs a recurring job ahead of its schedule on the node that asked',
    { timeout: 30_000 },
    async () => {
      t = await createTestNodes(2);
      const runs: RunRecord[] = [];
      t.nodes.forEach((n, node) =>
        n.ctx.jobs.define({
          name: 'deliver',
          everyMs: 60_000,
          async run() {
            runs.push({ node, start: Date.now(), end: Date.now() });
          },
        }),
      );
      await Promise.all(t.nodes.map((n) => n.listen()));
      await waitFor(() => runs.length === 1); // the first run, due at start
      const asked = Date.now();
      t.nodes[1]!.ctx.jobs.runSoon('deliver');
      await waitFor(() => runs.length === 2, 2_000);
      expect(runs[1]!).toMatchObject({ node: 1 });
      expect(runs[1]!.start - asked).toBeLessThan(500);
    },
  );
});
