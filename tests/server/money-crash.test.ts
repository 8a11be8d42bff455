import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPayData } from '../../src/server/services/pay/defaults.js';
import { insertFixtureCatalogue } from './helpers/fixtures.js';
import { checkInvariants, payConfig, type PayConfigRow } from './helpers/money.js';
import {
  balanceOverHttp,
  buyChapterOverHttp,
  payOverHttp,
  registerOverHttp,
  type HttpUser,
} from './helpers/money-http.js';
import {
  createStore,
  startServer,
  stopServer,
  type ServerProcess,
  type ServerStore,
} from './helpers/money-server.js';

const waitUntil = async (probe: () => Promise<boolean>, ms: number) => {
  const end = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
};

describe('crash: SIGKILL the real server under load, restart, nothing acknowledged is lost', () => {
  let store: ServerStore;
  let server: ServerProcess | null = null;
  let chapters: { id: number; price: number }[];
  let coinCfg: PayConfigRow;
  beforeAll(async () => {
    store = await createStore();
    const db = store.open();
    // Books present: the server skips its demo seed (pictures, clips) and starts fast.
    const cat = await insertFixtureCatalogue(db.db, { chaptersPerBook: 20 });
    await seedPayData(db.db);
    chapters = cat.books
      .filter((b) => !b.vipFree)
      .flatMap((b) => b.chapters)
      .filter((c) => c.price > 0);
    coinCfg = await payConfig(db.db, 'coin', 0); // ¥6 → 60 coins
    await db.destroy();
  });
  afterAll(async () => {
    if (server) await stopServer(server, 'SIGKILL');
    await store.drop();
  });

  it(
    'keeps every acknowledged purchase and paid order, and the ledger invariants',
    { timeout: 180_000 },
    async () => {
      server = await startServer(store);
      const base1 = server.base;
      const users: HttpUser[] = [];
      for (let i = 0; i < 8; i++) users.push(await registerOverHttp(base1));
      // Starting coins through real top-ups: cashier, then the server's own notifier.
      for (const u of users) await payOverHttp(base1, u, coinCfg);
      await waitUntil(
        async () => (await Promise.all(users.map((u) => balanceOverHttp(base1, u)))).every((b) => b >= 60),
        20_000,
      );

      const ackedBuys: { userId: number; chapterId: number }[] = [];
      const paidAtCashier: string[] = [];
      let stop = false;
      const worker = async (u: HttpUser, w: number) => {
        let n = w;
        while (!stop) {
          try {
            if (n % 5 === 0) {
              const p = await payOverHttp(base1, u, coinCfg);
              if (p.paidStatus === 303) paidAtCashier.push(p.orderNo);
            } else {
              const ch = chapters[(n * 7 + w) % chapters.length]!;
              const r = await buyChapterOverHttp(base1, u, ch.id);
              if (r.status === 200 && r.body.result && r.body.data!.charged > 0)
                ackedBuys.push({ userId: u.userId, chapterId: ch.id });
            }
          } catch {
            return; // the server died mid-call: that call was never acknowledged
          }
          n += 1;
        }
      };
      const load = Promise.all(users.flatMap((u, i) => [worker(u, i * 2), worker(u, i * 2 + 1)]));
      await waitUntil(async () => ackedBuys.length >= 40, 60_000);
      await new Promise((r) => setTimeout(r, 150)); // mid-flight
      server.child.kill('SIGKILL');
      await server.exited;
      stop = true;
      await load;
      expect(ackedBuys.length).toBeGreaterThanOrEqual(40);

      // Restart on the same data; pending notifications resume from the database.
      server = await startServer(store);
      const base2 = server.base;
      const db = store.open();
      try {
        await waitUntil(async () => {
          const paid = await db.db
            .selectFrom('sandbox_payments')
            .select('out_trade_no')
            .where('status', '=', 'PAID')
            .execute();
          const orders = await db.db
            .selectFrom('recharge_orders')
            .select('out_trade_no')
            .where('status', '=', 'PAID')
            .execute();
          return paid.length === orders.length;
        }, 40_000);
        // The restarted server still sells (a fresh chapter for user 0) and the answer is consistent.
        const owned = new Set(
          (
            await db.db
              .selectFrom('purchases')
              .select('item_id')
              .where('user_id', '=', users[0]!.userId)
              .execute()
          ).map((p) => p.item_id),
        );
        const fresh = chapters.find((c) => !owned.has(c.id));
        if (fresh) expect((await buyChapterOverHttp(base2, users[0]!, fresh.id)).status).toBe(200);
        await stopServer(server);
        server = null;

        for (const b of ackedBuys) {
          const row = await db.db
            .selectFrom('purchases')
            .select('id')
            .where('user_id', '=', b.userId)
            .where('item_type', '=', 'chapter')
            .where('item_id', '=', b.chapterId)
            .executeTakeFirst();
          expect(row, `acknowledged buy ${b.userId}/${b.chapterId}`).toBeDefined();
        }
        for (const orderNo of paidAtCashier) {
          const o = await db.db
            .selectFrom('recharge_orders')
            .select('status')
            .where('out_trade_no', '=', orderNo)
            .executeTakeFirstOrThrow();
          expect(o.status, `order ${orderNo} paid at the cashier`).toBe('PAID');
        }
        await checkInvariants(db.db);
      } finally {
        await db.destroy();
      }
    },
  );
});
