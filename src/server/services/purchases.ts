import type { Kysely, Transaction } from 'kysely';
import { COVER_SIZE, imageUrl, VOD_PAGE_SIZE, type VodShelfPage } from '../../contract/index.js';
import type { DB } from '../db/schema.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { isVipActive, type ItemType } from './access.js';
import { applyCoins, InsufficientCoins, moneyTransaction } from './ledger.js';

export type BuyOutcome =
  /** Charged `price` now. */
  | { status: 'bought'; charged: number; balance: number }
  /** Nothing charged: bought before, free, or VIP-free for a running VIP. */
  | { status: 'owned' | 'free' | 'vip'; charged: 0; balance: number }
  | { status: 'not_enough_coins'; balance: number }
  | { status: 'not_found' };

/** The purchase's unique key: a concurrent twin that won the race leaves the item owned. */
const PURCHASE_ONCE = { table: 'purchases', columns: ['user_id', 'item_type', 'item_id'] };

async function balanceOf(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await db.selectFrom('users').select('balance').where('id', '=', userId).executeTakeFirst();
  return row?.balance ?? 0;
}

/**
 * Buys an item once: in one transaction the purchase row is inserted ON CONFLICT DO NOTHING (no row:
 * already owned, nothing charged), then the price leaves through the ledger with the conditional
 * balance update; too few coins throws and rolls both back.
 */
async function buyOnce(
  db: Kysely<DB>,
  userId: number,
  itemType: ItemType,
  itemId: number,
  price: number,
  now: Date,
): Promise<BuyOutcome> {
  try {
    return await moneyTransaction(db, async (trx: Transaction<DB>): Promise<BuyOutcome> => {
      const purchase = await trx
        .insertInto('purchases')
        .values({
          user_id: userId,
          item_type: itemType,
          item_id: itemId,
          price,
          created_at: now.toISOString(),
        })
        .onConflict((oc) => oc.columns(['user_id', 'item_type', 'item_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!purchase) return { status: 'owned', charged: 0, balance: await balanceOf(trx, userId) };
      const { balance } = await applyCoins(trx, {
        userId,
        amount: -price,
        kind: 'purchase',
        refType: 'purchase',
        refId: purchase.id,
        at: now,
      });
      return { status: 'bought', charged: price, balance };
    });
  } catch (err) {
    if (err instanceof InsufficientCoins)
      return { status: 'not_enough_coins', balance: await balanceOf(db, userId) };
    if (isUniqueViolation(err, PURCHASE_ONCE))
      return { status: 'owned', charged: 0, balance: await balanceOf(db, userId) };
    throw err;
  }
}

/**
 * Chapter buy: free chapters and VIP-free books for a running VIP (the catalogue's isVipActive) cost
 * nothing and record nothing; a chapter bought before is found by the purchase's unique key.
 */
export async function buyChapter(
  db: Kysely<DB>,
  userId: number,
  chapterId: number,
  now: Date,
): Promise<BuyOutcome> {
  const chapter = await db
    .selectFrom('chapters')
    .innerJoin('books', 'books.id', 'chapters.book_id')
    .select(['chapters.id', 'chapters.price', 'books.vip_free'])
    .where('chapters.id', '=', chapterId)
    .executeTakeFirst();
  if (!chapter) return { status: 'not_found' };
  if (chapter.price <= 0) return { status: 'free', charged: 0, balance: await balanceOf(db, userId) };
  if (chapter.vip_free) {
    const user = await db
      .selectFrom('users')
      .select(['vip_type', 'vip_end_at', 'balance'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (user && isVipActive(user, now)) return { status: 'vip', charged: 0, balance: user.balance };
  }
  return buyOnce(db, userId, 'chapter', chapter.id, chapter.price, now);
}

/** Video buy: VIP does not make videos free (spec §6); price 0 is free. */
export async function buyVod(db: Kysely<DB>, userId: number, vodId: number, now: Date): Promise<BuyOutcome> {
  const vod = await db.selectFrom('vods').select(['id', 'price']).where('id', '=', vodId).executeTakeFirst();
  if (!vod) return { status: 'not_found' };
  if (vod.price <= 0) return { status: 'free', charged: 0, balance: await balanceOf(db, userId) };
  return buyOnce(db, userId, 'vod', vod.id, vod.price, now);
}

/** The caller's bought videos, newest purchase first. */
export async function boughtVods(db: Kysely<DB>, userId: number, page: number): Promise<VodShelfPage> {
  const base = db
    .selectFrom('purchases')
    .innerJoin('vods', 'vods.id', 'purchases.item_id')
    .where('purchases.user_id', '=', userId)
    .where('purchases.item_type', '=', 'vod');
  const [{ n }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .select(['vods.id', 'vods.name', 'vods.pic_hash', 'vods.price', 'vods.type_id', 'vods.duration'])
      .orderBy('purchases.id', 'desc')
      .limit(VOD_PAGE_SIZE)
      .offset((page - 1) * VOD_PAGE_SIZE)
      .execute(),
  ]);
  const totalCount = Number(n);
  return {
    list: rows.map((v) => ({
      vodId: v.id,
      vodName: v.name,
      vodPic: imageUrl(v.pic_hash, COVER_SIZE),
      vodPointsPlay: v.price,
      typeId: v.type_id,
      vodDuration: v.duration,
    })),
    totalCount,
    totalPage: Math.ceil(totalCount / VOD_PAGE_SIZE),
  };
}
