import type { Kysely } from 'kysely';
import { prepared } from '../db/prepared.js';
import type { DB } from '../db/schema.js';

/**
 * Read rules: who may read a chapter or watch a video in full. Shared by the catalogue (what to show)
 * and money (what a buy needs). Pass a Transaction as `db` to decide inside one.
 */

export type ChapterAccess = 'free' | 'bought' | 'vip' | 'locked';
export type VodAccess = 'free' | 'bought' | 'locked';
export type ItemType = 'chapter' | 'vod';

const VIP_TYPES = new Set(['month', 'quarter', 'year']);

/** Whether a VIP membership is running at `now` (a known type and an end in the future). */
export function isVipActive(user: { vip_type: string; vip_end_at: string | null }, now: Date): boolean {
  if (!VIP_TYPES.has(user.vip_type) || !user.vip_end_at) return false;
  const end = Date.parse(user.vip_end_at);
  return !Number.isNaN(end) && end > now.getTime();
}

const purchaseOf = prepared((db, p: { userId: number; itemType: ItemType; itemId: number }) =>
  db
    .selectFrom('purchases')
    .select('id')
    .where('user_id', '=', p.userId)
    .where('item_type', '=', p.itemType)
    .where('item_id', '=', p.itemId),
);

/** Whether the user has bought this item (purchases is unique per user, type and item). */
export async function hasBought(
  db: Kysely<DB>,
  userId: number,
  itemType: ItemType,
  itemId: number,
): Promise<boolean> {
  return (await purchaseOf.executeTakeFirst(db, { userId, itemType, itemId })) !== undefined;
}

/** Ids among `ids` that the user has bought; one query however long the list. */
export async function boughtItemIds(
  db: Kysely<DB>,
  userId: number | null,
  itemType: ItemType,
  ids: number[],
): Promise<Set<number>> {
  if (userId === null || ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('purchases')
    .select('item_id')
    .where('user_id', '=', userId)
    .where('item_type', '=', itemType)
    .where('item_id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.item_id));
}

/** Whether the user (if any) has a running VIP membership now. */
export async function userIsVip(db: Kysely<DB>, userId: number | null, now: Date) {
  if (userId === null) return false;
  const user = await db
    .selectFrom('users')
    .select(['vip_type', 'vip_end_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return user !== undefined && isVipActive(user, now);
}

/**
 * How the caller may read a chapter: free (price 0), bought (a purchase row), vip (running VIP on a
 * VIP-free book) or locked. A bought chapter stays bought after the VIP ends.
 */
export async function chapterAccess(
  db: Kysely<DB>,
  userId: number | null,
  chapter: { id: number; price: number },
  book: { vip_free: number | boolean },
  now: Date,
): Promise<ChapterAccess> {
  if (chapter.price <= 0) return 'free';
  if (userId === null) return 'locked';
  if (await hasBought(db, userId, 'chapter', chapter.id)) return 'bought';
  if (Boolean(book.vip_free) && (await userIsVip(db, userId, now))) return 'vip';
  return 'locked';
}

/** Whether the caller may watch a video in full: free (price 0), bought, or locked (trial only). */
export async function vodAccess(
  db: Kysely<DB>,
  userId: number | null,
  vod: { id: number; price: number },
): Promise<VodAccess> {
  if (vod.price <= 0) return 'free';
  if (userId === null) return 'locked';
  return (await hasBought(db, userId, 'vod', vod.id)) ? 'bought' : 'locked';
}
