import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Kysely } from 'kysely';
import { migrateToLatest, openDatabase } from '../../src/server/db/database.js';
import type { DB } from '../../src/server/db/schema.js';
import { seedPayData } from '../../src/server/services/pay/defaults.js';
import { applyCoins } from '../../src/server/services/ledger.js';
import { notificationFields } from '../../src/server/services/pay/sandbox/provider.js';
import { createSession } from '../../src/server/services/session.js';
import { moneyViolations } from '../server/helpers/money-invariants.js';
import { startServer } from './server.js';

const TRACE = 'bench-money-0001';
const PAY_SECRET = `bench-${randomBytes(8).toString('hex')}`;
const USERS = 500;
const CHAPTERS = 6;
const PRICE = 10;
const ORDERS = 2000;
const CONNECTIONS = 50;

interface Prepared {
  tokens: string[];
  userIds: number[];
  chapterIds: number[];
  notifications: string[];
}

/** A catalogue of one book, USERS users with sessions and coins for every chapter, ORDERS open orders. */
async function prepare(db: Kysely<DB>): Promise<Prepared> {
  const now = new Date().toISOString();
  await seedPayData(db);
  const cat = await db
    .insertInto('categories')
    .values({ name: '基准', sort: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const book = await db
    .insertInto('books')
    .values({
      title: '基准之书',
      author: 'bench',
      cover_hash: '0'.repeat(64),
      hori_cover_hash: '0'.repeat(64),
      publish_status: 'serialize',
      recommend: 0,
      read_count: 0,
      week_read_count: 0,
      vip_free: 0,
      three_d: 0,
      search_text: '',
      abstract: '',
      category_id: cat.id,
      chapter_count: CHAPTERS,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const chapters = await db
    .insertInto('chapters')
    .values(
      Array.from({ length: CHAPTERS }, (_, i) => ({
        book_id: book.id,
        number: i + 1,
        title: `第${i + 1}话`,
        cover_hash: '0'.repeat(64),
        price: PRICE,
        pic_split_count: 1,
        content: '',
        updated_at: now,
      })),
    )
    .returning('id')
    .execute();
  const tokens: string[] = [];
  const userIds: number[] = [];
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < USERS; i++) {
      const u = await trx
        .insertInto('users')
        .values({
          account: `b${i}${randomBytes(4).toString('hex')}`,
          password_hash: 'x',
          visitor_id: `v${i}`,
          branch_id: 0,
          mobile: null,
          from_domain: null,
          device_id: null,
          vip_end_at: null,
          balance: 0,
          vip_type: 'none',
          recharged: 0,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      userIds.push(u.id);
      tokens.push(await createSession(trx, u.id));
      await applyCoins(trx, {
        userId: u.id,
        amount: CHAPTERS * PRICE,
        kind: 'recharge',
        refType: 'bench_grant',
        refId: u.id,
        at: new Date(),
      });
    }
  });
  const cfg = await db
    .selectFrom('pay_configs')
    .selectAll()
    .where('type', '=', 'coin')
    .orderBy('sort')
    .executeTakeFirstOrThrow();
  const notifications: string[] = [];
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < ORDERS; i++) {
      const outTradeNo = `IRBENCH${String(i).padStart(8, '0')}`;
      const tradeNo = `SB${randomBytes(16).toString('hex')}`;
      await trx
        .insertInto('recharge_orders')
        .values({
          out_trade_no: outTradeNo,
          user_id: userIds[i % USERS]!,
          device_id: null,
          pay_config_id: cfg.id,
          pay_channel: 'alipay_wap',
          purpose: 'coin',
          amount: cfg.amount_level,
          status: 'CREATED',
          provider: 'sandbox',
          provider_trade_no: tradeNo,
          return_url: '/',
          created_at: now,
          expire_at: new Date(Date.now() + 3_600_000).toISOString(),
          paid_at: null,
          charge_day: null,
        })
        .execute();
      const fields = notificationFields(
        { trade_no: tradeNo, out_trade_no: outTradeNo, amount: cfg.amount_level, paid_at: now },
        PAY_SECRET,
      );
      notifications.push(new URLSearchParams(fields).toString());
    }
  });
  return { tokens, userIds, chapterIds: chapters.map((c) => c.id), notifications };
}

interface LoadResult {
  perSec: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  total: number;
}

async function run(
  url: string,
  amount: number,
  setup: (i: number) => autocannon.Request,
): Promise<LoadResult> {
  let i = 0;
  const started = Date.now();
  const r = await autocannon({
    url,
    connections: CONNECTIONS,
    amount,
    requests: [{ setupRequest: () => setup(i++) }],
  });
  const seconds = (Date.now() - started) / 1000;
  const total = r.requests.total;
  return {
    perSec: Math.round(total / seconds),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    total,
  };
}

/**
 * Purchases per second (distinct users and chapters, every one a real debit) and pay notifications per
 * second (first deliveries that credit, then replays that must change nothing), against the real server
 * on loopback with SQLite, then the invariants.
 */
export async function benchMoney(): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'inkreel-bench-money-'));
  const database = openDatabase({ dataDir });
  await migrateToLatest(database.db);
  const p = await prepare(database.db);
  await database.destroy();

  const server = await startServer({ dataDir, env: { PAY_SECRET } });
  let baseline: LoadResult;
  let buys: LoadResult;
  let notifies: LoadResult;
  let replays: LoadResult;
  try {
    // What this machine gives a trivial endpoint right now: the purchase figure is relative to it.
    baseline = await run(server.url, 3000, () => ({ method: 'GET', path: '/healthz', headers: {} }));
    const n = USERS * CHAPTERS;
    buys = await run(server.url, n, (i) => ({
      method: 'POST',
      path: `/api/book/chapter/buy?chapterId=${p.chapterIds[Math.floor(i / USERS) % CHAPTERS]}`,
      headers: { 'x-trace-id': TRACE, authorization: `Bearer ${p.tokens[i % USERS]}` },
    }));
    const form = (i: number): autocannon.Request => ({
      method: 'POST',
      path: '/h5/pay/notify/sandbox',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: p.notifications[i % ORDERS]!,
    });
    notifies = await run(server.url, ORDERS, form);
    replays = await run(server.url, ORDERS, form);
  } finally {
    await server.stop();
  }

  const db = openDatabase({ dataDir });
  try {
    const violations = await moneyViolations(db.db);
    const purchases = await db.db
      .selectFrom('purchases')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const paid = await db.db
      .selectFrom('recharge_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'PAID')
      .executeTakeFirstOrThrow();
    // Every user bought every chapter (spending all the granted coins) and got ORDERS / USERS ¥6 orders.
    const expected = (ORDERS / USERS) * 60;
    const atExpected = await db.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('balance', '=', expected)
      .executeTakeFirstOrThrow();
    return {
      database: 'sqlite (WAL, synchronous=FULL)',
      connections: CONNECTIONS,
      healthzBaseline: baseline,
      purchases: { ...buys, requested: USERS * CHAPTERS, recorded: Number(purchases.n) },
      notifications: { ...notifies, ordersPaid: Number(paid.n) },
      replayedNotifications: replays,
      /** Purchases per second as a share of /healthz per second in the same run (machine load cancels out). */
      purchasesVsHealthz: Number((buys.perSec / baseline.perSec).toFixed(2)),
      usersAtExpectedBalance: `${Number(atExpected.n)} of ${USERS}`,
      violations: violations.length,
      violationSamples: violations.slice(0, 5),
      target: '>= 1000 purchases/s, 0 violations',
    };
  } finally {
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchMoney()
    .then((r) => console.log(JSON.stringify(r, null, 2)))
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
