import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, Code, DanmuMsg, Msg, Vod, VodDanmu, type SessionData } from '../../src/contract/index.js';
import { RateLimits } from '../../src/server/http/rate-limits.js';
import { authHeaders, FAST_HASHING, freshIp, registerUser } from './helpers/accounts.js';
import { anonHeaders, okData, postWatch } from './helpers/catalogue.js';
import { insertFixtureCatalogue, type FixtureCatalogue } from './helpers/fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const FORM = 'application/x-www-form-urlencoded';
const enc = (body: Record<string, string | number>) =>
  Object.entries(body)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');
/** Addresses on the open internet: not a trusted proxy, so X-Forwarded-For from them is ignored. */
let publicHost = 0;
const publicIp = () => `198.51.100.${++publicHost}`;

describe('security: input, danmu and rate limit keys', () => {
  let t: TestApp;
  let f: FixtureCatalogue;
  let user: SessionData;
  const danmu = (s: SessionData, body: Record<string, string | number>, extra: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: Api.vodDanmu,
      headers: { ...authHeaders(s), 'content-type': FORM, ...extra },
      payload: enc(body),
    });

  beforeAll(async () => {
    t = await createTestApp(FAST_HASHING);
    f = await insertFixtureCatalogue(t.database.db);
    user = await registerUser(t.app);
  });
  afterAll(() => t.close());

  it('refuses a NUL character anywhere in a call with a 400, on SQLite and PostgreSQL alike', async () => {
    const calls = [
      { url: Api.submitContact, payload: 'contactType=qq&contactPosition=a%00b' },
      { url: Api.userFromMark, payload: 'referUrl=https%3A%2F%2Fx.example%2F%00' },
      { url: `${Api.register}?fromDomain=a%00b`, payload: '', ip: freshIp() },
      { url: Api.login, payload: 'account=u1234%005678&password=secret-123', ip: freshIp() },
      { url: `${Api.vodSearch}?content=a%00b`, payload: '' },
      { url: Api.report, payload: `reason=${encodeURIComponent('其他')}&message=a%00b` },
    ];
    for (const c of calls) {
      const res = await t.app.inject({
        method: 'POST',
        url: c.url,
        headers: {
          ...anonHeaders(),
          'content-type': FORM,
          ...(c.ip ? { 'x-forwarded-for': c.ip } : {}),
        },
        payload: c.payload,
      });
      expect(res.statusCode, c.url).toBe(400);
      expect(res.json(), c.url).toEqual({ result: false, code: 400, msg: Msg.badRequest, data: null });
    }
    const json = await t.app.inject({
      method: 'POST',
      url: Api.submitContact,
      headers: { ...anonHeaders(), 'content-type': 'application/json' },
      payload: JSON.stringify({ contactType: 'qq', contactPosition: 'x', nested: { deep: ['a\u0000'] } }),
    });
    expect(json.statusCode).toBe(400);
    const stored = await t.database.db.selectFrom('contacts').select('contact_position').execute();
    expect(stored.some((r) => r.contact_position.includes('\u0000'))).toBe(false);
  });

  it('stores danmu markup as plain text and returns it JSON-encoded; bidi controls and invisible text are refused', async () => {
    const v = f.vods[0]!;
    const markup = '<img src=x onerror=alert(1)>"\'&';
    const posted = await danmu(user, { vodId: v.id, stime: 1000, text: markup });
    expect(posted.headers['content-type']).toContain('application/json');
    expect(posted.headers['x-content-type-options']).toBe('nosniff');
    expect(okData(posted, VodDanmu).text).toBe(markup);
    const watched = okData(await postWatch(t.app, v.id, authHeaders(user)), Vod);
    expect(watched.danmuList.map((d) => d.text)).toContain(markup);

    const refused: [string, string][] = [
      ['\u202Egnp.exe', DanmuMsg.badStyle],
      ['abc\u202Adef', DanmuMsg.badStyle],
      ['a\u2066b\u2069', DanmuMsg.badStyle],
      ['x\u2067y', DanmuMsg.badStyle],
      ['\u200B', DanmuMsg.empty],
      ['\u200B\u200D\u2060 ', DanmuMsg.empty],
      ['a\u0000b', Msg.badRequest],
      ['a\u0007b', DanmuMsg.badStyle],
    ];
    for (const [text, msg] of refused) {
      const res = await danmu(user, { vodId: v.id, stime: 1000, text });
      expect(res.statusCode, JSON.stringify(text)).toBe(400);
      expect(res.json(), JSON.stringify(text)).toMatchObject({ result: false, msg });
    }
    const rows = await t.database.db.selectFrom('vod_danmu').select('text').execute();
    expect(rows.map((r) => r.text)).toEqual([markup]);
    // Ordinary text with emoji and a zero-width joiner inside still goes through.
    okData(await danmu(user, { vodId: v.id, stime: 2000, text: '好看👨‍👩‍👧' }), VodDanmu);
  });

  it('limits danmu per address too, so fresh anonymous accounts do not multiply the per-account limit', async () => {
    const v = f.vods[1]!;
    const ip = publicIp();
    const max = RateLimits.danmu.max;
    const accounts: SessionData[] = [];
    // Each account stays within its own 10 a minute; spoofed forwarding headers change nothing.
    for (let i = 0; i * 10 < max + 10; i++) accounts.push(await registerUser(t.app));
    const codes: number[] = [];
    for (let i = 0; i < max + 1; i++) {
      const s = accounts[Math.floor(i / 10)]!;
      const res = await t.app.inject({
        method: 'POST',
        url: Api.vodDanmu,
        remoteAddress: ip,
        headers: {
          ...authHeaders(s),
          'content-type': FORM,
          'x-forwarded-for': `203.0.113.${i % 250}`,
          'x-real-ip': `203.0.113.${i % 250}`,
        },
        payload: enc({ vodId: v.id, stime: 1000 + i, text: `第${i}条` }),
      });
      codes.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json()).toMatchObject({
          result: false,
          code: Code.RATE_LIMITED,
          msg: Msg.tooManyAttempts,
        });
      }
    }
    expect(codes.slice(0, max).every((c) => c === 200)).toBe(true);
    expect(codes[max]).toBe(429);
    // Another address is not held back.
    const other = await danmu(await registerUser(t.app), { vodId: v.id, stime: 5, text: '别处' });
    expect(other.statusCode).toBe(200);
  });

  it('keys login and register limits on the connecting address: forwarding, user and account headers do not reset them', async () => {
    for (const [url, rule] of [
      [Api.register, RateLimits.register],
      [Api.login, RateLimits.login],
    ] as const) {
      const ip = publicIp();
      const codes: number[] = [];
      for (let i = 0; i < rule.max + 2; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          remoteAddress: ip,
          headers: {
            ...anonHeaders(),
            'content-type': FORM,
            'x-forwarded-for': `10.77.0.${i}`,
            'x-real-ip': `10.77.0.${i}`,
            'x-user-id': String(1000 + i),
            'x-account': `u${10_000_000 + i}`,
          },
          payload: url === Api.login ? `account=u${20_000_000 + i}&password=guess-1234` : '',
        });
        codes.push(res.statusCode);
      }
      expect(
        codes.slice(0, rule.max).every((c) => c === 200),
        url,
      ).toBe(true);
      expect(codes.slice(rule.max), url).toEqual([429, 429]);
    }
  });

  it('takes identity from the token only: claimed user headers that differ are refused', async () => {
    const other = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: Api.vodDanmu,
      headers: { ...authHeaders(user), 'x-user-id': String(other.userId), 'content-type': FORM },
      payload: enc({ vodId: f.vods[0]!.id, stime: 1000, text: '冒名' }),
    });
    expect(res.statusCode).toBe(401);
    const noToken = await t.app.inject({
      method: 'POST',
      url: Api.vodDanmu,
      headers: { ...anonHeaders(), 'x-user-id': String(user.userId), 'content-type': FORM },
      payload: enc({ vodId: f.vods[0]!.id, stime: 1000, text: '冒名' }),
    });
    expect(noToken.statusCode).toBe(401);
  });

  it('sends CSP and the other security headers on the report page and API answers', async () => {
    const page = await t.app.inject({ method: 'GET', url: Api.report });
    const api = await t.app.inject({ method: 'GET', url: Api.vodIndex });
    for (const res of [page, api]) {
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
    const cors = await t.app.inject({
      method: 'OPTIONS',
      url: Api.vodDanmu,
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(cors.headers['access-control-allow-origin']).toBeUndefined();
  });
});
