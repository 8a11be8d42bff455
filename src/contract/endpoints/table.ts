/**
 * Every call of spec §7 and our own, once: what the app, the service worker and the server need to know
 * about it besides its schemas. The schemas live beside it in `schemas.ts`, keyed by the same ids (the
 * type checker refuses an id in one and not the other), so the app's bundle carries these facts only.
 */

/**
 * public: anyone; the app sends its token when it holds one. visitor: anyone too, but the answer is the
 * caller's (access, bought flags, source mark), so the app registers a visitor first. user: the server
 * answers 401 without a session.
 */
export type EndpointAuth = 'public' | 'visitor' | 'user';
/**
 * What the service worker keeps for offline use: nothing, the same answer for everyone, or an answer
 * kept per user (it carries the caller's own bits).
 */
export type CacheKind = 'none' | 'catalogue' | 'per-user';

export interface Endpoint {
  method: 'GET' | 'POST';
  /** Fastify route syntax (`:name` params). */
  path: string;
  auth: EndpointAuth;
  cache: CacheKind;
  /** Catalogue reads go to the static-API host (spec §7); every other call to the dynamic host. */
  host?: 'static';
  /** Not the JSON envelope: a page for the browser, or plain text for a pay provider. */
  answer?: 'html' | 'text';
}

const endpoint = <const E extends Endpoint>(e: E) => e;
const catalogue = <const P extends string>(path: P) =>
  endpoint({ method: 'GET', path, auth: 'public', cache: 'catalogue', host: 'static' });

export const endpoints = {
  // Account (spec §7 /api/user).
  userFromMark: endpoint({
    method: 'POST',
    path: '/api/user/user_from_mark',
    auth: 'visitor',
    cache: 'none',
  }),
  register: endpoint({ method: 'POST', path: '/api/user/register', auth: 'public', cache: 'none' }),
  info: endpoint({ method: 'GET', path: '/api/user/info', auth: 'user', cache: 'none' }),
  bindMobile: endpoint({ method: 'POST', path: '/api/user/bind_mobile', auth: 'user', cache: 'none' }),
  /** Not in spec §7: binding proves the number with this SMS code. */
  sendBindCode: endpoint({ method: 'POST', path: '/api/user/send_bind_code', auth: 'user', cache: 'none' }),
  modifyPwd: endpoint({ method: 'POST', path: '/api/user/modifyPwd', auth: 'user', cache: 'none' }),
  login: endpoint({ method: 'POST', path: '/api/user/login', auth: 'public', cache: 'none' }),
  submitContact: endpoint({
    method: 'POST',
    path: '/api/user/submit_contact',
    auth: 'public',
    cache: 'none',
  }),
  findAccount: endpoint({ method: 'POST', path: '/api/user/find_account', auth: 'public', cache: 'none' }),
  dailySign: endpoint({ method: 'POST', path: '/api/user/daily_sign', auth: 'user', cache: 'none' }),
  recharge: endpoint({ method: 'GET', path: '/api/user/recharge', auth: 'user', cache: 'none' }),
  /** 充值记录: the caller's recharge orders and coin ledger (beyond spec §7's static sample). */
  rechargeRecords: endpoint({
    method: 'GET',
    path: '/api/user/recharge_records',
    auth: 'user',
    cache: 'none',
  }),
  coinRecords: endpoint({ method: 'GET', path: '/api/user/coin_records', auth: 'user', cache: 'none' }),
  commonInfo: catalogue('/api/common/info/v2/:branchId'),

  // Comics.
  showcase: catalogue('/api/book/showcase/detail/:type/:page'),
  category: catalogue('/api/book/category'),
  query: endpoint({
    method: 'POST',
    path: '/api/book/query/:publish/:category/:page',
    auth: 'public',
    cache: 'none',
  }),
  newList: catalogue('/api/book/new/:page'),
  /** Not in spec §7 (its route /new is): the update list, updates day by day, the most read first. */
  updateList: catalogue('/api/book/update_list/:page'),
  /** Public, but with a session it carries the caller's sign-in strip. */
  todayUpdate: endpoint({
    method: 'GET',
    path: '/api/book/today_update',
    auth: 'public',
    cache: 'per-user',
    host: 'static',
  }),
  rank: catalogue('/api/book/rank'),
  homeIndex: catalogue('/api/book/home/index'),
  homeThreeD: catalogue('/api/book/home/three_d'),
  /** Public, but answers lastChapter for the caller. */
  detail: endpoint({ method: 'GET', path: '/api/book/detail/:id', auth: 'public', cache: 'per-user' }),
  chapterList: endpoint({ method: 'POST', path: '/api/book/chapter/list', auth: 'visitor', cache: 'none' }),
  readChapter: endpoint({
    method: 'GET',
    path: '/api/book/read_chapter',
    auth: 'visitor',
    cache: 'per-user',
  }),
  chapterBuy: endpoint({ method: 'POST', path: '/api/book/chapter/buy', auth: 'user', cache: 'none' }),
  initSearch: catalogue('/api/book/init_search'),
  search: endpoint({ method: 'POST', path: '/api/book/search', auth: 'public', cache: 'none' }),

  // Videos.
  vodIndex: catalogue('/api/vod/index'),
  vodPage: catalogue('/api/vod/page/:category/:page'),
  vodSearch: endpoint({ method: 'POST', path: '/api/vod/search', auth: 'public', cache: 'none' }),
  /** A video's public facts: the first screen of its page, before the caller's watch answer. */
  vodInfo: catalogue('/api/vod/info/:vodId'),
  vodWatch: endpoint({ method: 'POST', path: '/api/vod/watch', auth: 'user', cache: 'none' }),
  /** A fresh signed full-video URL (the player renews it before it expires). */
  vodPlayUrl: endpoint({ method: 'POST', path: '/api/vod/play_url', auth: 'user', cache: 'none' }),
  vodOrders: endpoint({ method: 'GET', path: '/api/vod/order/page/:page', auth: 'user', cache: 'none' }),
  vodBuy: endpoint({ method: 'POST', path: '/api/vod/buy', auth: 'user', cache: 'none' }),
  vodDanmu: endpoint({ method: 'POST', path: '/api/vod/danmu', auth: 'user', cache: 'none' }),

  // Top-up and pages.
  pay: endpoint({ method: 'POST', path: '/api/pay/pay', auth: 'user', cache: 'none' }),
  /** A browser navigation, authorised by its signed single-use ticket (a wap_pay order redirects). */
  payApply: endpoint({ method: 'GET', path: '/h5/pay/apply', auth: 'public', cache: 'none' }),
  /** The pay provider's notification, checked by its signature; answered in the provider's words. */
  payNotify: endpoint({
    method: 'POST',
    path: '/h5/pay/notify/:provider',
    auth: 'public',
    cache: 'none',
    answer: 'text',
  }),
  /** The pay provider's notification about a refund (where it sends one), checked like payNotify. */
  payRefundNotify: endpoint({
    method: 'POST',
    path: '/h5/pay/refund-notify/:provider',
    auth: 'public',
    cache: 'none',
    answer: 'text',
  }),
  report: endpoint({ method: 'GET', path: '/h5/report', auth: 'public', cache: 'none', answer: 'html' }),
  reportSend: endpoint({ method: 'POST', path: '/h5/report', auth: 'public', cache: 'none', answer: 'html' }),
  /** The sandbox SMS provider's test outbox; 404 with any other provider. */
  smsOutbox: endpoint({
    method: 'GET',
    path: '/h5/sms/outbox',
    auth: 'public',
    cache: 'none',
    answer: 'html',
  }),
  health: endpoint({ method: 'GET', path: '/healthz', auth: 'public', cache: 'none' }),
} as const;

export type Endpoints = typeof endpoints;
export type EndpointId = keyof Endpoints;
export const endpointIds = Object.keys(endpoints) as EndpointId[];

/** Call paths by id, for links, tests and pages that name a path. */
export const Api = Object.fromEntries(endpointIds.map((id) => [id, endpoints[id].path])) as {
  readonly [K in EndpointId]: Endpoints[K]['path'];
};

/** Fill `:name` params of a path. */
export function apiPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:(\w+)/g, (_, k: string) => {
    const v = params[k];
    if (v === undefined) throw new Error(`missing path param ${k}`);
    return encodeURIComponent(String(v));
  });
}
