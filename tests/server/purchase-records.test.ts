import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Api,
  BIND_MOBILE_REWARD,
  CoinRecordPage,
  RECORD_PAGE_SIZE,
  RechargeRecordPage,
  RecordText,
} from '../../src/contract/index.js';
import { seedPayData } from '../../src/server/services/pay/defaults.js';
import { okData } from './helpers/catalogue.js';
import { insertFixtureCatalogue, type FixtureCatalogue } from './helpers/fixtures.js';
import {
  createPayOrder,
  grantCoins,
  payConfig,
  registerUser,
  topUp,
  type TestUser,
} from './helpers/money.js';
import { freshMobile, postBind, requestCode } from './helpers/sms.js';
import { FakeClock } from './helpers/fake-clock.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** 充值记录 over HTTP: the caller's recharge orders and coin ledger, paged by cursor, own rows only. */
describe('recharge orders and coin records', () => {
  let t: TestApp;
  const clock = new FakeClock();
  let cat: FixtureCatalogue;
  beforeAll(async () => {
    t = await createTestApp({ SCRYPT_COST_LOG2: '10' }, undefined, { clock });
    cat = await insertFixtureCatalogue(t.database.db, { chaptersPerBook: 30 });
    await seedPayData(t.database.db);
  });
  afterAll(() => t.close());

  const get = (u: TestUser, path: string, before?: number | string) =>
    t.app.inject({
      method: 'GET',
      url: before === undefined ? path : `${path}?before=${before}`,
      headers: u.headers,
    });
  const orders = async (u: TestUser, before?: number) =>
    okData(await get(u, Api.rechargeRecords, before), RechargeRecordPage);
  const coins = async (u: TestUser, before?: number) =>
    okData(await get(u, Api.coinRecords, before), CoinRecordPage);
  /** Every row, following the cursor page by page. */
  async function allCoins(u: TestUser) {
    const pages = [await coins(u)];
    while (pages.at(-1)!.next !== null) pages.push(await coins(u, pages.at(-1)!.next!));
    return pages;
  }
  const plainBook = () => cat.books.find((b) => !b.vipFree && b.chapters.length > 0)!;
  const buyChapter = (u: TestUser, chapterId: number) =>
    t.app.inject({ method: 'POST', url: `${Api.chapterBuy}?chapterId=${chapterId}`, headers: u.headers });

  it('a new user has no orders and no coin records', async () => {
    const u = await registerUser(t.app);
    expect(await orders(u)).toEqual({ list: [], next: null });
    expect(await coins(u)).toEqual({ list: [], next: null });
  });

  it('shows a paid top-up, a chapter, a video, a sign-in and the bind reward, newest first', async () => {
    const u = await registerUser(t.app);
    const cfg = await payConfig(t.database.db, 'coin', 1);
    const { orderNo } = await topUp(t.app, t.database.db, u, cfg);
    // An order left at the cashier: pending in its window, closed after it.
    const open = await createPayOrder(t.app, u, await payConfig(t.database.db, 'vip', 0));
    expect(open.statusCode).toBe(200);

    const book = plainBook();
    const chapter = book.chapters.find((c) => c.price > 0)!;
    expect((await buyChapter(u, chapter.id)).json()).toMatchObject({ result: true });
    const vod = cat.vods.find((v) => v.price > 0)!;
    const boughtVod = await t.app.inject({
      method: 'POST',
      url: Api.vodBuy,
      headers: u.headers,
      payload: { vodId: String(vod.id) },
    });
    expect(boughtVod.json()).toMatchObject({ result: true });
    expect(
      (await t.app.inject({ method: 'POST', url: Api.dailySign, headers: u.headers })).json(),
    ).toMatchObject({ result: true });
    const mobile = freshMobile();
    const bound = await postBind(t.app, u, { mobile, code: await requestCode(t.app, u, mobile) });
    expect(bound.json()).toMatchObject({ result: true });

    const o = await orders(u);
    expect(o.next).toBeNull();
    expect(o.list).toHaveLength(2);
    const [vipOrder, coinOrder] = o.list;
    expect(coinOrder).toMatchObject({
      orderNo,
      purpose: 'coin',
      title: `${cfg.item_count}金币`,
      amount: cfg.amount_level,
      coins: cfg.item_count + cfg.present_count,
      state: 'paid',
    });
    expect(vipOrder).toMatchObject({ purpose: 'vip', coins: 0, state: 'pending' });
    expect(vipOrder!.vipDays).toBeGreaterThan(0);
    clock.advance(10 * 60_000);
    try {
      expect((await orders(u)).list[0]).toMatchObject({ state: 'closed' });
    } finally {
      clock.reset();
    }

    const c = await coins(u);
    expect(c.next).toBeNull();
    const credited = cfg.item_count + cfg.present_count;
    const vodRow = await t.database.db
      .selectFrom('vods')
      .select(['name', 'price'])
      .where('id', '=', vod.id)
      .executeTakeFirstOrThrow();
    const chapterRow = await t.database.db
      .selectFrom('chapters')
      .select('title')
      .where('id', '=', chapter.id)
      .executeTakeFirstOrThrow();
    expect(c.list.map((r) => [r.kind, r.label])).toEqual([
      ['bind_mobile', RecordText.bindMobile],
      ['sign_in', RecordText.signIn],
      ['vod', RecordText.vod(vodRow.name)],
      ['chapter', RecordText.chapter(book.title, chapterRow.title)],
      ['recharge', RecordText.recharge(`${cfg.item_count}金币`)],
    ]);
    expect(c.list.map((r) => r.amount).slice(2)).toEqual([-vodRow.price, -chapter.price, credited]);
    expect(c.list[0]!.amount).toBe(BIND_MOBILE_REWARD);
    expect(c.list[1]!.amount).toBeGreaterThan(0);
    // Each row's balance is the one right after it: the sum of the rows up to it.
    const oldestFirst = [...c.list].reverse();
    let sum = 0;
    for (const r of oldestFirst) {
      sum += r.amount;
      expect(r.balance).toBe(sum);
    }
    expect(new Date(c.list[0]!.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('pages by cursor: no row twice or missed, a purchase made meanwhile does not shift the pages', async () => {
    const u = await registerUser(t.app);
    await grantCoins(t.database.db, u.userId, 10_000);
    const paid = cat.books.flatMap((b) => b.chapters).filter((c) => c.price > 0);
    expect(paid.length).toBeGreaterThan(RECORD_PAGE_SIZE + 5);
    for (const ch of paid.slice(0, RECORD_PAGE_SIZE + 4)) {
      expect((await buyChapter(u, ch.id)).json()).toMatchObject({ result: true });
    }
    const first = await coins(u);
    expect(first.list).toHaveLength(RECORD_PAGE_SIZE);
    expect(first.next).toBe(first.list.at(-1)!.id);
    // Bought between pages: it belongs at the top, not in the next page.
    await buyChapter(u, paid[RECORD_PAGE_SIZE + 4]!.id);
    const second = await coins(u, first.next!);
    expect(second.next).toBeNull();
    const ids = [...first.list, ...second.list].map((r) => r.id);
    expect(ids).toHaveLength(RECORD_PAGE_SIZE + 5);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await allCoins(u)).flatMap((p) => p.list)).toHaveLength(RECORD_PAGE_SIZE + 6);
  });

  it("never shows another user's rows, whatever the cursor; no session is 401, a bad cursor 400", async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    await topUp(t.app, t.database.db, a, await payConfig(t.database.db, 'coin', 0));
    await buyChapter(a, plainBook().chapters.find((c) => c.price > 0)!.id);
    const aLedger = await coins(a);
    expect(aLedger.list.length).toBe(2);
    expect((await orders(a)).list.length).toBe(1);
    // B asks with A's ids as cursors (and past them): still only B's rows, which are none.
    expect(await coins(b, aLedger.list[0]!.id + 1)).toEqual({ list: [], next: null });
    expect(await orders(b, 2_000_000_000)).toEqual({ list: [], next: null });
    // B's own activity shows for B, never A's.
    await grantCoins(t.database.db, b.userId, 50);
    const bRows = (await coins(b)).list;
    expect(bRows).toHaveLength(1);
    expect(bRows[0]!.amount).toBe(50);
    expect(aLedger.list.map((r) => r.id)).not.toContain(bRows[0]!.id);

    for (const path of [Api.rechargeRecords, Api.coinRecords]) {
      expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
      for (const bad of ['abc', '0', '-1', '1.5']) {
        const res = await get(a, path, bad);
        expect(res.statusCode, `${path} ${bad}`).toBe(400);
      }
    }
  });
});
