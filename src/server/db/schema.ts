import type { Generated } from 'kysely';

/**
 * Tables of the service. Conventions: ids are integers numbered by the database; timestamps are
 * ISO-8601 UTC text; calendar days are 'YYYY-MM-DD' in Asia/Shanghai; booleans are 0/1 integers;
 * coins are integers; money is integer fen.
 */
export interface UsersTable {
  id: Generated<number>;
  account: string;
  password_hash: string;
  visitor_id: string;
  branch_id: number;
  mobile: string | null;
  from_domain: string | null;
  /** Device that registered or last logged in (find_account matches orders by device). */
  device_id: string | null;
  /** Coins; CHECK (balance >= 0); always equals the sum of the user's ledger entries. */
  balance: number;
  vip_type: string;
  vip_end_at: string | null;
  recharged: number;
  created_at: string;
}
export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  /** sha256 of the opaque token; the token itself is never stored. */
  token_hash: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  revoked_at: string | null;
}
export interface UserMarksTable {
  id: Generated<number>;
  user_id: number | null;
  branch_id: number;
  refer_url: string;
  created_at: string;
}
export interface ContactsTable {
  id: Generated<number>;
  user_id: number | null;
  visitor_id: string | null;
  contact_type: string;
  contact_position: string;
  created_at: string;
}
/** Failed-attempt counters shared by all API nodes (per account, device or IP). */
export interface AuthThrottleTable {
  key: string;
  count: number;
  window_start: string;
}
export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  sort: number;
}
export interface BooksTable {
  id: Generated<number>;
  title: string;
  author: string;
  cover_hash: string;
  hori_cover_hash: string;
  publish_status: string;
  recommend: number;
  read_count: number;
  week_read_count: number;
  abstract: string;
  category_id: number;
  chapter_count: number;
  vip_free: number;
  three_d: number;
  /** Title and author split into searchable tokens (see services/search-text). */
  search_text: string;
  created_at: string;
  updated_at: string;
}
export interface ShowcaseItemsTable {
  type: string;
  book_id: number;
  sort: number;
}
export interface ChaptersTable {
  id: Generated<number>;
  book_id: number;
  number: number;
  title: string;
  cover_hash: string;
  price: number;
  pic_split_count: number;
  content: string;
  updated_at: string;
}
export interface ChapterPagesTable {
  id: Generated<number>;
  chapter_id: number;
  idx: number;
  width: number;
  height: number;
  /** JSON array of image hashes, one per part, left to right. */
  parts: string;
}
export interface AdsTable {
  id: Generated<number>;
  /** Where it shows: home, list, vod. */
  position: string;
  jump_type: number;
  biz_id: number;
  url: string;
  img_hash: string;
  title: string;
  sort: number;
}
/** Start advert and video ads of the player (migration 0004). */
export interface PlayerAdsTable {
  id: Generated<number>;
  /** start | video */
  kind: string;
  img_hash: string | null;
  media_key: string | null;
  url: string;
  /** Seconds: the start advert's countdown, or the clip's length. */
  duration: number;
  title: string;
  sort: number;
}
export interface HotWordsTable {
  id: Generated<number>;
  word: string;
  sort: number;
}
export interface VodTypesTable {
  id: number;
  name: string;
  sort: number;
}
export interface VodsTable {
  id: Generated<number>;
  type_id: number;
  name: string;
  pic_hash: string;
  content: string;
  price: number;
  duration: number;
  /** Folder of the HLS output under DATA_DIR/media/vod. */
  media_key: string;
  can_try: number;
  /** This video's trial length in seconds; null follows VOD_TRIAL_SECONDS (services/catalogue/trial.ts). */
  trial_seconds: number | null;
  play_count: number;
  search_text: string;
  created_at: string;
}
/** Player comments (danmu) of a video; user_id is null for the demo catalogue's own. */
export interface VodDanmuTable {
  id: Generated<number>;
  vod_id: number;
  user_id: number | null;
  mode: number;
  /** ms on the video clock */
  stime: number;
  text: string;
  size: number;
  color: number;
  dur: number;
  border: number;
  opacity: number;
  font: string;
  shadow: number;
  /** JSON of DanmuPosition and DanmuMotion (modes 7 and 17), else null. */
  position: string | null;
  motion: string | null;
  created_at: string;
}
export interface VodMarkersTable {
  id: Generated<number>;
  vod_id: number;
  offset: number;
  cover_hash: string;
  title: string;
  describe: string;
}
export interface ReadHistoryTable {
  user_id: number;
  book_id: number;
  number: number;
  updated_at: string;
}
/** One row per reader, chapter and day whose read was counted (PK day, chapter_id, reader). */
export interface ReadMarksTable {
  day: string;
  chapter_id: number;
  /** 'u:<user id>', or 'a:<address>' for a read without a session. */
  reader: string;
}
export interface WatchMarksTable {
  day: string;
  vod_id: number;
  user_id: number;
}
/** Append-only. UNIQUE (kind, ref_type, ref_id): nothing applies twice. */
export interface LedgerTable {
  id: Generated<number>;
  user_id: number;
  amount: number;
  kind: string;
  ref_type: string;
  ref_id: string;
  balance_after: number;
  created_at: string;
}
/** UNIQUE (user_id, item_type, item_id). */
export interface PurchasesTable {
  id: Generated<number>;
  user_id: number;
  item_type: string;
  item_id: number;
  price: number;
  created_at: string;
}
/** UNIQUE (user_id, day). */
export interface SignInsTable {
  id: Generated<number>;
  user_id: number;
  day: string;
  cycle_day: number;
  coins: number;
  created_at: string;
}
/** UNIQUE (kind, user_id) and UNIQUE (kind, mobile). */
export interface RewardsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  mobile: string | null;
  coins: number;
  created_at: string;
}
export interface PayConfigsTable {
  id: Generated<number>;
  type: string;
  amount_level: number;
  item_count: number;
  present_count: number;
  title: string;
  config_desc: string;
  is_default: number;
  is_recommend: number;
  vip_type: string;
  vip_days: number;
  sort: number;
  enabled: number;
}
export interface PayChannelsTable {
  id: Generated<number>;
  sub_type_code: string;
  superior_code: string;
  initiator_code: string;
  sub_type_desc: string;
  discount: number;
  /** Comma-separated app types that may use it. */
  app_types: string;
  provider: string;
  sort: number;
  enabled: number;
}
export interface RechargeOrdersTable {
  id: Generated<number>;
  out_trade_no: string;
  user_id: number;
  device_id: string | null;
  pay_config_id: number;
  pay_channel: string;
  purpose: string;
  amount: number;
  /** CREATED, PAID, EXPIRED (0006: unpaid past its window and closed at the provider) */
  status: string;
  provider: string;
  provider_trade_no: string | null;
  return_url: string | null;
  created_at: string;
  expire_at: string;
  paid_at: string | null;
  /** Asia/Shanghai day of the charge, for find_account. */
  charge_day: string | null;
  /** 0003_pay: when the signed apply URL was used (it works once). */
  applied_at: Generated<string | null>;
  /** 0003_pay: the provider's creation answer (JSON of payUrl and appPayData). */
  pay_data: Generated<string | null>;
  /** 0006_order_expiry: the expiry sweep's claim; another node may take the order once it lapsed. */
  sweep_claimed_until: Generated<string | null>;
  /** 0006_order_expiry: how many times a sweep claimed the order. */
  sweep_attempts: Generated<number>;
  /** 0006_order_expiry: when the sweep closed it (a payment notified afterwards is not credited: 0014). */
  closed_at: Generated<string | null>;
  /** 0014_refunds: fen held by refunds not failed (requested, under way or done): never above amount. */
  refund_reserved: Generated<number>;
  /** 0014_refunds: fen refunded for good (settled refunds). */
  refunded_amount: Generated<number>;
}
export interface PayNotificationsTable {
  id: Generated<number>;
  provider: string;
  out_trade_no: string;
  notify_id: string;
  outcome: string;
  detail: string;
  created_at: string;
}

/** 0007, 0013: the live SMS code of an account for a number (one per purpose, mobile and user). */
export interface SmsCodesTable {
  id: Generated<number>;
  /** What the code proves: 'bind_mobile'. */
  purpose: string;
  mobile: string;
  /** Who asked for it: only this user may use it, and only this user's next send replaces it. */
  user_id: number;
  /** HMAC-SHA256 under the install's SMS key (settings 'sms_code_key'); the code itself is never stored. */
  code_hash: string;
  /** Checks made so far (right or wrong); at the limit the code is dead. */
  attempts: number;
  sent_at: string;
  expires_at: string;
  /** Set when a bind used it (single use), or when another account bound the number (void). */
  used_at: string | null;
}
/** 0007: messages the sandbox SMS provider "delivered" (its test outbox). */
export interface SandboxSmsTable {
  id: Generated<number>;
  mobile: string;
  text: string;
  created_at: string;
}
/** 0003_pay: small key/value settings (sign-in amounts). */
export interface SettingsTable {
  key: string;
  value: string;
}
/** 0003_pay: the sandbox provider's own record of a payment (what a real provider keeps on its side). */
export interface SandboxPaymentsTable {
  id: Generated<number>;
  trade_no: string;
  out_trade_no: string;
  amount: number;
  channel: string;
  subject: string;
  notify_url: string;
  return_url: string | null;
  /** WAIT, PAID, CLOSED */
  status: string;
  expire_at: string;
  paid_at: string | null;
  created_at: string;
}
/** 0003_pay: notifications the sandbox still owes; any node's poller claims due ones. */
export interface SandboxNotifyAttemptsTable {
  id: Generated<number>;
  trade_no: string;
  notify_url: string;
  payload: string;
  /** PENDING, DONE, FAILED */
  status: string;
  attempts: Generated<number>;
  next_at: string;
  claimed_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

/** One row per recurring job (infra/jobs): when its next run is due and who holds the current one. */
export interface JobSchedulesTable {
  name: string;
  next_at: string;
  claimed_until: string | null;
  claim_token: string | null;
  claimed_by: string | null;
  runs: Generated<number>;
  last_started_at: string | null;
  last_finished_at: string | null;
  last_error: string | null;
}

/** One row per one-off run (infra/jobs); unique (name, dedupe_key). */
export interface JobQueueTable {
  id: Generated<number>;
  name: string;
  /** JSON, or null for no payload. */
  payload: string | null;
  dedupe_key: string | null;
  run_at: string;
  /** PENDING, DONE (kept only when deduplicated), FAILED */
  status: string;
  attempts: Generated<number>;
  claimed_until: string | null;
  claim_token: string | null;
  claimed_by: string | null;
  last_error: string | null;
  created_at: string;
  finished_at: string | null;
}

/** 0014_refunds: our side of a refund; refund_no is the provider's idempotency key and the ledger ref. */
export interface RefundsTable {
  id: Generated<number>;
  refund_no: string;
  out_trade_no: string;
  user_id: number;
  provider: string;
  amount: number;
  /** REQUESTED, PROCESSING, SUCCESS, FAILED */
  status: string;
  reason: string;
  operator: string;
  coins_due: Generated<number>;
  coins_reversed: Generated<number>;
  vip_seconds_due: Generated<number>;
  vip_seconds_shortened: Generated<number>;
  provider_refund_no: string | null;
  failure: string | null;
  claimed_until: string | null;
  attempts: Generated<number>;
  created_at: string;
  updated_at: string;
  settled_at: string | null;
}
/** 0014_refunds: the sandbox provider's own refunds; unique (out_trade_no, refund_no). */
export interface SandboxRefundsTable {
  id: Generated<number>;
  out_trade_no: string;
  refund_no: string;
  trade_no: string;
  amount: number;
  /** SUCCESS, FAILED */
  status: string;
  reason: string;
  failure: string | null;
  created_at: string;
}
/** 0014_refunds: an order at odds with its provider; unique (out_trade_no, kind). */
export interface PayMismatchesTable {
  id: Generated<number>;
  out_trade_no: string;
  provider: string;
  /** paid_not_credited, credited_not_paid, amount_differs */
  kind: string;
  our_status: string;
  our_amount: number;
  provider_status: string;
  provider_amount: number | null;
  /** reconcile, notify */
  source: string;
  detail: string;
  first_seen_at: string;
  last_seen_at: string;
  seen_count: Generated<number>;
  resolved_at: string | null;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  user_marks: UserMarksTable;
  contacts: ContactsTable;
  auth_throttle: AuthThrottleTable;
  categories: CategoriesTable;
  books: BooksTable;
  showcase_items: ShowcaseItemsTable;
  chapters: ChaptersTable;
  chapter_pages: ChapterPagesTable;
  ads: AdsTable;
  player_ads: PlayerAdsTable;
  hot_words: HotWordsTable;
  vod_types: VodTypesTable;
  vods: VodsTable;
  vod_markers: VodMarkersTable;
  vod_danmu: VodDanmuTable;
  read_history: ReadHistoryTable;
  read_marks: ReadMarksTable;
  watch_marks: WatchMarksTable;
  ledger: LedgerTable;
  purchases: PurchasesTable;
  sign_ins: SignInsTable;
  rewards: RewardsTable;
  pay_configs: PayConfigsTable;
  pay_channels: PayChannelsTable;
  recharge_orders: RechargeOrdersTable;
  pay_notifications: PayNotificationsTable;
  settings: SettingsTable;
  sandbox_payments: SandboxPaymentsTable;
  sandbox_notify_attempts: SandboxNotifyAttemptsTable;
  sms_codes: SmsCodesTable;
  sandbox_sms: SandboxSmsTable;
  job_schedules: JobSchedulesTable;
  job_queue: JobQueueTable;
  refunds: RefundsTable;
  sandbox_refunds: SandboxRefundsTable;
  pay_mismatches: PayMismatchesTable;
}
