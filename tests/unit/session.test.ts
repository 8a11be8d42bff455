import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Api, apiPath, Code, Header, Msg } from '../../src/contract';

const HOST = 'http://api.test';
const user = { userId: 42, account: 'u42', visitorId: 'v', branchId: 0, vipType: 'none' };

interface Seen {
  url: URL;
  method: string;
  headers: Headers;
  body: string;
}

function json(data: unknown, status = 200) {
  return new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
}

/** A fake server: register hands out a token after a delay, other calls echo ok. */
function fakeServer(handle?: (r: Seen) => Response | undefined) {
  const seen: Seen[] = [];
  const fetchMock = vi.fn(async (input: Request | string | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(input, init);
    const r: Seen = {
      url: new URL(req.url),
      method: req.method,
      headers: req.headers,
      body: await req.text(),
    };
    seen.push(r);
    const custom = handle?.(r);
    if (custom) return custom;
    if (r.url.pathname === Api.register) {
      await new Promise((res) => setTimeout(res, 20));
      return json({
        result: true,
        code: 200,
        msg: 'success',
        data: { ...user, token: 'tok-1', password: 'pw1' },
      });
    }
    return json({ result: true, code: 200, msg: 'success', data: { path: r.url.pathname } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return seen;
}

/** The fake server answers each call with its path. */
const pathOf = (data: unknown) => (data as { path: string }).path;

async function freshModules() {
  vi.resetModules();
  globalThis.indexedDB = new IDBFactory();
  const http = await import('../../src/app/lib/api/http');
  const session = await import('../../src/app/lib/session');
  return { ...http, ...session };
}

beforeEach(() => {
  vi.stubEnv('VITE_DYNAMIC_HOST', HOST);
  vi.stubEnv('VITE_STATIC_API_HOST', HOST);
  vi.stubGlobal('location', { hostname: 'm.inkreel.test' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('anonymous start', () => {
  it('registers exactly once when many calls start together, then sends the token', async () => {
    const seen = fakeServer();
    const { call, unwrap } = await freshModules();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => call('info').then(unwrap).then(pathOf)),
    );
    expect(answers.every((a) => a === Api.info)).toBe(true);
    const registers = seen.filter((r) => r.url.pathname === Api.register);
    expect(registers).toHaveLength(1);
    expect(registers[0]!.method).toBe('POST');
    expect(registers[0]!.url.searchParams.get('fromDomain')).toBe('m.inkreel.test');
    const infos = seen.filter((r) => r.url.pathname === Api.info);
    expect(infos).toHaveLength(12);
    for (const r of infos) {
      expect(r.headers.get(Header.authorization)).toBe('Bearer tok-1');
      expect(r.headers.get(Header.userId)).toBe('42');
      expect(r.headers.get(Header.account)).toBe('u42');
      expect(r.headers.get(Header.traceId)).toMatch(/^[a-f0-9]{32}$/);
      expect(r.headers.get(Header.branchId)).toBe('0');
      expect(r.headers.get(Header.appType)).toBe('other');
    }
    // The same trace id on every call.
    expect(new Set(infos.map((r) => r.headers.get(Header.traceId))).size).toBe(1);
  });

  it('does not register again once a session is stored, and optional calls never register', async () => {
    const seen = fakeServer();
    const { call, ensureSession } = await freshModules();
    await call('homeIndex');
    expect(seen.filter((r) => r.url.pathname === Api.register)).toHaveLength(0);
    expect(seen[0]!.headers.get(Header.authorization)).toBeNull();
    await ensureSession();
    await ensureSession();
    await call('info');
    expect(seen.filter((r) => r.url.pathname === Api.register)).toHaveLength(1);
  });

  it('tries again after a failed registration', async () => {
    let fail = true;
    const seen = fakeServer((r) => {
      if (r.url.pathname === Api.register && fail) {
        fail = false;
        return json({ result: false, code: 500, msg: 'down', data: null }, 500);
      }
      return undefined;
    });
    const { call } = await freshModules();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(call('info')).rejects.toThrow();
    await call('info');
    expect(seen.filter((r) => r.url.pathname === Api.register)).toHaveLength(2);
  });

  it('waits out a full hashing queue (429 with Retry-After) within the same call', async () => {
    let busy = 2;
    const seen = fakeServer((r) => {
      if (r.url.pathname === Api.register && busy > 0) {
        busy--;
        const res = json({ result: false, code: 429, msg: '操作太频繁，请稍后再试', data: null }, 429);
        res.headers.set('retry-after', '0');
        return res;
      }
      return undefined;
    });
    const { call } = await freshModules();
    const answer = await call('info');
    expect(pathOf(answer.data)).toBe(Api.info);
    expect(seen.filter((r) => r.url.pathname === Api.register)).toHaveLength(3);
  });
});

describe('revoked token', () => {
  it('logs in again once with the stored password when parallel calls are refused, then retries them', async () => {
    let revoked = false;
    const seen = fakeServer((r) => {
      const auth = r.headers.get(Header.authorization);
      if (r.url.pathname === Api.login)
        return json({ result: true, code: 200, msg: 'success', data: { ...user, token: 'tok-2' } });
      if (revoked && auth === 'Bearer tok-1')
        return json({ result: false, code: 401, msg: 'x', data: null }, 401);
      return undefined;
    });
    const { call, ensureSession, peekSession } = await freshModules();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await ensureSession();
    revoked = true;
    // Public and user calls alike carry the token, so both are refused and both recover.
    await Promise.all([call('info'), call('homeIndex'), call('info')]);
    const logins = seen.filter((r) => r.url.pathname === Api.login);
    expect(logins).toHaveLength(1);
    expect(new URLSearchParams(logins[0]!.body).get('password')).toBe('pw1');
    expect(peekSession()?.token).toBe('tok-2');
    expect(seen.filter((r) => r.url.pathname === Api.register)).toHaveLength(1);
  });
});

describe('account recovery', () => {
  const found = { account: 'u42', password: 'pw9', token: 'tok-9' };

  /** find_account as the server does it: the account's sessions end (tok-1 too), a new token is given. */
  function recoveringServer(opts: { findDelayMs?: number } = {}) {
    let revoked = false;
    const seen = fakeServer((r) => {
      const auth = r.headers.get(Header.authorization);
      if (r.url.pathname === Api.findAccount) {
        revoked = true;
        return undefined;
      }
      if (r.url.pathname === Api.login) {
        const ok = new URLSearchParams(r.body).get('password') === found.password;
        return ok
          ? json({ result: true, code: 200, msg: 'success', data: { ...user, token: 'tok-10' } })
          : json({ result: false, code: 400, msg: '账户或密码不正确', data: null });
      }
      if (revoked && auth === 'Bearer tok-1')
        return json({ result: false, code: 401, msg: 'x', data: null }, 401);
      if (r.url.pathname === Api.info)
        return json({ result: true, code: 200, msg: 'success', data: { ...user, avaliableAmount: 60 } });
      return undefined;
    });
    const find = async () => {
      await new Promise((res) => setTimeout(res, opts.findDelayMs ?? 0));
      await fetch(`${HOST}${Api.findAccount}`, { method: 'POST' });
      return found;
    };
    return { seen, find };
  }

  it('signs in to the found account at once; a call refused meanwhile never registers a new account', async () => {
    const { seen, find } = recoveringServer({ findDelayMs: 30 });
    const m = await freshModules();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await m.ensureSession();
    const recovery = m.whileRecovering(async () => m.signInRecovered(await find()));
    // A screen's call goes out with the old token while the recovery is under way, and is refused.
    await new Promise((res) => setTimeout(res, 40));
    const info = await m.call('info').then(m.unwrap);
    await recovery;
    expect(info.avaliableAmount).toBe(60);
    expect(m.peekSession()).toMatchObject({ token: 'tok-9', password: 'pw9', user: { account: 'u42' } });
    expect(seen.filter((r) => r.url.pathname === Api.register)).toHaveLength(1);
    // The old password is never tried: the recovered account is signed in to instead.
    expect(seen.filter((r) => r.url.pathname === Api.login)).toHaveLength(0);
  });

  it('keeps a recovered account on the device and signs in to it instead of registering', async () => {
    const { seen } = recoveringServer();
    const m = await freshModules();
    const { kvSet, KvKey } = await import('../../src/app/lib/kv');
    // The page closed after find_account answered, before the sign-in finished.
    await kvSet(KvKey.recovered, found);
    const s = await m.ensureSession();
    expect(s).toMatchObject({ token: 'tok-9', password: 'pw9' });
    expect(seen.filter((r) => r.url.pathname === Api.register)).toHaveLength(0);
    // Signed in: the kept answer is gone, and the next start uses the stored session.
    const { kvGet } = await import('../../src/app/lib/kv');
    expect(await kvGet(KvKey.recovered)).toBeUndefined();
  });

  it('a stale session refused after recovery signs in to the kept account, not to a new one', async () => {
    const { seen, find } = recoveringServer();
    const m = await freshModules();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await m.ensureSession();
    const data = await find();
    const { kvSet, KvKey } = await import('../../src/app/lib/kv');
    await kvSet(KvKey.recovered, data);
    await m.call('info');
    expect(m.peekSession()?.token).toBe('tok-9');
    expect(seen.filter((r) => r.url.pathname === Api.register)).toHaveLength(1);
  });

  it('drops kept credentials the server refuses (token and password), so the device is never stuck', async () => {
    const seen = fakeServer((r) => {
      if (r.url.pathname === Api.info && r.headers.get(Header.authorization) === 'Bearer tok-9')
        return json({ result: false, code: 401, msg: 'x', data: null }, 401);
      if (r.url.pathname === Api.login)
        return json({ result: false, code: 400, msg: '账户或密码不正确', data: null });
      return undefined;
    });
    const m = await freshModules();
    const { kvGet, kvSet, KvKey } = await import('../../src/app/lib/kv');
    await kvSet(KvKey.recovered, found);
    expect(await m.ensureSession()).toMatchObject({ token: 'tok-1' });
    expect(await kvGet(KvKey.recovered)).toBeUndefined();
    expect(seen.filter((r) => r.url.pathname === Api.register)).toHaveLength(1);
  });

  it('a failed re-login call keeps the session instead of registering a new account', async () => {
    let revoked = false;
    const seen = fakeServer((r) => {
      if (r.url.pathname === Api.login) return new Response('busy', { status: 503 });
      if (revoked && r.headers.get(Header.authorization) === 'Bearer tok-1')
        return json({ result: false, code: 401, msg: 'x', data: null }, 401);
      return undefined;
    });
    const m = await freshModules();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await m.ensureSession();
    revoked = true;
    await expect(m.call('info')).rejects.toThrow();
    expect(m.peekSession()?.token).toBe('tok-1');
    expect(seen.filter((r) => r.url.pathname === Api.register)).toHaveLength(1);
  });
});

describe('calls', () => {
  it('takes method, path, host and session need from the contract table', async () => {
    vi.stubEnv('VITE_STATIC_API_HOST', 'http://static.test');
    const seen = fakeServer();
    const { call } = await freshModules();
    await call('showcase', { params: { type: 'hot', page: 2 } });
    expect(seen.map((r) => [r.method, r.url.href])).toEqual([
      ['GET', 'http://static.test/api/book/showcase/detail/hot/2'],
    ]);
    // A visitor call: the answer is the caller's, so a visitor is registered first (dynamic host).
    await call('readChapter', { query: { bookId: 7, number: 3 } });
    expect(seen.slice(1).map((r) => [r.method, r.url.origin, r.url.pathname])).toEqual([
      ['POST', HOST, Api.register],
      ['GET', HOST, Api.readChapter],
    ]);
    expect(seen[2]!.url.search).toBe('?bookId=7&number=3');
    expect(seen[2]!.headers.get(Header.authorization)).toBe('Bearer tok-1');
    // A call site may ask for the dynamic host and a session where the table says public.
    await call('todayUpdate', { query: { category: 0 } }, { host: 'dynamic' });
    expect(seen.at(-1)!.url.origin).toBe(HOST);
  });

  it('sends form-encoded bodies', async () => {
    const seen = fakeServer();
    const { call } = await freshModules();
    await call('submitContact', { body: { contactType: 'a b', contactPosition: 'p&q', userId: undefined } });
    const r = seen.at(-1)!;
    expect(r.headers.get('content-type')).toContain('application/x-www-form-urlencoded');
    expect(new URLSearchParams(r.body).get('contactType')).toBe('a b');
    expect(new URLSearchParams(r.body).get('contactPosition')).toBe('p&q');
    expect(new URLSearchParams(r.body).has('userId')).toBe(false);
  });

  it('rejects and logs a non-200 answer with the server msg, and unwrap throws on result false', async () => {
    fakeServer((r) => {
      if (r.url.pathname === Api.category)
        return json({ result: false, code: 400, msg: '请求参数不正确', data: null }, 400);
      if (r.url.pathname === apiPath(Api.detail, { id: 7 }))
        return json({ result: false, code: Code.NOT_FOUND, msg: Msg.notFound, data: null }, 404);
      if (r.url.pathname === Api.homeIndex)
        return json({ result: false, code: 500, msg: '服务器开小差了', data: null }, 500);
      if (r.url.pathname === Api.rank) return new Response('oops', { status: 502 });
      if (r.url.pathname === Api.dailySign)
        return json({ result: false, code: 400, msg: '今天已经签到过了，明天再来吧', data: null });
      return undefined;
    });
    const { call, ApiError, unwrap, isRefusal } = await freshModules();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const e1 = await call('category').catch((e: unknown) => e);
    expect(e1).toBeInstanceOf(ApiError);
    expect(e1).toMatchObject({ status: 400, code: 400, message: '请求参数不正确' });
    const e2 = await call('rank', { query: {} }).catch((e: unknown) => e);
    expect(e2).toMatchObject({ status: 502, message: '加载失败' });
    const e4 = await call('detail', { params: { id: 7 } }).catch((e: unknown) => e);
    expect(e4).toMatchObject({ status: 404, code: Code.NOT_FOUND, message: Msg.notFound });
    const e5 = await call('homeIndex').catch((e: unknown) => e);
    expect(e5).toMatchObject({ status: 500, code: 500 });
    // Refusals the server gave on purpose (400, 404) are warnings and not asked again; faults are errors.
    expect([e1, e2, e4, e5].map(isRefusal)).toEqual([true, false, true, false]);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(error).toHaveBeenCalledTimes(2);
    const e3 = await call('dailySign')
      .then(unwrap)
      .catch((e: unknown) => e);
    expect(e3).toMatchObject({ code: 400, message: '今天已经签到过了，明天再来吧', status: undefined });
    expect(isRefusal(e3)).toBe(false);
  });

  it('gives up after 30 000 ms', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (input: Request) =>
          new Promise((_, reject) =>
            input.signal.addEventListener('abort', () => reject(input.signal.reason)),
          ),
      ),
    );
    const { call } = await freshModules();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let settled: unknown = 'pending';
    void call('category').catch((e: unknown) => (settled = e));
    await vi.advanceTimersByTimeAsync(29_900);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(200);
    expect((settled as Error).name).toBe('TimeoutError');
  });
});

describe('messageForCode', () => {
  it('maps codes to the contract messages', async () => {
    const { messageForCode } = await import('../../src/app/lib/api/http');
    expect(messageForCode(101, 'x')).toBe('网络拥堵，请重新加载本页面哦 ^_^');
    expect(messageForCode(400, '', 'read')).toBe('没有更多章节啦 ^_^');
    expect(messageForCode(400, '手机号已绑定')).toBe('手机号已绑定');
    expect(messageForCode('404', 'x', 'find-account')).toContain('对不起，您的充值账号未找到');
    expect(messageForCode(999, 'x', 'buy')).toBe('金币不足，前往充值');
    expect(messageForCode(500)).toBe('加载失败');
  });
});
