import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestNodes, type TestNodes } from './helpers/test-nodes.js';

/**
 * Jobs claimed in the database (infra/jobs) under failure: a node must outlive a database error at the
 * end of a run and a queued row it cannot read. An unhandled rejection ends a Node process, so either
 * once took the whole API node down, and a row it could not read took every node down each time its
 * claim lapsed.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(probe: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(20);
  }
}

describe('security: jobs under failure', () => {
  let t: TestNodes | undefined;
  const unhandled: unknown[] = [];
  const onUnhandled = (err: unknown) => unhandled.push(err);
  afterEach(async () => {
    process.off('unhandledRejection', onUnhandled);
    unhandled.length = 0;
    await t?.close();
    t = undefined;
  });

  it(
    'a database error while a one-off run is recorded is logged, never an unhandled rejection',
    { timeout: 30_000 },
    async () => {
      process.on('unhandledRejection', onUnhandled);
      t = await createTestNodes(1);
      const node = t.nodes[0]!;
      const db = node.database.db;
      let ended = false;
      const later: number[] = [];
      node.ctx.jobs.define({
        name: 'outage',
        run: async () => {
          // The database goes away as the run ends: recording its outcome fails.
          await sql`alter table job_queue rename to job_queue_away`.execute(db);
          ended = true;
        },
      });
      node.ctx.jobs.define({ name: 'later', run: async () => void later.push(1) });
      await node.listen();
      await node.ctx.jobs.enqueue('outage');
      await waitFor(() => ended);
      await sleep(300);
      await sql`alter table job_queue_away rename to job_queue`.execute(db);
      await sleep(300);
      expect(unhandled.map(String)).toEqual([]);
      // The node carries on once the database is back.
      await node.ctx.jobs.enqueue('later');
      await waitFor(() => later.length === 1);
    },
  );

  it(
    'a queued run whose payload cannot be read fails once, kept FAILED, without harm to the node',
    { timeout: 30_000 },
    async () => {
      process.on('unhandledRejection', onUnhandled);
      t = await createTestNodes(1);
      const node = t.nodes[0]!;
      const db = node.database.db;
      const ran: unknown[] = [];
      node.ctx.jobs.define({ name: 'render', run: async ({ payload }) => void ran.push(payload) });
      const past = new Date(Date.now() - 1_000).toISOString();
      await db
        .insertInto('job_queue')
        .values({
          name: 'render',
          payload: '{not json',
          dedupe_key: null,
          run_at: past,
          status: 'PENDING',
          attempts: 0,
          claimed_until: null,
          claim_token: null,
          claimed_by: null,
          last_error: null,
          created_at: past,
          finished_at: null,
        })
        .execute();
      await node.listen();
      const row = () =>
        db.selectFrom('job_queue').selectAll().where('name', '=', 'render').executeTakeFirstOrThrow();
      await waitFor(async () => (await row()).status === 'FAILED');
      expect(await row()).toMatchObject({
        attempts: 1,
        claimed_until: null,
        last_error: expect.stringContaining('payload'),
      });
      expect(ran).toEqual([]);
      expect(unhandled.map(String)).toEqual([]);
    },
  );
});
