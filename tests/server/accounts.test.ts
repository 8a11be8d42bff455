import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIND_MOBILE_REWARD, Msg, type SessionData } from '../../src/contract/index.js';
import { DEFAULT_SCRYPT_COST_LOG2, loadConfig, scryptCostFromEnv } from '../../src/server/config.js';
import { parseHash } from '../../src/server/services/passwords.js';
import { PasswordHasher } from '../../src/server/services/password-hasher.js';
import { authHeaders, FAST_HASHING, freshIp, newDeviceId, registerUser } from './helpers/accounts.js';
import { requestCode } from './helpers/sms.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const trace = () => ({ 'x-trace-id': `trace-${Math.random().toString(36).slice(2, 10)}` });

describe('accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...FAST_HASHING });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: {
        ...trace(),
        'x-forwarded-for': freshIp(),
        'content-type': 'application/x-www-form-urlencoded',
        ...headers,
      },
      payload: new URLSearchParams(payload).toString(),
    });
  const info = (s: SessionData, extra: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/user/info', headers: { ...authHeaders(s), ...extra } });
  const login = (account: string, password: string, headers: Record<string, string> = {}) =>
    post('/api/user/login', { account, password }, headers);
  const userRow = (id: number) =>
    t.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('registers an anonymous user whose token works and whose password is stored only hashed', async () => {
    const deviceId = newDeviceId();
    const s = await registerUser(t.app, { deviceId, branchId: 7, fromDomain: 'm.example.org' });
    expect(s.account).toMatch(/^u\d{8}$/);
    expect(s.password).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{12}$/);
    expect(s.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(s).toMatchObject({
      vipType: 'none',
      avaliableAmount: 0,
      recharged: false,
      mobile: null,
      branchId: 7,
    });

    const res = await info(s);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ userId: s.userId, account: s.account, avaliableAmount: 0 });
    expect(res.json().data.password).toBeUndefined();

    const row = await userRow(s.userId);
    expect(row.password_hash).toMatch(/^scrypt\$10\$8\$1\$/);
    expect(JSON.stringify(row)).not.toContain(s.password);
    expect(row).toMatchObject({ device_id: deviceId, branch_id: 7, from_domain: 'm.example.org' });
    const sessions = await t.database.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', s.userId)
      .execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0].token_hash).toBe(createHash('sha256').update(s.token!).digest('hex'));
    expect(JSON.stringify(sessions)).not.toContain(s.token);
  });

  it('hashes with scrypt N=2^17 in production unless SCRYPT_COST_LOG2 is set explicitly', async () => {
    expect(DEFAULT_SCRYPT_COST_LOG2).toBe(17);
    expect(loadConfig({}).scryptCostLog2).toBe(17);
    expect(scryptCostFromEnv({ SCRYPT_COST_LOG2: '3' })).toBe(17);
    expect(scryptCostFromEnv({ SCRYPT_COST_LOG2: '12' })).toBe(12);
    const hasher = new PasswordHasher();
    const hash = await hasher.hash('correct horse');
    expect(parseHash(hash)).toMatchObject({ costLog2: 17, r: 8, p: 1 });
    expect(parseHash(hash)?.salt).toHaveLength(16);
    expect(await hasher.verify('correct horse', hash)).toBe(true);
    expect(await hasher.verify('correct horsf', hash)).toBe(false);
    expect(await hasher.verify('x', 'scrypt$99$8$1$aa$bb')).toBe(false);
  });

  it('reports VIP as active only before its end, with the end in Asia/Shanghai time', async () => {
    const s = await registerUser(t.app);
    const setVip = (type: string, end: string | null) =>
      t.database.db
        .updateTable('users')
        .set({ vip_type: type, vip_end_at: end })
        .where('id', '=', s.userId)
        .execute();
    await setVip('month', '2099-12-31T16:30:00.000Z');
    expect((await info(s)).json().data).toMatchObject({
      vipType: 'month',
      vipEndYear: 2100,
      vipEndMonth: 1,
      vipEndDay: 1,
      vipEndHour: 0,
      vipEndDate: '2099-12-31T16:30:00.000Z',
    });
    await setVip('year', '2020-05-01T03:00:00.000Z');
    expect((await info(s)).json().data).toMatchObject({ vipType: 'none', vipEndYear: 2020, vipEndHour: 11 });
    await setVip('none', null);
    expect((await info(s)).json().data).toMatchObject({
      vipType: 'none',
      vipEndYear: null,
      vipEndDate: null,
    });
  });

  it('logs in by account with a new token and updates the device', async () => {
    const s = await registerUser(t.app);
    const deviceId = newDeviceId();
    const res = await login(s.account, s.password!, { 'x-device-id': deviceId });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ result: true, data: { userId: s.userId, account: s.account } });
    expect(body.data.password).toBeUndefined();
    expect(body.data.token).not.toBe(s.token);
    expect((await info({ ...s, token: body.data.token })).statusCode).toBe(200);
    expect((await info(s)).statusCode).toBe(200);
    expect((await userRow(s.userId)).device_id).toBe(deviceId);
  });

  it('refuses a wrong password or unknown account with the same message', async () => {
    const s = await registerUser(t.app);
    for (const [account, password] of [
      [s.account, 'wrong-password'],
      ['u00000000', 'whatever1'],
      ['13900000000', 'whatever1'],
    ]) {
      const res = await login(account, password);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ result: false, msg: Msg.loginFailed, data: null });
    }
    const empty = await login('', 'x');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toBe(Msg.enterMobile);
  });

  it('holds an address after 10 failed logins for an account; the owner elsewhere still signs in', async () => {
    const s = await registerUser(t.app);
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      expect((await login(s.account, `bad-${i}`, { 'x-forwarded-for': ip })).json().msg).toBe(
        Msg.loginFailed,
      );
    }
    const locked = await login(s.account, s.password!, { 'x-forwarded-for': ip });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ result: false, code: 429, msg: Msg.tooManyAttempts });
    expect((await login(s.account, s.password!)).json().result).toBe(true);
    // Other accounts are not affected.
    const other = await registerUser(t.app);
    expect((await login(other.account, other.password!)).json().result).toBe(true);
  });

  it('answers 401 without a session, with a bad token, or with identity headers of someone else', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/info' })).statusCode).toBe(401);
    const mismatchId = await info(a, { 'x-user-id': String(b.userId) });
    expect(mismatchId.statusCode).toBe(401);
    expect(mismatchId.json()).toMatchObject({ result: false, code: 401, msg: Msg.loginRequired });
    expect((await info(a, { 'x-account': b.account })).statusCode).toBe(401);
    expect((await info({ ...a, token: 'A'.repeat(43) })).statusCode).toBe(401);
    expect((await info({ ...a, token: 'short' })).statusCode).toBe(401);
    // Claimed identity without a token, even on a public call.
    const claim = await t.app.inject({
      method: 'GET',
      url: '/api/common/info/v2/0',
      headers: { 'x-user-id': String(a.userId) },
    });
    expect(claim.statusCode).toBe(401);
    // Empty identity headers (a visitor not registered yet) are no claim.
    const anon = await t.app.inject({
      method: 'GET',
      url: '/api/common/info/v2/0',
      headers: { 'x-user-id': '', 'x-account': '' },
    });
    expect(anon.statusCode).toBe(200);
  });

  it('expires sessions after 180 days and slides last use at most hourly', async () => {
    const s = await registerUser(t.app);
    const db = t.database.db;
    const hash = createHash('sha256').update(s.token!).digest('hex');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000).toISOString();
    await db
      .updateTable('sessions')
      .set({ last_seen_at: twoHoursAgo })
      .where('token_hash', '=', hash)
      .execute();
    expect((await info(s)).statusCode).toBe(200);
    const slid = await db
      .selectFrom('sessions')
      .selectAll()
      .where('token_hash', '=', hash)
      .executeTakeFirstOrThrow();
    expect(Date.parse(slid.last_seen_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(slid.expires_at)).toBeGreaterThan(Date.now() + 179 * 24 * 3600_000);
    const tenMinutesAgo = new Date(Date.now() - 600_000).toISOString();
    await db
      .updateTable('sessions')
      .set({ last_seen_at: tenMinutesAgo })
      .where('token_hash', '=', hash)
      .execute();
    await info(s);
    const kept = await db
      .selectFrom('sessions')
      .selectAll()
      .where('token_hash', '=', hash)
      .executeTakeFirstOrThrow();
    expect(kept.last_seen_at).toBe(tenMinutesAgo);

    await db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hash)
      .execute();
    expect((await info(s)).statusCode).toBe(401);
  });

  it('binds a mobile once with a one-time reward and logs in by it', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const mobile = `13${String(Date.now()).slice(-9)}`;
    const bind = (s: SessionData, m: string, extra: Record<string, string> = {}) =>
      post('/api/user/bind_mobile', { mobile: m, ...extra }, authHeaders(s));

    for (const bad of ['', '2381234567', '1381234567', '138123456789', '1381234567a']) {
      const res = await bind(a, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(Msg.badMobile);
    }
    const code = await requestCode(t.app, a, mobile);
    const wrongPwd = await bind(a, mobile, { password: 'not-my-password', code });
    expect(wrongPwd.json()).toMatchObject({ result: false, msg: Msg.loginFailed });

    const ok = await bind(a, mobile, { password: a.password!, code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      result: true,
      msg: Msg.bindSuccess,
      data: { mobile, avaliableAmount: 40 },
    });
    expect(BIND_MOBILE_REWARD).toBe(40);

    // Without the number's code nobody learns it is taken (sms-bind.test.ts covers the code rules).
    const noCode = await bind(b, mobile);
    expect(noCode.json()).toMatchObject({ result: false, msg: Msg.enterSmsCode });
    const again = await bind(a, `15${String(Date.now()).slice(-9)}`, { code: '123456' });
    expect(again.json()).toMatchObject({ result: false, msg: Msg.mobileAlreadyBound });
    const same = await bind(a, mobile, { code });
    expect(same.json()).toMatchObject({ result: false, msg: Msg.mobileAlreadyBound });

    expect((await info(a)).json().data.avaliableAmount).toBe(40);
    expect((await info(b)).json().data).toMatchObject({ avaliableAmount: 0, mobile: null });
    const ledger = await t.database.db
      .selectFrom('ledger')
      .selectAll()
      .where('user_id', '=', a.userId)
      .execute();
    expect(ledger.map((l) => l.amount)).toEqual([40]);

    const byMobile = await login(mobile, a.password!);
    expect(byMobile.json()).toMatchObject({ result: true, data: { userId: a.userId, mobile } });
  });

  it('changes the password, keeps the caller signed in and ends every other session', async () => {
    const s = await registerUser(t.app);
    const other = (await login(s.account, s.password!)).json().data as SessionData;
    const short = await post('/api/user/modifyPwd', { password: '12345' }, authHeaders(s));
    expect(short.statusCode).toBe(400);
    expect(short.json().msg).toBe(Msg.passwordRule);

    const res = await post('/api/user/modifyPwd', { password: 'new-secret-42' }, authHeaders(s));
    expect(res.json()).toMatchObject({ result: true, msg: Msg.pwdUpdated });
    expect((await info(s)).statusCode).toBe(200);
    expect((await info(other)).statusCode).toBe(401);
    expect((await login(s.account, s.password!)).json().msg).toBe(Msg.loginFailed);
    expect((await login(s.account, 'new-secret-42')).json().result).toBe(true);
  });

  describe('find account', () => {
    let configId: number;
    beforeAll(async () => {
      const row = await t.database.db
        .insertInto('pay_configs')
        .values({
          type: 'coin',
          amount_level: 3000,
          item_count: 3000,
          present_count: 0,
          title: 't',
          config_desc: 'd',
          is_default: 0,
          is_recommend: 0,
          vip_type: 'none',
          vip_days: 0,
          sort: 99,
          enabled: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      configId = row.id;
    });

    let orderSeq = 0;
    const paidOrder = (userId: number, deviceId: string, day: string) =>
      t.database.db
        .insertInto('recharge_orders')
        .values({
          out_trade_no: `T${Date.now()}${orderSeq++}`,
          user_id: userId,
          device_id: deviceId,
          pay_config_id: configId,
          pay_channel: 'alipay_wap',
          purpose: 'coin',
          amount: 3000,
          status: 'PAID',
          provider: 'sandbox',
          provider_trade_no: null,
          return_url: null,
          created_at: new Date().toISOString(),
          expire_at: new Date().toISOString(),
          paid_at: new Date().toISOString(),
          charge_day: day,
        })
        .execute();
    const find = (deviceId: string | null, chargeTime: string) =>
      post('/api/user/find_account', { chargeTime }, deviceId ? { 'x-device-id': deviceId } : {});

    it('recovers the one account that paid on this device that day', async () => {
      const deviceId = newDeviceId();
      const s = await registerUser(t.app, { deviceId });
      await paidOrder(s.userId, deviceId, '2026-11-20');
      const res = await find(deviceId, '2026-11-20');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ result: true, data: { account: s.account } });
      expect(body.data.password).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{12}$/);
      expect((await login(s.account, body.data.password)).json().result).toBe(true);
      expect((await login(s.account, s.password!)).json().msg).toBe(Msg.loginFailed);
      expect((await info(s)).statusCode).toBe(401);
      expect((await info({ ...s, token: body.data.token })).statusCode).toBe(200);
    });

    it('answers the spec 404 when nothing or more than one account matches', async () => {
      const deviceId = newDeviceId();
      const none = await find(deviceId, '2026-11-19');
      expect(none.statusCode).toBe(200);
      expect(none.json()).toEqual({ result: false, code: '404', msg: Msg.accountNotFound, data: null });

      const a = await registerUser(t.app, { deviceId });
      const b = await registerUser(t.app, { deviceId });
      await paidOrder(a.userId, deviceId, '2026-11-18');
      await paidOrder(b.userId, deviceId, '2026-11-18');
      expect((await find(deviceId, '2026-11-18')).json().code).toBe('404');
      // Another device's payment is not this device's.
      await paidOrder(a.userId, newDeviceId(), '2026-11-17');
      expect((await find(deviceId, '2026-11-17')).json().code).toBe('404');

      const noDevice = await find(null, '2026-11-18');
      expect(noDevice.statusCode).toBe(400);
      const badDate = await find(deviceId, '');
      expect(badDate.statusCode).toBe(400);
      expect(badDate.json().msg).toBe(Msg.pickChargeDate);
    });

    it('stops a device after 10 misses a day', async () => {
      const deviceId = newDeviceId();
      for (let i = 0; i < 10; i++)
        expect((await find(deviceId, `2025-01-${10 + i}`)).json().code).toBe('404');
      const res = await find(deviceId, '2025-01-25');
      expect(res.statusCode).toBe(429);
      expect(res.json().msg).toBe(Msg.tooManyAttempts);
    });
  });

  it('records contacts and user marks with the session user and branch', async () => {
    const s = await registerUser(t.app);
    const c = await post(
      '/api/user/submit_contact',
      { userId: '999999', visitorId: s.visitorId, contactType: 'email', contactPosition: 'user' },
      authHeaders(s),
    );
    expect(c.json()).toMatchObject({ result: true });
    const contact = await t.database.db
      .selectFrom('contacts')
      .selectAll()
      .where('visitor_id', '=', s.visitorId)
      .executeTakeFirstOrThrow();
    expect(contact).toMatchObject({ user_id: s.userId, contact_type: 'email', contact_position: 'user' });

    const m = await post(
      '/api/user/user_from_mark',
      { referUrl: 'https://ref.example/x' },
      { 'x-branch-id': '12' },
    );
    expect(m.json()).toMatchObject({ result: true });
    const mark = await t.database.db
      .selectFrom('user_marks')
      .selectAll()
      .where('refer_url', '=', 'https://ref.example/x')
      .executeTakeFirstOrThrow();
    expect(mark).toMatchObject({ user_id: null, branch_id: 12 });
  });

  it('answers common info from configuration', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/common/info/v2/3' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      appDownloadUrl: '',
      customerServiceEmail: 'support@inkreel.example',
      customerServiceQQ: '',
      chatUrl: '/h5/report',
      complaintUrl: '/h5/report',
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/common/info/v2/abc' })).statusCode).toBe(400);
    const custom = await createTestApp({ SUPPORT_EMAIL: 'help@kf.example', SUPPORT_QQ: '123456' });
    try {
      const r = await custom.app.inject({ method: 'GET', url: '/api/common/info/v2/0' });
      expect(r.json().data).toMatchObject({
        customerServiceEmail: 'help@kf.example',
        customerServiceQQ: '123456',
      });
    } finally {
      await custom.close();
    }
  });
});
