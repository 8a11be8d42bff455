import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, Code, Msg } from '../../src/contract/index.js';
import { seedPayData } from '../../src/server/services/pay/defaults.js';
import { insertFixtureCatalogue, type FixtureCatalogue } from './helpers/fixtures.js';
import { balanceOf, checkInvariants, grantCoins, registerUser, type TestUser } from './helpers/money.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

describe('chapter and video purchases', () => {
  let t: TestApp;
  let cat: FixtureCatalogue;
  beforeAll(async () => {
    t = await createTestApp();
    cat = await insertFixtureCatalogue(t.database.db, { chaptersPerBook: 12 });
    await seedPayData(t.database.db);
  });
  afterAll(() => t.close());

  const plainBook = () => cat.books.find((b) => !b.vipFree && b.chapters.length > 0)!;
  const buyChapter = (u: TestUser, chapterId: number | string) =>
    t.app.inject({ method: 'POST', url: `${Api.chapterBuy}?chapterId=${chapterId}`, headers: u.headers });
  const buyVod = (u: TestUser, vodId: number | string) =>
    t.app.inject({ method: 'POST', url: Api.vodBuy, headers: u.headers, payload: { vodId: String(vodId) } });

  it('charges a paid chapter once, and buying it again charges nothing', async () => {
    const u = await registerUser(t.app);
    await grantCoins(t.database.db, u.userId, 100);
    const ch = plainBook().chapters.find((c) => c.price > 0)!;
    const first = await buyChapter(u, ch.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      result: true,
      code: Code.OK,
      msg: Msg.buySuccess,
      data: { charged: ch.price },
    });
    expect(await balanceOf(t.database.db, u.userId)).toBe(100 - ch.price);
    const again = await buyChapter(u, ch.id);
    expect(again.json()).toMatchObject({ result: true, msg: Msg.buySuccess, data: { charged: 0 } });
    expect(await balanceOf(t.database.db, u.userId)).toBe(100 - ch.price);
    await checkInvariants(t.database.db);
  });

  it('refuses with 999 and changes nothing when coins are too few', async () => {
    const u = await registerUser(t.app);
    await grantCoins(t.database.db, u.userId, 5);
    const ch = plainBook().chapters.find((c) => c.price > 5)!;
    const res = await buyChapter(u, ch.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ result: false, code: Code.UNPAID, msg: Msg.notEnoughCoins });
    expect(await balanceOf(t.database.db, u.userId)).toBe(5);
    const rows = await t.database.db
      .selectFrom('purchases')
      .select('id')
      .where('user_id', '=', u.userId)
      .execute();
    expect(rows).toEqual([]);
  });

  it('free chapters and VIP-free books for a running VIP cost nothing; VIP does not free videos', async () => {
    const u = await registerUser(t.app);
    const free = plainBook().chapters.find((c) => c.price === 0)!;
    expect((await buyChapter(u, free.id)).json()).toMatchObject({ result: true, data: { charged: 0 } });
    const vipCh = cat.vipFreeBook.chapters.find((c) => c.price > 0)!;
    expect((await buyChapter(u, vipCh.id)).json()).toMatchObject({ result: false, code: Code.UNPAID });
    await t.database.db
      .updateTable('users')
      .set({ vip_type: 'month', vip_end_at: new Date(Date.now() + 86_400_000).toISOString() })
      .where('id', '=', u.userId)
      .execute();
    expect((await buyChapter(u, vipCh.id)).json()).toMatchObject({ result: true, data: { charged: 0 } });
    const vod = cat.vods.find((v) => v.price > 0)!;
    expect((await buyVod(u, vod.id)).json()).toMatchObject({ result: false, code: Code.UNPAID });
    expect(
      await t.database.db.selectFrom('purchases').select('id').where('user_id', '=', u.userId).execute(),
    ).toEqual([]);
  });

  it('unknown chapter or video is result false, bad ids are 400, no session is 401', async () => {
    const u = await registerUser(t.app);
    expect((await buyChapter(u, 99_999_999)).json()).toMatchObject({ result: false, msg: Msg.notFound });
    expect((await buyVod(u, 99_999_999)).json()).toMatchObject({ result: false, msg: Msg.videoNotFound });
    expect((await buyChapter(u, 'abc')).statusCode).toBe(400);
    expect((await buyVod(u, -1)).statusCode).toBe(400);
    const anon = await t.app.inject({
      method: 'POST',
      url: `${Api.chapterBuy}?chapterId=1`,
      headers: { 'x-trace-id': 'trace-anon-123' },
    });
    expect(anon.statusCode).toBe(401);
  });

  it('buys videos once and lists them newest first with counts', async () => {
    const u = await registerUser(t.app);
    await grantCoins(t.database.db, u.userId, 1000);
    const paid = cat.vods.filter((v) => v.price > 0);
    for (const v of paid)
      expect((await buyVod(u, v.id)).json()).toMatchObject({ result: true, data: { charged: v.price } });
    expect((await buyVod(u, paid[0]!.id)).json()).toMatchObject({ result: true, data: { charged: 0 } });
    const page = await t.app.inject({ method: 'GET', url: '/api/vod/order/page/1', headers: u.headers });
    expect(page.statusCode).toBe(200);
    const data = page.json<{
      data: { list: { vodId: number; vodPic: string }[]; totalCount: number; totalPage: number };
    }>().data;
    expect(data.totalCount).toBe(paid.length);
    expect(data.totalPage).toBe(1);
    expect(data.list.map((v) => v.vodId)).toEqual(paid.map((v) => v.id).reverse());
    expect(data.list[0]!.vodPic).toMatch(/^\/media\/img\/[0-9a-f]{64}_180_0\.img$/);
    const empty = await t.app.inject({ method: 'GET', url: '/api/vod/order/page/2', headers: u.headers });
    expect(empty.json().data.list).toEqual([]);
    expect(await balanceOf(t.database.db, u.userId)).toBe(1000 - paid.reduce((s, v) => s + v.price, 0));
    await checkInvariants(t.database.db);
  });

  it('50 concurrent buys of one chapter by one user debit exactly once', async () => {
    const u = await registerUser(t.app);
    await grantCoins(t.database.db, u.userId, 1000);
    const ch = plainBook()
      .chapters.filter((c) => c.price > 0)
      .at(-1)!;
    const answers = await Promise.all(Array.from({ length: 50 }, () => buyChapter(u, ch.id)));
    const bodies = answers.map((r) => r.json<{ result: boolean; data: { charged: number } }>());
    expect(bodies.every((b) => b.result)).toBe(true);
    expect(bodies.filter((b) => b.data.charged > 0)).toHaveLength(1);
    expect(await balanceOf(t.database.db, u.userId)).toBe(1000 - ch.price);
    const debits = await t.database.db
      .selectFrom('ledger')
      .select('id')
      .where('user_id', '=', u.userId)
      .where('kind', '=', 'purchase')
      .execute();
    expect(debits).toHaveLength(1);
    await checkInvariants(t.database.db);
  });

  it('coins for k chapters, M > k concurrent buys of different chapters: exactly k succeed', async () => {
    const u = await registerUser(t.app);
    const chapters = cat.books.flatMap((b) => b.chapters).filter((c) => c.price > 0);
    const price = chapters[0]!.price;
    const same = chapters.filter((c) => c.price === price);
    const k = 2;
    expect(same.length).toBeGreaterThan(k);
    // Mixed prices make "exactly k" depend on order; use chapters of one price.
    await grantCoins(t.database.db, u.userId, price * k + (price - 1));
    const answers = await Promise.all(same.map((c) => buyChapter(u, c.id)));
    const ok = answers.filter((r) => r.json<{ result: boolean }>().result);
    const refused = answers.filter((r) => r.json<{ code: number }>().code === Code.UNPAID);
    expect(ok).toHaveLength(k);
    expect(refused).toHaveLength(same.length - k);
    expect(await balanceOf(t.database.db, u.userId)).toBe(price - 1);
    await checkInvariants(t.database.db);
  });
});
