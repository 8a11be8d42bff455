import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boughtItemIds, chapterAccess, isVipActive, vodAccess } from '../../src/server/services/access.js';
import { insertFixtureCatalogue, type FixtureCatalogue } from './helpers/fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

describe('access rules', () => {
  let t: TestApp;
  let f: FixtureCatalogue;
  let userId: number;
  let vipId: number;
  const now = new Date('2026-03-01T00:00:00.000Z');

  const addUser = async (account: string, vipType: string, vipEnd: string | null) => {
    const row = await t.database.db
      .insertInto('users')
      .values({
        account,
        password_hash: 'x',
        visitor_id: account,
        branch_id: 0,
        mobile: null,
        from_domain: null,
        device_id: null,
        balance: 0,
        vip_type: vipType,
        vip_end_at: vipEnd,
        recharged: 0,
        created_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    f = await insertFixtureCatalogue(t.database.db);
    userId = await addUser('plain', 'none', null);
    vipId = await addUser('vip', 'month', '2026-04-01T00:00:00.000Z');
  });
  afterAll(() => t.close());

  it('isVipActive needs a known type and a future end', () => {
    expect(isVipActive({ vip_type: 'month', vip_end_at: '2026-04-01T00:00:00.000Z' }, now)).toBe(true);
    expect(isVipActive({ vip_type: 'month', vip_end_at: '2026-02-01T00:00:00.000Z' }, now)).toBe(false);
    expect(isVipActive({ vip_type: 'none', vip_end_at: '2026-04-01T00:00:00.000Z' }, now)).toBe(false);
    expect(isVipActive({ vip_type: 'year', vip_end_at: null }, now)).toBe(false);
    expect(isVipActive({ vip_type: 'year', vip_end_at: 'garbage' }, now)).toBe(false);
  });

  it('chapters: free, bought, vip on vip-free books only, locked', async () => {
    const db = t.database.db;
    const vf = f.vipFreeBook;
    const other = f.finishedBook;
    const [free1, , paid3, paid4] = vf.chapters as [
      (typeof vf.chapters)[0],
      (typeof vf.chapters)[0],
      (typeof vf.chapters)[0],
      (typeof vf.chapters)[0],
    ];
    expect(await chapterAccess(db, null, free1, { vip_free: 1 }, now)).toBe('free');
    expect(await chapterAccess(db, null, paid3, { vip_free: 1 }, now)).toBe('locked');
    expect(await chapterAccess(db, userId, paid3, { vip_free: 1 }, now)).toBe('locked');
    expect(await chapterAccess(db, vipId, paid3, { vip_free: 1 }, now)).toBe('vip');
    expect(await chapterAccess(db, vipId, other.chapters[2]!, { vip_free: 0 }, now)).toBe('locked');
    // After the VIP ends the same chapter is locked again.
    expect(await chapterAccess(db, vipId, paid3, { vip_free: 1 }, new Date('2027-01-01'))).toBe('locked');

    await db
      .insertInto('purchases')
      .values({
        user_id: userId,
        item_type: 'chapter',
        item_id: paid4.id,
        price: paid4.price,
        created_at: now.toISOString(),
      })
      .execute();
    expect(await chapterAccess(db, userId, paid4, { vip_free: 1 }, now)).toBe('bought');
    expect(await chapterAccess(db, vipId, paid4, { vip_free: 1 }, now)).toBe('vip');
    expect(
      await boughtItemIds(
        db,
        userId,
        'chapter',
        vf.chapters.map((c) => c.id),
      ),
    ).toEqual(new Set([paid4.id]));
    expect(await boughtItemIds(db, userId, 'vod', [paid4.id])).toEqual(new Set());
    expect(await boughtItemIds(db, userId, 'chapter', [])).toEqual(new Set());
  });

  it('videos: free at price 0, bought with a purchase, else locked', async () => {
    const db = t.database.db;
    const v = f.vods[0]!;
    expect(await vodAccess(db, null, v)).toBe('locked');
    expect(await vodAccess(db, userId, { id: v.id, price: 0 })).toBe('free');
    expect(await vodAccess(db, userId, v)).toBe('locked');
    await db
      .insertInto('purchases')
      .values({
        user_id: userId,
        item_type: 'vod',
        item_id: v.id,
        price: v.price,
        created_at: now.toISOString(),
      })
      .execute();
    expect(await vodAccess(db, userId, v)).toBe('bought');
    expect(await vodAccess(db, vipId, v)).toBe('locked');
  });
});
