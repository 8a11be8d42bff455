import type { Kysely } from 'kysely';
import {
  RECORD_PAGE_SIZE,
  RecordText,
  type CoinRecord,
  type CoinRecordPage,
  type OrderState,
  type RechargeRecordPage,
} from '../../contract/index.js';
import type { DB } from '../db/schema.js';

/**
 * 充值记录: the caller's own recharge orders and coin ledger, newest first, RECORD_PAGE_SIZE at a time
 * after the cursor `before` (an id of the previous page's last row). Every query is bound to the
 * caller's user id: nobody reads another's rows, whatever cursor they send.
 */

/** One more row than a page tells whether a next page exists without counting. */
function pageOf<T extends { id: number }>(rows: T[]): { rows: T[]; next: number | null } {
  const more = rows.length > RECORD_PAGE_SIZE;
  const page = more ? rows.slice(0, RECORD_PAGE_SIZE) : rows;
  return { rows: page, next: more ? page[page.length - 1]!.id : null };
}

/** CREATED past its window counts as closed even before the expiry sweep has marked it. */
export function orderState(status: string, expireAt: string, now: Date): OrderState {
  if (status === 'PAID') return 'paid';
  if (status === 'CREATED' && Date.parse(expireAt) > now.getTime()) return 'pending';
  return 'closed';
}

export async function rechargeRecords(
  db: Kysely<DB>,
  userId: number,
  before: number | undefined,
  now: Date,
): Promise<RechargeRecordPage> {
  let q = db
    .selectFrom('recharge_orders as o')
    .leftJoin('pay_configs as c', 'c.id', 'o.pay_config_id')
    .select([
      'o.id',
      'o.out_trade_no',
      'o.purpose',
      'o.amount',
      'o.status',
      'o.expire_at',
      'o.created_at',
      'c.title',
      'c.item_count',
      'c.present_count',
      'c.vip_days',
    ])
    .where('o.user_id', '=', userId);
  if (before !== undefined) q = q.where('o.id', '<', before);
  const { rows, next } = pageOf(
    await q
      .orderBy('o.id', 'desc')
      .limit(RECORD_PAGE_SIZE + 1)
      .execute(),
  );
  return {
    list: rows.map((r) => ({
      id: r.id,
      orderNo: r.out_trade_no,
      purpose: r.purpose === 'vip' ? 'vip' : 'coin',
      title: r.title ?? RecordText.rechargeOther,
      amount: r.amount,
      coins: r.purpose === 'vip' ? 0 : (r.item_count ?? 0) + (r.present_count ?? 0),
      vipDays: r.purpose === 'vip' ? (r.vip_days ?? 0) : 0,
      state: orderState(r.status, r.expire_at, now),
      createdAt: r.created_at,
    })),
    next,
  };
}

interface LedgerRow {
  id: number;
  kind: string;
  ref_type: string;
  ref_id: string;
  amount: number;
  balance_after: number;
  created_at: string;
}

/** Integer ids of the ledger rows whose cause is a row of `refType`. */
const refIds = (rows: LedgerRow[], refType: string) =>
  rows
    .filter((r) => r.ref_type === refType)
    .map((r) => Number(r.ref_id))
    .filter(Number.isSafeInteger);

/** Labels of the page's causes, looked up in a few queries (not one per row). */
async function labelsOf(db: Kysely<DB>, userId: number, rows: LedgerRow[]) {
  const purchaseIds = refIds(rows, 'purchase');
  const orderNos = rows.filter((r) => r.ref_type === 'recharge_order').map((r) => r.ref_id);
  const refundNos = rows.filter((r) => r.ref_type === 'refund').map((r) => r.ref_id);
  const [purchases, orders, refunds] = await Promise.all([
    purchaseIds.length
      ? db
          .selectFrom('purchases')
          .select(['id', 'item_type', 'item_id'])
          .where('user_id', '=', userId)
          .where('id', 'in', purchaseIds)
          .execute()
      : [],
    orderNos.length
      ? db
          .selectFrom('recharge_orders as o')
          .leftJoin('pay_configs as c', 'c.id', 'o.pay_config_id')
          .select(['o.out_trade_no', 'c.title'])
          .where('o.user_id', '=', userId)
          .where('o.out_trade_no', 'in', orderNos)
          .execute()
      : [],
    refundNos.length
      ? db
          .selectFrom('refunds as r')
          .innerJoin('recharge_orders as o', 'o.out_trade_no', 'r.out_trade_no')
          .leftJoin('pay_configs as c', 'c.id', 'o.pay_config_id')
          .select(['r.refund_no', 'c.title'])
          .where('r.user_id', '=', userId)
          .where('r.refund_no', 'in', refundNos)
          .execute()
      : [],
  ]);
  const itemIds = (type: string) => purchases.filter((p) => p.item_type === type).map((p) => p.item_id);
  const chapterIds = itemIds('chapter');
  const vodIds = itemIds('vod');
  const [chapters, vods] = await Promise.all([
    chapterIds.length
      ? db
          .selectFrom('chapters')
          .innerJoin('books', 'books.id', 'chapters.book_id')
          .select(['chapters.id', 'chapters.title', 'books.title as book'])
          .where('chapters.id', 'in', chapterIds)
          .execute()
      : [],
    vodIds.length ? db.selectFrom('vods').select(['id', 'name']).where('id', 'in', vodIds).execute() : [],
  ]);
  const chapterLabel = new Map(chapters.map((c) => [c.id, RecordText.chapter(c.book, c.title)]));
  const vodLabel = new Map(vods.map((v) => [v.id, RecordText.vod(v.name)]));
  const purchaseOf = new Map(
    purchases.map((p) => [
      String(p.id),
      {
        kind: p.item_type === 'vod' ? ('vod' as const) : ('chapter' as const),
        label:
          (p.item_type === 'vod' ? vodLabel.get(p.item_id) : chapterLabel.get(p.item_id)) ??
          RecordText.removedItem,
      },
    ]),
  );
  const orderTitle = new Map(orders.map((o) => [o.out_trade_no, o.title]));
  const refundTitle = new Map(refunds.map((r) => [r.refund_no, r.title]));
  return (r: LedgerRow): Pick<CoinRecord, 'kind' | 'label'> => {
    switch (r.kind) {
      case 'purchase':
        return purchaseOf.get(r.ref_id) ?? { kind: 'chapter', label: RecordText.removedItem };
      case 'sign_in':
        return { kind: 'sign_in', label: RecordText.signIn };
      case 'bind_mobile':
        return { kind: 'bind_mobile', label: RecordText.bindMobile };
      case 'refund': {
        // Shown with the top-ups it takes back from (the contract's kinds have no refund of their own).
        const title = refundTitle.get(r.ref_id);
        return { kind: 'recharge', label: title ? RecordText.refund(title) : RecordText.refundOther };
      }
      default: {
        const title = orderTitle.get(r.ref_id);
        return { kind: 'recharge', label: title ? RecordText.recharge(title) : RecordText.rechargeOther };
      }
    }
  };
}

export async function coinRecords(
  db: Kysely<DB>,
  userId: number,
  before: number | undefined,
): Promise<CoinRecordPage> {
  let q = db
    .selectFrom('ledger')
    .select(['id', 'kind', 'ref_type', 'ref_id', 'amount', 'balance_after', 'created_at'])
    .where('user_id', '=', userId);
  if (before !== undefined) q = q.where('id', '<', before);
  const { rows, next } = pageOf(
    await q
      .orderBy('id', 'desc')
      .limit(RECORD_PAGE_SIZE + 1)
      .execute(),
  );
  const labelOf = await labelsOf(db, userId, rows);
  return {
    list: rows.map((r) => ({
      id: r.id,
      ...labelOf(r),
      amount: r.amount,
      balance: r.balance_after,
      createdAt: r.created_at,
    })),
    next,
  };
}
