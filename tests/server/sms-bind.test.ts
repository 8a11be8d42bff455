/**
 * Binding a mobile proves the number (issue 10 item 4): an SMS code from the provider, valid 5 minutes,
 * one send a minute per account and number, daily caps, few attempts, single use; the 40-coin reward
 * once per number ever; 'number already bound' only after a valid code; the sandbox outbox only with
 * the sandbox. A code belongs to (account, number), and no account can spend another's day for a
 * number (issue 32 item 7).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BIND_MOBILE_REWARD, Code, Msg, smsResendWait } from '../../src/contract/index.js';
import { buildApp } from '../../src/server/composition-root.js';
import { ConfigError, loadConfig } from '../../src/server/config.js';
import { migrateToLatest, openDatabase } from '../../src/server/db/database.js';
import { SMS_CAPS, sendBindCode as sendCodeService } from '../../src/server/services/sms/codes.js';
import type { SmsProvider } from '../../src/server/ports/sms-provider.js';
import { registryOf } from '../../src/server/services/provider-registry.js';
import { SMS_PROVIDERS } from '../../src/server/services/sms/providers.js';
import { authHeaders, FAST_HASHING, registerUser, registerUsers } from './helpers/accounts.js';
import { freshMobile, postBind, readOutboxCode, requestCode, sendBindCode } from './helpers/sms.js';
import { FakeClock } from './helpers/fake-clock.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** The app's clock: real time until a test moves it. */
const clock = new FakeClock();
/** Moves the clock by `ms` from wherever it stands, and stops it there. */
function advance(ms: number) {
  clock.set(clock.now().getTime() + ms);
}

describe('bind mobile with an SMS code (sandbox provider)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...FAST_HASHING }, undefined, { clock });
  });
  afterAll(() => t.close());
  afterEach(() => {
    clock.reset();
  });

  const info = async (s: { token: string; userId: number; account: string }) =>
    (await t.app.inject({ method: 'GET', url: '/api/user/info', headers: authHeaders(s) })).json().data;

  it('refuses bind_mobile without a code or with a malformed one', async () => {
    const s = await registerUser(t.app);
    const mobile = freshMobile();
    const none = await postBind(t.app, s, { mobile });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ result: false, msg: Msg.enterSmsCode });
    const empty = await postBind(t.app, s, { mobile, code: '' });
    expect(empty.json()).toMatchObject({ result: false, msg: Msg.enterSmsCode });
    for (const bad of ['12345', '1234567', 'abcdef']) {
      const res = await postBind(t.app, s, { mobile, code: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(Msg.badSmsCode);
    }
    // A well-formed code nobody sent proves nothing either.
    const unsent = await postBind(t.app, s, { mobile, code: '123456' });
    expect(unsent.json()).toMatchObject({ result: false, code: Code.REFUSED, msg: Msg.smsCodeMissing });
    expect(await info(s)).toMatchObject({ mobile: null, avaliableAmount: 0 });
  });

  it('refuses a wrong code, and five wrong checks kill the code', async () => {
    const s = await registerUser(t.app);
    const mobile = freshMobile();
    const code = await requestCode(t.app, s, mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const res = await postBind(t.app, s, { mobile, code: wrong });
      expect(res.json()).toMatchObject({ result: false, msg: Msg.smsCodeWrong });
    }
    const fifth = await postBind(t.app, s, { mobile, code: wrong });
    expect(fifth.json()).toMatchObject({ result: false, msg: Msg.smsCodeLocked });
    const late = await postBind(t.app, s, { mobile, code });
    expect(late.json()).toMatchObject({ result: false, msg: Msg.smsCodeLocked });
    expect(await info(s)).toMatchObject({ mobile: null, avaliableAmount: 0 });

    // A new code (after the cooldown) works.
    advance(61_000);
    const fresh = await requestCode(t.app, s, mobile);
    const ok = await postBind(t.app, s, { mobile, code: fresh, password: s.password! });
    expect(ok.json()).toMatchObject({
      result: true,
      msg: Msg.bindSuccess,
      data: { mobile, avaliableAmount: BIND_MOBILE_REWARD },
    });
  });

  it('refuses an expired code (valid 5 minutes)', async () => {
    const s = await registerUser(t.app);
    const mobile = freshMobile();
    const code = await requestCode(t.app, s, mobile);
    advance(5 * 60_000 + 1_000);
    const res = await postBind(t.app, s, { mobile, code });
    expect(res.json()).toMatchObject({ result: false, msg: Msg.smsCodeExpired });
    expect(await info(s)).toMatchObject({ mobile: null, avaliableAmount: 0 });
  });

  it('refuses a resend within 60 s and says how long to wait; the next code replaces the last', async () => {
    const s = await registerUser(t.app);
    const mobile = freshMobile();
    const first = await sendBindCode(t.app, s, mobile);
    expect(first.json()).toMatchObject({
      result: true,
      msg: Msg.smsCodeSent,
      data: { resendAfter: 60, expiresIn: 300, outboxUrl: '/h5/sms/outbox' },
    });
    const oldCode = (await readOutboxCode(t.app, mobile))!;

    advance(30_000);
    const again = await sendBindCode(t.app, s, mobile);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      result: false,
      code: Code.RATE_LIMITED,
      msg: smsResendWait(30),
      data: { resendAfter: 30 },
    });
    const delivered = await t.database.db
      .selectFrom('sandbox_sms')
      .select('text')
      .where('mobile', '=', mobile)
      .execute();
    expect(delivered).toHaveLength(1);

    advance(30_000);
    const third = await sendBindCode(t.app, s, mobile);
    expect(third.json()).toMatchObject({ result: true, data: { resendAfter: 60 } });
    const newCode = (await readOutboxCode(t.app, mobile))!;
    if (newCode !== oldCode) {
      const stale = await postBind(t.app, s, { mobile, code: oldCode });
      expect(stale.json()).toMatchObject({ result: false, msg: Msg.smsCodeWrong });
    }
    const ok = await postBind(t.app, s, { mobile, code: newCode });
    expect(ok.json()).toMatchObject({ result: true, msg: Msg.bindSuccess });
  });

  it('lets the owner get a code and bind after 10 sends by strangers to the number (issue 32)', async () => {
    const mobile = freshMobile();
    // Ten strangers, one a minute: they spend their own budgets, not the number's owner's.
    for (let i = 0; i < 10; i++) {
      const stranger = await registerUser(t.app);
      expect((await sendBindCode(t.app, stranger, mobile)).json()).toMatchObject({ result: true });
      advance(61_000);
    }
    const owner = await registerUser(t.app);
    const sent = await sendBindCode(t.app, owner, mobile);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ result: true, msg: Msg.smsCodeSent });
    const code = (await readOutboxCode(t.app, mobile))!;
    const ok = await postBind(t.app, owner, { mobile, code, password: owner.password! });
    expect(ok.json()).toMatchObject({
      result: true,
      msg: Msg.bindSuccess,
      data: { mobile, avaliableAmount: BIND_MOBILE_REWARD },
    });
  });

  it("never replaces an account's live code with another account's send", async () => {
    const owner = await registerUser(t.app);
    const stranger = await registerUser(t.app);
    const mobile = freshMobile();
    const code = await requestCode(t.app, owner, mobile);
    // Past the owner's minute, as a stranger waiting for it would be.
    advance(61_000);
    expect((await sendBindCode(t.app, stranger, mobile)).json()).toMatchObject({ result: true });
    advance(61_000);
    expect((await sendBindCode(t.app, stranger, mobile)).json()).toMatchObject({ result: true });
    const ok = await postBind(t.app, owner, { mobile, code });
    expect(ok.json()).toMatchObject({ result: true, msg: Msg.bindSuccess, data: { mobile } });
  });

  it("voids the other accounts' codes for a number once it is bound", async () => {
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    const mobile = freshMobile();
    const ownerCode = await requestCode(t.app, owner, mobile);
    advance(61_000);
    const otherCode = await requestCode(t.app, other, mobile);
    const ok = await postBind(t.app, owner, { mobile, code: ownerCode });
    expect(ok.json()).toMatchObject({ result: true, data: { mobile } });
    // The other code proves nothing now, and does not tell its holder that the number was taken.
    const late = await postBind(t.app, other, { mobile, code: otherCode });
    expect(late.json()).toMatchObject({ result: false, msg: Msg.smsCodeMissing });
    expect(await info(other)).toMatchObject({ mobile: null, avaliableAmount: 0 });
  });

  it('keeps codes hashed, usable once and only by the user who asked for them', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const mobile = freshMobile();
    const code = await requestCode(t.app, a, mobile);
    const row = await t.database.db
      .selectFrom('sms_codes')
      .selectAll()
      .where('mobile', '=', mobile)
      .executeTakeFirstOrThrow();
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.code_hash).not.toContain(code);

    // B read A's code somewhere: it is not B's to use, and B's tries spend none of A's attempts.
    for (let i = 0; i < 6; i++) {
      const stolen = await postBind(t.app, b, { mobile, code });
      expect(stolen.json()).toMatchObject({ result: false, msg: Msg.smsCodeMissing });
    }
    const ok = await postBind(t.app, a, { mobile, code });
    expect(ok.json()).toMatchObject({ result: true, data: { mobile } });

    // Unbound by an operator, the same code does not bind again.
    await t.database.db.updateTable('users').set({ mobile: null }).where('id', '=', a.userId).execute();
    const reused = await postBind(t.app, a, { mobile, code });
    expect(reused.json()).toMatchObject({ result: false, msg: Msg.smsCodeMissing });
  });

  it('pays the 40-coin reward once per number, ever, across accounts', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const mobile = freshMobile();
    const first = await postBind(t.app, a, { mobile, code: await requestCode(t.app, a, mobile) });
    expect(first.json()).toMatchObject({ result: true, data: { avaliableAmount: BIND_MOBILE_REWARD } });

    // The number is released (an operator unbinds it) and bound again by another account.
    await t.database.db.updateTable('users').set({ mobile: null }).where('id', '=', a.userId).execute();
    advance(61_000);
    const second = await postBind(t.app, b, { mobile, code: await requestCode(t.app, b, mobile) });
    expect(second.json()).toMatchObject({
      result: true,
      msg: Msg.bindSuccess,
      data: { mobile, avaliableAmount: 0 },
    });
    const ledger = await t.database.db
      .selectFrom('ledger')
      .select(['user_id', 'amount'])
      .where('kind', '=', 'bind_mobile')
      .where('user_id', 'in', [a.userId, b.userId])
      .execute();
    expect(ledger).toEqual([{ user_id: a.userId, amount: BIND_MOBILE_REWARD }]);
    const rewards = await t.database.db
      .selectFrom('rewards')
      .select('user_id')
      .where('mobile', '=', mobile)
      .execute();
    expect(rewards).toEqual([{ user_id: a.userId }]);
    expect(await info(a)).toMatchObject({ avaliableAmount: BIND_MOBILE_REWARD, mobile: null });
  });

  it('says a number is bound to someone else only after a valid code for it', async () => {
    const owner = await registerUser(t.app);
    const bound = freshMobile();
    await postBind(t.app, owner, { mobile: bound, code: await requestCode(t.app, owner, bound) });

    const prober = await registerUser(t.app);
    const free = freshMobile();
    // Without a code, or with a guess, a bound and a free number get the same answers.
    for (const mobile of [bound, free]) {
      expect((await postBind(t.app, prober, { mobile })).json().msg).toBe(Msg.enterSmsCode);
      expect((await postBind(t.app, prober, { mobile, code: '123456' })).json().msg).toBe(Msg.smsCodeMissing);
    }
    // Sending a code answers alike too: the send never looks at who holds the number.
    advance(61_000);
    const toBound = (await sendBindCode(t.app, prober, bound)).json();
    const toFree = (await sendBindCode(t.app, prober, free)).json();
    expect(toBound).toEqual(toFree);
    expect(toBound).toMatchObject({ result: true, msg: Msg.smsCodeSent });

    const code = (await readOutboxCode(t.app, bound))!;
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await postBind(t.app, prober, { mobile: bound, code: wrong })).json().msg).toBe(Msg.smsCodeWrong);
    const taken = await postBind(t.app, prober, { mobile: bound, code });
    expect(taken.json()).toMatchObject({ result: false, msg: Msg.mobileTaken });
    // That answer used the code up: asking again needs (and counts) another code.
    const again = await postBind(t.app, prober, { mobile: bound, code });
    expect(again.json()).toMatchObject({ result: false, msg: Msg.smsCodeMissing });
    expect(await info(prober)).toMatchObject({ mobile: null, avaliableAmount: 0 });
  });

  it('caps codes per user, and per account and number, a day', async () => {
    const s = await registerUser(t.app);
    for (let i = 0; i < SMS_CAPS.perUser.limit; i++) {
      expect((await sendBindCode(t.app, s, freshMobile())).json().result).toBe(true);
    }
    const over = await sendBindCode(t.app, s, freshMobile());
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ result: false, code: Code.RATE_LIMITED, msg: Msg.smsDailyLimit });

    const mobile = freshMobile();
    const u = await registerUser(t.app);
    for (let i = 0; i < SMS_CAPS.perAccountNumber.limit; i++) {
      expect((await sendBindCode(t.app, u, mobile)).json().result).toBe(true);
      advance(61_000);
    }
    const capped = await sendBindCode(t.app, u, mobile);
    expect(capped.statusCode).toBe(429);
    expect(capped.json().msg).toBe(Msg.smsDailyLimit);
    // That account's day is its own: another one still gets a code for the number.
    const other = await registerUser(t.app);
    expect((await sendBindCode(t.app, other, mobile)).json().result).toBe(true);
    // The next day the account may get codes for it again.
    advance(24 * 3600_000);
    expect((await sendBindCode(t.app, u, mobile)).json().result).toBe(true);
  });

  it('caps the accounts a number gets codes for a day, and those asking from one address', async () => {
    const mobile = freshMobile();
    const firsts = await registerUsers(t.app, SMS_CAPS.perNumberAccounts.limit);
    for (const u of firsts) expect((await sendBindCode(t.app, u, mobile)).json().result).toBe(true);
    const late = await registerUser(t.app);
    const refused = await sendBindCode(t.app, late, mobile);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ result: false, code: Code.RATE_LIMITED, msg: Msg.smsDailyLimit });
    // An account that has a place keeps its own budget.
    advance(61_000);
    expect((await sendBindCode(t.app, firsts[0]!, mobile)).json().result).toBe(true);
    const code = (await readOutboxCode(t.app, mobile))!;
    expect((await postBind(t.app, firsts[0]!, { mobile, code })).json()).toMatchObject({ result: true });
    // A new day: the number has all its places again.
    advance(24 * 3600_000);
    expect((await sendBindCode(t.app, late, mobile)).json().result).toBe(true);

    // From one address, a few accounts for one number; other addresses are not held off by them.
    const other = freshMobile();
    const address = { 'x-forwarded-for': '10.251.0.1' };
    const crowd = await registerUsers(t.app, SMS_CAPS.perNumberAddress.limit + 1);
    const statuses = [];
    for (const u of crowd) statuses.push((await sendBindCode(t.app, u, other, address)).statusCode);
    expect(statuses).toEqual([...Array<number>(SMS_CAPS.perNumberAddress.limit).fill(200), 429]);
    expect((await sendBindCode(t.app, crowd.at(-1)!, other)).json().result).toBe(true);
  });

  it("holds the cooldown, the number's places and the attempt limit under parallel calls", async () => {
    const owner = await registerUser(t.app);
    const mobile = freshMobile();
    // Within the per-user cap, so every refusal below is the cooldown's.
    const sends = await Promise.all(Array.from({ length: 8 }, () => sendBindCode(t.app, owner, mobile)));
    const winners = sends.map((r) => r.json()).filter((b) => b.result);
    expect(winners).toHaveLength(1);
    const delivered = await t.database.db
      .selectFrom('sandbox_sms')
      .select('id')
      .where('mobile', '=', mobile)
      .execute();
    expect(delivered).toHaveLength(1);

    const code = (await readOutboxCode(t.app, mobile))!;
    const wrong = code === '000000' ? '111111' : '000000';
    const guesses = await Promise.all(
      // Fewer than bind_mobile's per-user limit (item 3), so the calls below are still heard.
      Array.from({ length: 10 }, () => postBind(t.app, owner, { mobile, code: wrong })),
    );
    // A guess arriving while another of the same user is in progress is refused at once (429).
    const msgs = guesses.map((r) => r.json().msg);
    const allowed: string[] = [Msg.smsCodeWrong, Msg.smsCodeLocked, Msg.tooManyAttempts];
    expect(msgs.every((m) => allowed.includes(m))).toBe(true);
    let wrongAnswers = msgs.filter((m) => m === Msg.smsCodeWrong).length;
    for (let i = 0; i < 6; i++) {
      const m = (await postBind(t.app, owner, { mobile, code: wrong })).json().msg;
      if (m === Msg.smsCodeWrong) wrongAnswers++;
    }
    // However they arrived, five wrong checks: four answered 验证码错误, the fifth kills the code.
    expect(wrongAnswers).toBe(4);
    const row = await t.database.db
      .selectFrom('sms_codes')
      .select('attempts')
      .where('mobile', '=', mobile)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    const late = await postBind(t.app, owner, { mobile, code });
    expect(late.json()).toMatchObject({ result: false, msg: Msg.smsCodeLocked });

    // Accounts racing for a number's last places take no more than there are.
    const crowd = await registerUsers(t.app, SMS_CAPS.perNumberAccounts.limit + 5);
    const another = freshMobile();
    const raced = await Promise.all(crowd.map((u) => sendBindCode(t.app, u, another)));
    expect(raced.filter((r) => r.json().result)).toHaveLength(SMS_CAPS.perNumberAccounts.limit);
    expect(raced.filter((r) => r.statusCode === 429)).toHaveLength(5);
  });

  it('caps codes per device a day, across the accounts on it', async () => {
    const device = 'sms-device-0000000000000001';
    for (let i = 0; i < SMS_CAPS.perDevice.limit; i++) {
      const u = await registerUser(t.app);
      const res = await sendBindCode(t.app, u, freshMobile(), { 'x-device-id': device });
      expect(res.json().result).toBe(true);
    }
    const u = await registerUser(t.app);
    const over = await sendBindCode(t.app, u, freshMobile(), { 'x-device-id': device });
    expect(over.statusCode).toBe(429);
    expect(over.json().msg).toBe(Msg.smsDailyLimit);
  });

  it('caps codes per address a day, whichever users ask', async () => {
    const provider = t.ctx.smsProviders.primary;
    const address = '10.250.0.1';
    const results: string[] = [];
    for (let i = 0; i <= SMS_CAPS.perAddress.limit; i++) {
      const u = await registerUser(t.app);
      const r = await sendCodeService(
        t.database.db,
        provider,
        {
          userId: u.userId,
          mobile: freshMobile(),
          deviceId: null,
          address,
        },
        clock.now(),
      );
      results.push(r.kind);
    }
    expect(results.slice(0, -1).every((k) => k === 'sent')).toBe(true);
    expect(results.at(-1)).toBe('limited');
  });

  it('shows sent codes on the sandbox outbox page, labelled as a test outbox and escaped', async () => {
    const s = await registerUser(t.app);
    const mobile = freshMobile();
    const code = await requestCode(t.app, s, mobile);
    const page = await t.app.inject({ method: 'GET', url: '/h5/sms/outbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('测试短信收件箱');
    expect(page.body).toContain('沙箱');
    expect(page.body).toContain(mobile);
    expect(page.body).toContain(`<strong>${code}</strong>`);
    expect(page.body).not.toMatch(/<script/i);
    // Anything stored is shown as text.
    await t.database.db
      .insertInto('sandbox_sms')
      .values({ mobile, text: '<img src=x onerror=alert(1)>', created_at: new Date().toISOString() })
      .execute();
    const escaped = await t.app.inject({ method: 'GET', url: `/h5/sms/outbox?mobile=${mobile}` });
    expect(escaped.body).not.toContain('<img src=x');
    expect(escaped.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    const bad = await t.app.inject({ method: 'GET', url: '/h5/sms/outbox?mobile=%3Cscript%3E' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('with another SMS provider', () => {
  const delivered: { mobile: string; text: string }[] = [];
  const capture: SmsProvider = {
    name: 'capture',
    outboxPath: null,
    send: async (m) => {
      delivered.push(m);
      return { ok: true, messageId: `m${delivered.length}` };
    },
  };
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...FAST_HASHING }, undefined, { smsProviders: registryOf([capture]) });
  });
  afterAll(() => t.close());

  it('has no outbox page (404), and binds with the code the provider delivered', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/h5/sms/outbox',
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain('测试短信收件箱');

    const s = await registerUser(t.app);
    const mobile = freshMobile();
    const sent = await sendBindCode(t.app, s, mobile);
    expect(sent.json()).toMatchObject({ result: true, data: { resendAfter: 60 } });
    expect(sent.json().data.outboxUrl).toBeUndefined();
    const message = delivered.find((m) => m.mobile === mobile)!;
    const code = /(\d{6})/.exec(message.text)![1]!;
    const ok = await postBind(t.app, s, { mobile, code });
    expect(ok.json()).toMatchObject({ result: true, data: { mobile, avaliableAmount: BIND_MOBILE_REWARD } });
    expect(await t.database.db.selectFrom('sandbox_sms').selectAll().execute()).toEqual([]);
  });

  it('refuses to start with an unknown SMS_PROVIDER', async () => {
    const refused = createTestApp({ SMS_PROVIDER: 'nope' });
    await expect(refused).rejects.toThrow(ConfigError);
    await expect(refused).rejects.toThrow(
      `SMS_PROVIDER: unknown provider "nope" (known: ${Object.keys(SMS_PROVIDERS.known).join(', ')})`,
    );
  });
});

describe('starting with the sandbox SMS provider', () => {
  /** Log lines of an app built with NODE_ENV as given. */
  async function startupLog(nodeEnv: string, env: Record<string, string> = {}): Promise<string> {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const dataDir = mkdtempSync(join(tmpdir(), 'inkreel-sms-log-'));
    const before = process.env.NODE_ENV;
    process.env.NODE_ENV = nodeEnv;
    const database = openDatabase({ dataDir });
    try {
      await migrateToLatest(database.db);
      const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'info', ...FAST_HASHING, ...env });
      const app = await buildApp({ config, database, logger: { stream } });
      await app.close();
      return lines.join('');
    } finally {
      process.env.NODE_ENV = before;
      await database.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  it('warns in production that codes are not sent and show on the test outbox', async () => {
    expect(await startupLog('production')).toContain('SMS_PROVIDER=sandbox in production');
    expect(await startupLog('development')).not.toContain('SMS_PROVIDER=sandbox');
  });
});
