import { z } from 'zod';
import {
  BookDetail,
  BookList,
  BuyData,
  CategoryData,
  Chapter,
  ChapterBuyQuery,
  ChapterReadInfo,
  ChapterUnpaid,
  DetailParams,
  HomeIndex,
  HotWords,
  PageParams,
  QueryParams,
  RankQuery,
  ReadChapterQuery,
  SearchQuery,
  SearchResult,
  ShowcaseParams,
  ThreeDData,
  TodayUpdateData,
  TodayUpdateQuery,
} from '../schemas/book.js';
import { BranchParams, CommonInfo, IntId, ReportBody, ReportQuery } from '../schemas/common.js';
import {
  BindMobileBody,
  DailySignData,
  FindAccountBody,
  FindAccountData,
  LoginBody,
  Mobile,
  ModifyPwdBody,
  PayApplyQuery,
  PayBody,
  PayData,
  RechargeData,
  RechargeQuery,
  RegisterQuery,
  SendBindCodeBody,
  SendBindCodeData,
  SessionData,
  SubmitContactBody,
  UserFromMarkBody,
  UserInfo,
} from '../schemas/user.js';
import {
  DanmuPostBody,
  Vod,
  VodDanmu,
  VodIdBody,
  VodIdParams,
  VodIndexData,
  VodInfo,
  VodList,
  VodPageParams,
  VodPlayUrl,
  VodSearchQuery,
  VodShelfPage,
} from '../schemas/vod.js';
import { CoinRecordPage, RechargeRecordPage, RecordsQuery } from '../schemas/records.js';
import type { EndpointId } from './table.js';

export interface EndpointSchemas {
  /** One line for the API document. */
  summary: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** Form-encoded fields (spec §7: content is form-encoded). */
  body?: z.ZodType;
  /** Data of a granted JSON answer (result true, code 200). */
  data?: z.ZodType;
  /** Data a refusal (result false) carries, when it carries any: the buy dialog's facts, a wait. */
  failData?: z.ZodType;
}

/** The id comes in the query (?bookId=) or the form body (bookId=), as clients send either. */
export const OptionalBookId = z.object({ bookId: IntId.optional() });
export const ProviderParams = z.object({ provider: z.string().regex(/^[a-z0-9_]{1,32}$/) });
export const OutboxQuery = z.object({ mobile: Mobile.optional() });
export const HealthData = z.object({ status: z.literal('ok'), db: z.enum(['sqlite', 'postgres']) });

/** Input and answer schemas of every call of the table (`table.ts`), keyed by the same ids. */
export const endpointSchemas = {
  userFromMark: { summary: 'Marks where the user came from', body: UserFromMarkBody, data: z.null() },
  register: { summary: 'Registers an anonymous user', query: RegisterQuery, data: SessionData },
  info: { summary: "The caller's user info", data: UserInfo },
  bindMobile: {
    summary: 'Binds a mobile number (proved by its SMS code)',
    body: BindMobileBody,
    data: UserInfo,
  },
  sendBindCode: {
    summary: 'Sends the SMS code that bind_mobile asks for',
    body: SendBindCodeBody,
    data: SendBindCodeData,
    failData: SendBindCodeData,
  },
  modifyPwd: { summary: 'Changes the password', body: ModifyPwdBody, data: z.null() },
  login: { summary: 'Logs in with account and password', body: LoginBody, data: SessionData },
  submitContact: { summary: 'Records which support entry was used', body: SubmitContactBody, data: z.null() },
  findAccount: {
    summary: 'Finds the account of a recharge on this device',
    body: FindAccountBody,
    data: FindAccountData,
  },
  dailySign: { summary: 'Daily sign-in for coins', data: DailySignData },
  recharge: {
    summary: 'Packages, channels and balance for the top-up page',
    query: RechargeQuery,
    data: RechargeData,
  },
  rechargeRecords: {
    summary: "The caller's recharge orders, newest first, after the cursor",
    query: RecordsQuery,
    data: RechargeRecordPage,
  },
  coinRecords: {
    summary: "The caller's coin ledger (spent and received), newest first, after the cursor",
    query: RecordsQuery,
    data: CoinRecordPage,
  },
  commonInfo: {
    summary: 'Support contacts and the app download link',
    params: BranchParams,
    data: CommonInfo,
  },

  showcase: { summary: 'One page of a home showcase', params: ShowcaseParams, data: BookList },
  category: { summary: 'Categories and publish statuses', data: CategoryData },
  query: { summary: 'Books filtered by publish status and category', params: QueryParams, data: BookList },
  newList: {
    summary: 'Every book by its newest chapter, the latest first',
    params: PageParams,
    data: BookList,
  },
  updateList: {
    summary: 'Updates day by day (the last 24 hours first), the most read first within a day',
    params: PageParams,
    data: BookList,
  },
  todayUpdate: {
    summary: "Today's updates, with the caller's sign-in strip",
    query: TodayUpdateQuery,
    data: TodayUpdateData,
  },
  rank: { summary: 'Ranking by total or weekly reads', query: RankQuery, data: BookList },
  homeIndex: { summary: 'The home screen', data: HomeIndex },
  homeThreeD: { summary: 'The Three-D list', data: ThreeDData },
  detail: {
    summary: "A book with its catalogue and the caller's last chapter",
    params: DetailParams,
    data: BookDetail,
  },
  chapterList: {
    summary: "A book's catalogue with the caller's bought flags",
    query: OptionalBookId,
    body: OptionalBookId,
    data: z.array(Chapter),
  },
  readChapter: {
    summary: 'A chapter to read; 999 with the buy facts when locked',
    query: ReadChapterQuery,
    data: ChapterReadInfo,
    failData: ChapterUnpaid,
  },
  chapterBuy: {
    summary: 'Buys a chapter with coins',
    query: ChapterBuyQuery,
    data: BuyData,
    failData: BuyData,
  },
  initSearch: { summary: 'Hot search words', data: HotWords },
  search: { summary: 'Searches books by title or author', query: SearchQuery, data: SearchResult },

  vodIndex: { summary: 'Video shelves, one per type', data: VodIndexData },
  vodPage: { summary: 'Videos of a type, by page', params: VodPageParams, data: VodList },
  vodSearch: { summary: 'Searches videos', query: VodSearchQuery, data: VodList },
  vodInfo: {
    summary: "A video's title, poster and text: its page's first screen, the same for every caller",
    params: VodIdParams,
    data: VodInfo,
  },
  vodWatch: { summary: "A video with the caller's play URL", body: VodIdBody, data: Vod },
  vodPlayUrl: {
    summary: "A fresh signed URL of a bought video's full master",
    body: VodIdBody,
    data: VodPlayUrl,
  },
  vodOrders: { summary: 'Bought videos, by page', params: PageParams, data: VodShelfPage },
  vodBuy: { summary: 'Buys a video with coins', body: VodIdBody, data: BuyData, failData: BuyData },
  vodDanmu: { summary: 'Posts a comment on the video clock', body: DanmuPostBody, data: VodDanmu },

  pay: { summary: 'Creates a top-up order; the answer says how to pay it', body: PayBody, data: PayData },
  payApply: {
    summary: 'Applies an order (signed ticket): 302 to the cashier for wap_pay, else the app payment data',
    query: PayApplyQuery,
    data: PayData,
  },
  payNotify: { summary: "The pay provider's notification", params: ProviderParams, body: z.unknown() },
  payRefundNotify: {
    summary: "The pay provider's notification about a refund",
    params: ProviderParams,
    body: z.unknown(),
  },
  report: { summary: 'The problem report page', query: ReportQuery },
  reportSend: { summary: 'Sends a problem report (redirects back to the page)', body: ReportBody },
  smsOutbox: { summary: "The sandbox SMS provider's test outbox", query: OutboxQuery },
  health: { summary: 'Liveness and database check', data: HealthData },
} as const satisfies Record<EndpointId, EndpointSchemas>;

export type EndpointSchemaMap = typeof endpointSchemas;

const Code = z.union([z.number(), z.string()]);
/** A granted answer: result true, code 200 and the call's data. */
const granted = (data: z.ZodType) =>
  z.object({ result: z.literal(true), code: z.literal(200), msg: z.string(), data });
/** A refusal: result false, the spec's code and words, and what the call's refusals carry. */
export const refusal = (data: z.ZodType = z.null()) =>
  z.object({ result: z.literal(false), code: Code, msg: z.string(), data });

/**
 * The answers of a JSON call by HTTP status: 200 is granted or a business refusal; invalid input, no
 * session and too many attempts are 4xx refusals. undefined for a page or a provider's text.
 */
export function answerSchemas(id: EndpointId): { 200: z.ZodType; '4xx': z.ZodType } | undefined {
  const s: EndpointSchemas = endpointSchemas[id];
  if (!s.data) return undefined;
  const refused = refusal(s.failData ? s.failData.nullable() : z.null());
  return { 200: z.union([granted(s.data), refused]), '4xx': refusal() };
}
