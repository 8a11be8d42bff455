import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { vodPlayUrl } from '../../src/server/services/catalogue/vod-urls.js';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Msg, ReportPageText } from '../../src/contract/index.js';
import { buildApp } from '../../src/server/composition-root.js';
import { loadConfig } from '../../src/server/config.js';
import { migrateToLatest, openDatabase } from '../../src/server/db/database.js';
import { authHeaders, FAST_HASHING, freshIp, registerUser } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const form = 'application/x-www-form-urlencoded';
const INDEX =
  '<!doctype html><html><head><title>Inkreel</title></head><body><div id="root"></div></body></html>';

/** A stand-in build output: what `vite build` leaves in dist/. */
function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'inkreel-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'assets', 'index-AbC123.js'), 'console.log(1)');
  writeFileSync(join(dir, 'assets', 'index-AbC123.js.map'), '{}');
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch",()=>{})');
  writeFileSync(join(dir, 'manifest.webmanifest'), '{}');
  writeFileSync(join(dir, 'icon-192.png'), 'png');
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, '.vite', 'manifest.json'), '{}');
  writeFileSync(join(dir, '.inkreel-build.json'), '{}');
  return dir;
}

describe('platform security', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fakeDist();
    t = await createTestApp({ ...FAST_HASHING, DIST_DIR: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves the PWA shell with CSP and security headers, and hashed assets for a year', async () => {
    const home = await t.app.inject({ method: 'GET', url: '/home', headers: { accept: 'text/html,*/*' } });
    expect(home.statusCode).toBe(200);
    // The page of a landing screen carries its first answers (app-document.ts); the shell is the build's.
    expect(home.body).toContain('<div id="root"></div>');
    expect(home.body.startsWith('<!doctype html><html><head><title>Inkreel</title>')).toBe(true);
    expect(home.headers['content-type']).toContain('text/html');
    expect(home.headers['cache-control']).toBe('no-cache');
    const csp = String(home.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toMatch(/img-src 'self' blob: data:/);
    expect(csp).toMatch(/worker-src 'self'/);
    expect(csp).toMatch(/frame-src 'self'/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(home.headers['x-content-type-options']).toBe('nosniff');
    expect(home.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(home.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(home.headers['strict-transport-security']).toBeUndefined();

    const deep = await t.app.inject({
      method: 'GET',
      url: '/book/read/3/2?x=1',
      headers: { accept: 'text/html' },
    });
    expect(deep.body).toContain('<div id="root"></div>');

    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.app.inject({ method: 'GET', url: '/sw.js' })).headers['cache-control']).toBe('no-cache');
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.headers['cache-control']).toBe('no-cache');
    for (const hidden of [
      '/assets/index-AbC123.js.map',
      '/.vite/manifest.json',
      '/.inkreel-build.json',
      '/assets/',
    ]) {
      expect((await t.app.inject({ method: 'GET', url: hidden })).statusCode, hidden).toBe(404);
    }
    const root = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(root.statusCode).toBe(200);
    expect(root.body).toBe(INDEX);
  });

  it('answers unknown API, h5 and media paths with a JSON 404, never the shell', async () => {
    for (const url of ['/api/nope', '/api/user/nope?x=1', '/h5/nope', '/media/nope/x', '/api']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ result: false, code: 404, msg: Msg.notFound, data: null });
    }
    const missingFile = await t.app.inject({
      method: 'GET',
      url: '/missing.png',
      headers: { accept: 'image/png' },
    });
    expect(missingFile.statusCode).toBe(404);
  });

  it('turns HSTS and upgrade-insecure-requests on only behind https', async () => {
    const https = await createTestApp({ PUBLIC_URL: 'https://inkreel.example' });
    try {
      const res = await https.app.inject({ method: 'GET', url: '/healthz' });
      expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
      expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await https.close();
    }
  });

  it('answers CORS for the app origin only when the app calls split hosts', async () => {
    const split = await createTestApp({
      ...FAST_HASHING,
      PUBLIC_URL: 'https://inkreel.example',
      STATIC_API_HOST: 'https://api.inkreel-cdn.example',
    });
    try {
      const preflight = await split.app.inject({
        method: 'OPTIONS',
        url: '/api/user/login',
        headers: { origin: 'https://inkreel.example', 'access-control-request-method': 'POST' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('https://inkreel.example');
      expect(String(preflight.headers['access-control-allow-headers'])).toContain('x-trace-id');
      const other = await split.app.inject({
        method: 'OPTIONS',
        url: '/api/user/login',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
      const s = await registerUser(split.app);
      const call = (origin: string) =>
        split.app.inject({
          method: 'POST',
          url: '/api/user/login',
          headers: {
            'content-type': form,
            'x-trace-id': 'trace-cors-1',
            'x-forwarded-for': freshIp(),
            origin,
            'sec-fetch-site': 'cross-site',
          },
          payload: `account=${s.account}&password=${s.password}`,
        });
      const fromApp = await call('https://inkreel.example');
      expect(fromApp.json().result).toBe(true);
      expect(fromApp.headers['access-control-allow-origin']).toBe('https://inkreel.example');
      expect((await call('https://evil.example')).statusCode).toBe(403);
      const csp = String(fromApp.headers['content-security-policy']);
      expect(csp).toMatch(/connect-src 'self' https:\/\/api\.inkreel-cdn\.example/);
    } finally {
      await split.close();
    }
    // Same-origin deployments (the default) answer no CORS at all.
    const plain = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/user/login',
      headers: { origin: 'https://inkreel.example', 'access-control-request-method': 'POST' },
    });
    expect(plain.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("marks API answers private and revalidated: no shared cache keeps a caller's answer", async () => {
    const user = await registerUser(t.app);
    for (const url of ['/api/book/category', '/api/book/detail/1']) {
      const res = await t.app.inject({ method: 'GET', url, headers: authHeaders(user) });
      expect(res.headers['cache-control'], url).toBe('private, no-cache');
    }
    // An answer that set its own (stricter) policy keeps it.
    const info = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: authHeaders(user) });
    expect(info.headers['cache-control']).toBe('no-store');
  });

  it('checks the database in /healthz', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ result: true, data: { status: 'ok' } });
  });

  it('refuses unsafe API calls without the trace header or marked cross-site', async () => {
    const s = await registerUser(t.app);
    const base = { 'content-type': form, 'x-forwarded-for': freshIp() };
    const payload = `account=${s.account}&password=${s.password}`;
    const noHeader = await t.app.inject({ method: 'POST', url: '/api/user/login', headers: base, payload });
    expect(noHeader.statusCode).toBe(403);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { ...base, 'x-trace-id': 'trace-123456', 'sec-fetch-site': 'cross-site' },
      payload,
    });
    expect(crossSite.statusCode).toBe(403);
    const sameOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { ...base, 'x-trace-id': 'trace-123456', 'sec-fetch-site': 'same-origin' },
      payload,
    });
    expect(sameOrigin.json().result).toBe(true);
    // Reads are not state changes.
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/user/info',
      headers: { authorization: `Bearer ${s.token}` },
    });
    expect(read.statusCode).toBe(200);
    // The report form posts from our own page only.
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/h5/report',
      headers: { 'content-type': form, origin: 'https://evil.example' },
      payload: 'reason=x&message=y',
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('keeps its guards on a percent-encoded path: the router decodes it to the same handler', async () => {
    const s = await registerUser(t.app);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/%61pi/user/submit_contact',
      headers: { 'content-type': form, 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      payload: 'contactType=qq&contactPosition=1',
    });
    expect(crossSite.statusCode).toBe(403);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/%685/report',
      headers: { 'content-type': form, origin: 'https://evil.example' },
      payload: 'reason=x&message=y',
    });
    expect(foreign.statusCode).toBe(403);
    // The session and the API's cache rule hold there too.
    const info = await t.app.inject({
      method: 'GET',
      url: '/%61pi/user/info',
      headers: { authorization: `Bearer ${s.token}` },
    });
    expect(info.statusCode).toBe(200);
    expect(info.json().data.account).toBe(s.account);
    const category = await t.app.inject({
      method: 'GET',
      url: '/%61pi/book/category',
      headers: authHeaders(s),
    });
    expect(category.headers['cache-control']).toBe('private, no-cache');
  });

  it('rejects malformed bodies with 4xx envelopes, never 500', async () => {
    const s = await registerUser(t.app);
    const h = { ...authHeaders(s) };
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/user/bind_mobile',
      headers: { ...h, 'content-type': 'application/json' },
      payload: '{"mobile":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({ result: false, msg: Msg.badRequest });
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/user/bind_mobile',
      headers: { ...h, 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(wrongType.statusCode).toBe(415);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/user/bind_mobile',
      headers: { ...h, 'content-type': form },
      payload: `mobile=${'1'.repeat(70_000)}`,
    });
    expect(huge.statusCode).toBe(413);
    const arrayField = await t.app.inject({
      method: 'POST',
      url: '/api/user/bind_mobile',
      headers: { ...h, 'content-type': form },
      payload: 'mobile=13800000000&mobile=13900000000',
    });
    expect(arrayField.statusCode).toBe(400);
  });

  describe('rate limits', () => {
    it('limits register to 10 a minute per address', async () => {
      const ip = freshIp();
      const codes: number[] = [];
      for (let i = 0; i < 12; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/user/register',
          headers: { 'x-trace-id': 'trace-flood-1', 'x-forwarded-for': ip },
        });
        codes.push(res.statusCode);
        if (res.statusCode === 429) {
          expect(res.json()).toEqual({ result: false, code: 429, msg: Msg.tooManyAttempts, data: null });
          expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        }
      }
      expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
      expect(codes.slice(10)).toEqual([429, 429]);
      // Another address is not affected.
      expect((await registerUser(t.app)).account).toMatch(/^u\d{8}$/);
    });

    it('believes X-Forwarded-For only from loopback by default, and from the balancer TRUST_PROXY names', async () => {
      // A client on the private network (10.20.0.7) sends a new forwarded address with every call.
      const flood = async (app: TestApp) => {
        const codes: number[] = [];
        for (let i = 0; i < 11; i++) {
          const res = await app.app.inject({
            method: 'POST',
            url: '/api/user/register',
            remoteAddress: '10.20.0.7',
            headers: { 'x-trace-id': 'trace-flood-3', 'x-forwarded-for': freshIp() },
          });
          codes.push(res.statusCode);
        }
        return codes;
      };
      // Default: only loopback is a proxy, so the private client is counted as itself and held at 10
      // however it rotates the header.
      const codes = await flood(t);
      expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
      expect(codes[10]).toBe(429);
      // A balancer named in TRUST_PROXY is believed: each call counts for its forwarded address.
      const behind = await createTestApp({ ...FAST_HASHING, TRUST_PROXY: 'loopback, 10.20.0.7' });
      try {
        expect((await flood(behind)).every((c) => c === 200)).toBe(true);
      } finally {
        await behind.close();
      }
    });

    it('limits login to 10 a minute and account recovery to 5 per 10 minutes per address', async () => {
      const ip = freshIp();
      const login = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/user/login',
          headers: { 'content-type': form, 'x-trace-id': 'trace-flood-2', 'x-forwarded-for': ip },
          payload: `account=u${Math.floor(Math.random() * 1e8)}&password=guess-123`,
        });
      const loginCodes = [];
      for (let i = 0; i < 11; i++) loginCodes.push((await login()).statusCode);
      expect(loginCodes.slice(0, 10).every((c) => c === 200)).toBe(true);
      expect(loginCodes[10]).toBe(429);

      const find = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/user/find_account',
          headers: {
            'content-type': form,
            'x-trace-id': 'trace-flood-3',
            'x-forwarded-for': ip,
            'x-device-id': `device-${Math.random().toString(36).slice(2)}-0000000000`,
          },
          payload: 'chargeTime=2026-01-01',
        });
      const findCodes = [];
      for (let i = 0; i < 6; i++) findCodes.push((await find()).statusCode);
      expect(findCodes).toEqual([200, 200, 200, 200, 200, 429]);
    });
  });

  it('renders the report page escaped, keeps return links on this site and records reports', async () => {
    const evil = '"><script>alert(1)</script>';
    const page = await t.app.inject({
      method: 'GET',
      url: `/h5/report?returnUrl=${encodeURIComponent('https://evil.example/x')}&serviceUrl=${encodeURIComponent(
        `javascript:alert(1)`,
      )}&account=${encodeURIComponent(evil)}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(ReportPageText.title);
    expect(page.body).not.toContain('<script>');
    expect(page.body).toContain('&quot;&gt;&lt;script&gt;');
    expect(page.body).toContain('href="/home"');
    expect(page.body).not.toContain('href="javascript:');
    expect(page.headers['content-security-policy']).toBeDefined();

    const local = await t.app.inject({
      method: 'GET',
      url: `/h5/report?returnUrl=${encodeURIComponent('/book/12?from=report')}&serviceUrl=${encodeURIComponent(
        'https://kf.example/chat?a=1&b=2',
      )}`,
    });
    expect(local.body).toContain('href="/book/12?from=report"');
    // Not a configured support URL (see security-links.test.ts): no link to it.
    expect(local.body).not.toContain('kf.example');
    const protocolRelative = await t.app.inject({
      method: 'GET',
      url: `/h5/report?returnUrl=${encodeURIComponent('//evil.example/x')}`,
    });
    expect(protocolRelative.body).toContain('href="/home"');

    const empty = await t.app.inject({
      method: 'POST',
      url: '/h5/report',
      headers: { 'content-type': form },
      payload: 'reason=x&message=%20',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain(ReportPageText.enterMessage);

    const sent = await t.app.inject({
      method: 'POST',
      url: '/h5/report',
      headers: { 'content-type': form, origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' },
      payload: new URLSearchParams({
        reason: ReportPageText.reasons[0],
        message: '充值后没有到账',
        contact: '13800000000',
        returnUrl: '/user',
      }).toString(),
    });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe('/h5/report?sent=1&returnUrl=%2Fuser');
    const row = await t.database.db
      .selectFrom('contacts')
      .selectAll()
      .where('contact_type', '=', 'report')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.contact_position)).toMatchObject({
      message: '充值后没有到账',
      contact: '13800000000',
    });
    const after = await t.app.inject({ method: 'GET', url: sent.headers.location as string });
    expect(after.body).toContain(ReportPageText.sent);
  });
});

describe('logging', () => {
  it('logs a well-formed trace id and drops malformed ones and secrets', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const dataDir = mkdtempSync(join(tmpdir(), 'inkreel-log-'));
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'info', ...FAST_HASHING });
    const database = openDatabase({ dataDir });
    await migrateToLatest(database.db);
    const app = await buildApp({ config, database, logger: { stream } });
    try {
      await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-trace-id': 'good-trace_0123' } });
      await app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-trace-id': 'bad trace\n{"forged":1}' },
      });
      await app.inject({ method: 'GET', url: '/h5/report?token=sekret-value&returnUrl=/home' });
      // A bought video's signed URL plays as its buyer until it expires: its signature stays out.
      const signed = vodPlayUrl(
        { config },
        { vodId: 7, mediaKey: 'demo-0123456789abcdef0123', userId: 42 },
      ).replace('master.m3u8', 'v0/seg-1.m4s');
      const sig = /\/s\/\d+\.\d+\.\d+\.([^/]+)\//.exec(signed)![1]!;
      await app.inject({ method: 'GET', url: signed });
      const all = lines.join('');
      expect(all).toContain('/s/7.42.');
      expect(all).not.toContain(sig);
      expect(all).toContain('"traceId":"good-trace_0123"');
      expect(all).not.toContain('bad trace');
      expect(all).not.toContain('forged');
      expect(all).not.toContain('sekret-value');
      expect(all).toContain('token=[redacted]');
    } finally {
      await app.close();
      await database.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** Redis answers on the CI machine only sometimes: the shared-counter test runs when it does. */
async function redisAvailable(url: string): Promise<boolean> {
  const r = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 500,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  r.on('error', () => {});
  try {
    await r.connect();
    return (await r.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const hasRedis = await redisAvailable(REDIS_URL);

describe.skipIf(!hasRedis)('rate limits shared through Redis', () => {
  it('counts one address across two API nodes', async () => {
    const a = await createTestApp({ ...FAST_HASHING, REDIS_URL });
    const b = await createTestApp({ ...FAST_HASHING, REDIS_URL });
    try {
      const ip = `192.168.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}`;
      const call = (node: TestApp) =>
        node.app.inject({
          method: 'POST',
          url: '/api/user/find_account',
          headers: {
            'content-type': form,
            'x-trace-id': 'trace-redis-1',
            'x-forwarded-for': ip,
            'x-device-id': `device-${Math.random().toString(36).slice(2)}-0000000000`,
          },
          payload: 'chargeTime=2026-01-01',
        });
      const codes = [];
      for (const node of [a, b, a, b, a, b]) codes.push((await call(node)).statusCode);
      expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
