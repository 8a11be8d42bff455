/** Call paths of spec §7 (Fastify route syntax for params) and the request headers. */
export const Api = {
  userFromMark: '/api/user/user_from_mark',
  register: '/api/user/register',
  info: '/api/user/info',
  bindMobile: '/api/user/bind_mobile',
  /** Sends the SMS code that bind_mobile asks for (not in spec §7: binding proves the number). */
  sendBindCode: '/api/user/send_bind_code',
  modifyPwd: '/api/user/modifyPwd',
  login: '/api/user/login',
  submitContact: '/api/user/submit_contact',
  findAccount: '/api/user/find_account',
  dailySign: '/api/user/daily_sign',
  recharge: '/api/user/recharge',
  /** The caller's recharge orders and coin ledger on 充值记录 (beyond spec §7's static sample). */
  rechargeRecords: '/api/user/recharge_records',
  coinRecords: '/api/user/coin_records',
  commonInfo: '/api/common/info/v2/:branchId',
  showcase: '/api/book/showcase/detail/:type/:page',
  category: '/api/book/category',
  query: '/api/book/query/:publish/:category/:page',
  newList: '/api/book/new/:page',
  todayUpdate: '/api/book/today_update',
  rank: '/api/book/rank',
  homeIndex: '/api/book/home/index',
  homeThreeD: '/api/book/home/three_d',
  detail: '/api/book/detail/:id',
  chapterList: '/api/book/chapter/list',
  readChapter: '/api/book/read_chapter',
  chapterBuy: '/api/book/chapter/buy',
  initSearch: '/api/book/init_search',
  search: '/api/book/search',
  vodIndex: '/api/vod/index',
  vodPage: '/api/vod/page/:category/:page',
  vodSearch: '/api/vod/search',
  vodWatch: '/api/vod/watch',
  /** A fresh signed full-video URL (the player renews it before it expires). */
  vodPlayUrl: '/api/vod/play_url',
  vodOrders: '/api/vod/order/page/:page',
  vodBuy: '/api/vod/buy',
  vodDanmu: '/api/vod/danmu',
  pay: '/api/pay/pay',
  payApply: '/h5/pay/apply',
  payNotify: '/h5/pay/notify/:provider',
  report: '/h5/report',
  /** The sandbox SMS provider's test outbox; 404 with any other provider. */
  smsOutbox: '/h5/sms/outbox',
  health: '/healthz',
} as const;

/** Fill `:name` params of a path. */
export function apiPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:(\w+)/g, (_, k: string) => {
    const v = params[k];
    if (v === undefined) throw new Error(`missing path param ${k}`);
    return encodeURIComponent(String(v));
  });
}

export const Header = {
  traceId: 'x-trace-id',
  userId: 'x-user-id',
  account: 'x-account',
  branchId: 'x-branch-id',
  deviceId: 'x-device-id',
  appType: 'x-app-type',
  authorization: 'authorization',
} as const;

/** Trace ids are 8 to 64 characters of [A-Za-z0-9_-]; anything else is not logged. */
export const TRACE_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * GET calls the service worker may cache (catalogue reads and chapters, for reading on a weak or no
 * connection). Account, purchase and payment calls never.
 */
export const CACHEABLE_API_PREFIXES = [
  '/api/book/read_chapter',
  '/api/book/showcase/',
  '/api/book/category',
  '/api/book/new/',
  '/api/book/today_update',
  '/api/book/rank',
  '/api/book/home/',
  '/api/book/detail/',
  '/api/book/init_search',
  '/api/vod/index',
  '/api/vod/page/',
  '/api/common/info/',
] as const;

/**
 * Cacheable answers that carry the caller's own bits (chapter access, bought flags, last chapter, sign-in
 * state): the worker keeps them per user, so after an account switch nobody is shown another's answers.
 */
export const PER_USER_CACHEABLE_PREFIXES = [
  '/api/book/read_chapter',
  '/api/book/detail/',
  '/api/book/today_update',
] as const;
