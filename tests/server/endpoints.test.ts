import { compileErrors, validate } from '@readme/openapi-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { LightMyRequestResponse } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPath,
  Code,
  endpointIds,
  endpoints,
  type EndpointId,
  type PayData,
  type SessionData,
} from '../../src/contract/index.js';
import { listRoutes } from '../../src/server/app.js';
import { OPENAPI_PATH } from '../../src/server/http/openapi.js';
import { seedPayData } from '../../src/server/services/pay/defaults.js';
import { refundNotificationFields } from '../../src/server/services/pay/sandbox/refunds.js';
import { requestRefund } from '../../src/server/services/refunds/request.js';
import { shanghaiDay } from '../../src/server/services/shanghai-day.js';
import { authHeaders, FAST_HASHING, freshIp, newDeviceId, registerUser } from './helpers/accounts.js';
import { insertFixtureCatalogue, type FixtureCatalogue } from './helpers/fixtures.js';
import { grantCoins, payConfig, queuedNotification, tradeNoOf } from './helpers/money.js';
import { readOutboxCode } from './helpers/sms.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

type Fields = Record<string, string | number>;
interface Input {
  params?: Fields;
  query?: Fields;
  body?: Fields;
  /** A form body as it came from elsewhere (a provider's signed notification). */
  raw?: string;
}
const form = (f: Fields) => new URLSearchParams(Object.entries(f).map(([k, v]) => [k, String(v)])).toString();
const answerName = (id: EndpointId) => `${id[0]!.toUpperCase()}${id.slice(1)}Answer`;

/**
 * The contract's table is the API: every call of it is registered from its entry, answers a real
 * request with what its schema and the OpenAPI document say, and the document passes a validator.
 */
describe('the table of calls', () => {
  let t: TestApp;
  let f: FixtureCatalogue;
  /** What each handler answered, before the answer schema serialised it (method and route path). */
  const answered = new Map<string, unknown>();

  beforeAll(async () => {
    t = await createTestApp(FAST_HASHING, (app) => {
      app.addHook('preSerialization', async (request, _reply, payload) => {
        answered.set(`${request.method} ${request.routeOptions.url}`, payload);
        return payload;
      });
    });
    f = await insertFixtureCatalogue(t.database.db);
    await seedPayData(t.database.db);
  });
  afterAll(() => t?.close());

  const getDocument = async () => {
    const res = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    return res.json<OpenAPIV3_1.Document>();
  };

  it('registers every call of the table, and every /api and /h5 route is a call of it', () => {
    const registered = new Set(listRoutes(t.app).flatMap((r) => r.methods.map((m) => `${m} ${r.url}`)));
    const table = new Set(endpointIds.map((id) => `${endpoints[id].method} ${endpoints[id].path}`));
    for (const call of table) expect(registered.has(call), call).toBe(true);
    const outside = [...registered].filter(
      (r) => /^(GET|POST) \/(api|h5)\//.test(r) && !table.has(r) && !r.includes('/h5/sandbox/'),
    );
    // The sandbox cashier stands in for a pay provider's own site; the document describes the table.
    expect(outside).toEqual([`GET ${OPENAPI_PATH}`]);
  });

  it('serves an OpenAPI 3.1 document of every call that a validator accepts', async () => {
    const doc = await getDocument();
    expect(doc.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(doc));
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
    const operations = Object.values(doc.paths ?? {}).flatMap((p) =>
      Object.values(p ?? {}).map((op) => (op as { operationId: string }).operationId),
    );
    expect(operations.sort()).toEqual([...endpointIds].sort());
    const bookDetail = doc.paths!['/api/book/detail/{id}']!.get!;
    expect(bookDetail.parameters?.[0]).toMatchObject({ name: 'id', in: 'path', required: true });
    expect(doc.paths!['/api/vod/buy']!.post!.security).toEqual([{ session: [] }]);
  });

  it('answers every call as its schema and the document say', async () => {
    const doc = await getDocument();
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema({ $id: 'https://inkreel.test/api', components: doc.components }, 'api');
    const called = new Set<EndpointId>();

    const deviceId = newDeviceId();
    const address = freshIp();
    let user: SessionData = await registerUser(t.app, { deviceId, fromDomain: 'm.inkreel.test' });
    called.add('register');
    const headers = () => ({ ...authHeaders(user), 'x-device-id': deviceId, 'x-forwarded-for': address });

    async function send(id: EndpointId, input: Input = {}, extra: Record<string, string> = {}) {
      const e = endpoints[id];
      const query = input.query ? `?${form(input.query)}` : '';
      called.add(id);
      answered.delete(`${e.method} ${e.path}`);
      return t.app.inject({
        method: e.method,
        url: `${apiPath(e.path, input.params)}${query}`,
        headers: {
          ...headers(),
          ...((input.body || input.raw) && { 'content-type': 'application/x-www-form-urlencoded' }),
          ...extra,
        },
        payload: input.raw ?? (input.body ? form(input.body) : undefined),
      });
    }
    /** A JSON call: HTTP 200, the expected result, and the handler's answer valid against the document. */
    async function expectAnswer(id: EndpointId, input: Input = {}, granted = true) {
      const res = await send(id, input);
      expect(res.statusCode, `${id}: ${res.body}`).toBe(200);
      const body = res.json<{ result: boolean; code: number | string; data: unknown }>();
      expect(body.result, `${id}: ${res.body}`).toBe(granted);
      const check = ajv.getSchema(`https://inkreel.test/api#/components/schemas/${answerName(id)}`)!;
      const raw = answered.get(`${endpoints[id].method} ${endpoints[id].path}`);
      // The answer as the handler made it: a field the schema lacks would be dropped on the way out.
      expect(check(raw), `${id}: ${ajv.errorsText(check.errors)}`).toBe(true);
      expect(check(body), `${id}: ${ajv.errorsText(check.errors)}`).toBe(true);
      return body as { result: boolean; code: number | string; data: never };
    }
    const page = (res: LightMyRequestResponse, status = 200) => {
      expect(res.statusCode, res.body).toBe(status);
      if (status === 200) expect(res.headers['content-type']).toContain('text/html');
    };

    const book = f.books.find((b) => b.chapters.some((c) => c.price > 0) && !b.vipFree)!;
    const paid = book.chapters.find((c) => c.price > 0)!;
    const vod = f.vods.find((v) => v.price > 0)!;

    await expectAnswer('health');
    await expectAnswer('info');
    await expectAnswer('userFromMark', { body: { referUrl: 'https://m.inkreel.test/?tgId=1' } });
    await expectAnswer('submitContact', { body: { contactType: 'qq', contactPosition: 'mine' } });
    await expectAnswer('commonInfo', { params: { branchId: 0 } });
    for (const id of ['category', 'homeIndex', 'homeThreeD', 'initSearch', 'vodIndex'] as const)
      await expectAnswer(id);
    await expectAnswer('showcase', { params: { type: 'hot', page: 1 } });
    await expectAnswer('query', { params: { publish: '0', category: 0, page: 1 } });
    await expectAnswer('newList', { params: { page: 1 } });
    await expectAnswer('updateList', { params: { page: 1 } });
    const today = await expectAnswer('todayUpdate', { query: { category: 0, pageSize: 6, currentPage: 1 } });
    expect(today.data).toMatchObject({ dailySign: { signedToday: false } });
    await expectAnswer('rank', { query: { category: 0, type: 'week', currentPage: 1 } });
    await expectAnswer('detail', { params: { id: book.id } });
    await expectAnswer('chapterList', { query: { bookId: book.id } });
    await expectAnswer('readChapter', { query: { bookId: book.id, number: 1 } });
    await expectAnswer('search', { query: { content: book.title.slice(0, 2) } });
    await expectAnswer('vodPage', { params: { category: 0, page: 1 } });
    await expectAnswer('vodInfo', { params: { vodId: vod.id } });
    await expectAnswer('vodSearch', { query: { content: vod.name.slice(0, 2), currentPage: 1 } });

    // Refusals that carry data: a locked chapter (the buy dialog's facts) and a buy without coins.
    const locked = await expectAnswer(
      'readChapter',
      { query: { bookId: book.id, number: paid.number } },
      false,
    );
    expect(locked.code).toBe(Code.UNPAID);
    const poor = await expectAnswer('chapterBuy', { query: { chapterId: paid.id } }, false);
    expect(poor).toMatchObject({ code: Code.UNPAID, data: { charged: 0 } });
    await grantCoins(t.database.db, user.userId, 10_000);
    await expectAnswer('chapterBuy', { query: { chapterId: paid.id } });
    await expectAnswer('vodWatch', { body: { vodId: vod.id } });
    await expectAnswer('vodBuy', { body: { vodId: vod.id } });
    await expectAnswer('vodPlayUrl', { body: { vodId: vod.id } });
    await expectAnswer('vodOrders', { params: { page: 1 } });
    await expectAnswer('vodDanmu', { body: { vodId: vod.id, stime: 1000, text: '好看' } });
    await expectAnswer('dailySign');
    await expectAnswer('recharge', { query: { appType: 'wap_browser' } });

    const mobile = `139${String(Date.now()).slice(-8)}`;
    await expectAnswer('sendBindCode', { body: { mobile } });
    const outbox = await send('smsOutbox', { query: { mobile } });
    page(outbox);
    const code = await readOutboxCode(t.app, mobile);
    await expectAnswer('bindMobile', { body: { mobile, code: code!, password: user.password! } });
    await expectAnswer('modifyPwd', { body: { password: 'new-secret-1' } });
    user = (await expectAnswer('login', { body: { account: user.account, password: 'new-secret-1' } })).data;

    // Top-up: a wap order paid at the sandbox cashier, whose notification then finds the account.
    const cfg = await payConfig(t.database.db, 'coin');
    const order = (channel: string, appType: string) => ({
      body: {
        payChannel: channel,
        payPurpose: cfg.type,
        payPurposeId: cfg.id,
        rechargerAmount: cfg.amount_level,
        appType,
        returnUrl: '/purchase?paid=1',
      },
    });
    const wap = (await expectAnswer('pay', order('alipay_wap', 'wap_browser'))).data as PayData;
    const tradeNo = tradeNoOf(wap.payUrl!);
    const cashier = await t.app.inject({
      method: 'POST',
      url: `/h5/sandbox/cashier/${tradeNo}/pay`,
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(cashier.statusCode).toBe(303);
    const raw = await queuedNotification(t.database.db, tradeNo);
    const ack = await send('payNotify', { params: { provider: 'sandbox' }, raw });
    expect([ack.statusCode, ack.body]).toEqual([200, 'success']);
    // A part of it refunded (settled at once by the sandbox); the provider's later word on it is a copy.
    const refunded = await requestRefund(
      { db: t.database.db, providers: t.ctx.payProviders, clock: t.ctx.clock },
      { orderNo: wap.orderNo, amount: 100, reason: 'endpoint walk', operator: 'test' },
    );
    expect(refunded.refund.status).toBe('SUCCESS');
    const refundNotify = refundNotificationFields(
      { out_trade_no: wap.orderNo, refund_no: refunded.refund.refund_no, amount: 100, status: 'SUCCESS' },
      t.config.paySecret,
    );
    const refundAck = await send('payRefundNotify', {
      params: { provider: 'sandbox' },
      raw: new URLSearchParams(refundNotify).toString(),
    });
    expect([refundAck.statusCode, refundAck.body]).toEqual([200, 'success']);
    const found = await expectAnswer('findAccount', { body: { chargeTime: shanghaiDay(new Date()) } });
    // Recovery ends the account's sessions and hands this device a new one.
    user = { ...user, token: (found.data as { token: string }).token };
    // 充值记录: the paid order and the ledger (purchases, sign-in, bind reward, the top-up).
    const orders = await expectAnswer('rechargeRecords', { query: {} });
    expect((orders.data as { list: unknown[] }).list.length).toBeGreaterThan(0);
    const coins = await expectAnswer('coinRecords', { query: {} });
    expect((coins.data as { list: unknown[] }).list.length).toBeGreaterThan(2);

    // An app-channel order: applying it answers the data the native payment starts from.
    const app = (await expectAnswer('pay', order('alipay_app', 'shell'))).data as PayData;
    const applyUrl = new URL(app.applyUrl!, 'http://localhost');
    const apply = await send('payApply', { query: Object.fromEntries(applyUrl.searchParams) });
    expect(apply.statusCode, apply.body).toBe(200);
    const applied = ajv.getSchema(`https://inkreel.test/api#/components/schemas/${answerName('payApply')}`)!;
    expect(applied(apply.json()), ajv.errorsText(applied.errors)).toBe(true);

    page(await send('report', { query: { returnUrl: '/user' } }));
    const sent = await send(
      'reportSend',
      { body: { reason: '其他', message: '页面打不开', returnUrl: '/user' } },
      { 'sec-fetch-site': 'same-origin' },
    );
    page(sent, 303);

    expect([...called].sort()).toEqual([...endpointIds].sort());
  });
});
