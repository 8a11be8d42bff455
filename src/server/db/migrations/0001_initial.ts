import { type Kysely, sql } from 'kysely';
import { dialectOf, withId } from '../portable.js';

/** The whole first schema. Later changes go in new numbered migrations, never edits here. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const d = dialectOf(db);
  const table = (name: string) => withId(db.schema.createTable(name), d);

  await table('users')
    .addColumn('account', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('branch_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('mobile', 'text', (c) => c.unique())
    .addColumn('from_domain', 'text')
    .addColumn('device_id', 'text')
    .addColumn('balance', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`balance >= 0`),
    )
    .addColumn('vip_type', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('vip_end_at', 'text')
    .addColumn('recharged', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await table('sessions')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await table('user_marks')
    .addColumn('user_id', 'integer')
    .addColumn('branch_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('refer_url', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await table('contacts')
    .addColumn('user_id', 'integer')
    .addColumn('visitor_id', 'text')
    .addColumn('contact_type', 'text', (c) => c.notNull())
    .addColumn('contact_position', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('auth_throttle')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .execute();

  await table('categories')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await table('books')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('cover_hash', 'text', (c) => c.notNull())
    .addColumn('hori_cover_hash', 'text', (c) => c.notNull())
    .addColumn('publish_status', 'text', (c) => c.notNull())
    .addColumn('recommend', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('read_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('week_read_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('abstract', 'text', (c) => c.notNull())
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
    .addColumn('chapter_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('vip_free', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('three_d', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('books_category')
    .on('books')
    .columns(['category_id', 'publish_status'])
    .execute();
  await db.schema.createIndex('books_updated').on('books').column('updated_at').execute();
  await db.schema.createIndex('books_read').on('books').column('read_count').execute();
  await db.schema.createIndex('books_week_read').on('books').column('week_read_count').execute();

  await db.schema
    .createTable('showcase_items')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('showcase_items_pk', ['type', 'book_id'])
    .execute();

  await table('chapters')
    .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('cover_hash', 'text', (c) => c.notNull())
    .addColumn('price', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`price >= 0`),
    )
    .addColumn('pic_split_count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('chapters_book_number', ['book_id', 'number'])
    .execute();

  await table('chapter_pages')
    .addColumn('chapter_id', 'integer', (c) => c.notNull().references('chapters.id').onDelete('cascade'))
    .addColumn('idx', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('parts', 'text', (c) => c.notNull())
    .addUniqueConstraint('chapter_pages_chapter_idx', ['chapter_id', 'idx'])
    .execute();

  await table('ads')
    .addColumn('position', 'text', (c) => c.notNull())
    .addColumn('jump_type', 'integer', (c) => c.notNull())
    .addColumn('biz_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('img_hash', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await table('hot_words')
    .addColumn('word', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('vod_types')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await table('vods')
    .addColumn('type_id', 'integer', (c) => c.notNull().references('vod_types.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('pic_hash', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`price >= 0`),
    )
    .addColumn('duration', 'real', (c) => c.notNull())
    .addColumn('media_key', 'text', (c) => c.notNull())
    .addColumn('can_try', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('play_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('vods_type').on('vods').columns(['type_id', 'created_at']).execute();

  await table('vod_markers')
    .addColumn('vod_id', 'integer', (c) => c.notNull().references('vods.id').onDelete('cascade'))
    .addColumn('offset', 'real', (c) => c.notNull())
    .addColumn('cover_hash', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('describe', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('read_history')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('read_history_pk', ['user_id', 'book_id'])
    .execute();

  // Money. Every coin change is a ledger row written in the same transaction as its cause.
  await table('ledger')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ref_type', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'text', (c) => c.notNull())
    .addColumn('balance_after', 'integer', (c) => c.notNull().check(sql`balance_after >= 0`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('ledger_once', ['kind', 'ref_type', 'ref_id'])
    .execute();
  await db.schema.createIndex('ledger_user').on('ledger').column('user_id').execute();

  await table('purchases')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('purchases_once', ['user_id', 'item_type', 'item_id'])
    .execute();

  await table('sign_ins')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('cycle_day', 'integer', (c) => c.notNull())
    .addColumn('coins', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('sign_ins_once', ['user_id', 'day'])
    .execute();

  await table('rewards')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text')
    .addColumn('coins', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('rewards_user_once', ['kind', 'user_id'])
    .addUniqueConstraint('rewards_mobile_once', ['kind', 'mobile'])
    .execute();

  await table('pay_configs')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('amount_level', 'integer', (c) => c.notNull())
    .addColumn('item_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('present_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('config_desc', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_recommend', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('vip_type', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('vip_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await table('pay_channels')
    .addColumn('sub_type_code', 'text', (c) => c.notNull().unique())
    .addColumn('superior_code', 'text', (c) => c.notNull())
    .addColumn('initiator_code', 'text', (c) => c.notNull())
    .addColumn('sub_type_desc', 'text', (c) => c.notNull())
    .addColumn('discount', 'real', (c) => c.notNull().defaultTo(1))
    .addColumn('app_types', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull().defaultTo('sandbox'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await table('recharge_orders')
    .addColumn('out_trade_no', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('device_id', 'text')
    .addColumn('pay_config_id', 'integer', (c) => c.notNull().references('pay_configs.id'))
    .addColumn('pay_channel', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_trade_no', 'text')
    .addColumn('return_url', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expire_at', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .addColumn('charge_day', 'text')
    .execute();
  await db.schema
    .createIndex('recharge_orders_recovery')
    .on('recharge_orders')
    .columns(['device_id', 'charge_day'])
    .execute();

  await table('pay_notifications')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('out_trade_no', 'text', (c) => c.notNull())
    .addColumn('notify_id', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('the initial migration is not reversible');
}
