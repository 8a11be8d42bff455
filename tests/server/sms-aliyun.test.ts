/**
 * Alibaba Cloud SMS as the bind code's provider (issue 32 item 6): the official SDK talks to a local
 * fake of the service that checks the request signature with the configured secret, so the calls are
 * the real ones. Each refusal kind becomes the user's message, and nothing counts as sent when the
 * provider did not send.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIND_MOBILE_REWARD, Msg } from '../../src/contract/index.js';
import { buildApp, checkConfig } from '../../src/server/composition-root.js';
import { ConfigError, loadConfig } from '../../src/server/config.js';
import { migrateToLatest, openDatabase } from '../../src/server/db/database.js';
import { aliyunEndpoint } from '../../src/server/services/sms/aliyun/provider.js';
import { FAST_HASHING, registerUser } from './helpers/accounts.js';
import { FakeAliyunSms } from './helpers/fake-aliyun-sms.js';
import { freshMobile, postBind, sendBindCode } from './helpers/sms.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const KEY_ID = 'LTAI5tFakeKeyId';
const SECRET = 'fake-secret-never-logged-4f1c9a';
const settings = (endpoint: string, secret = SECRET) => ({
  SMS_PROVIDER: 'aliyun',
  SMS_ALIYUN_ACCESS_KEY_ID: KEY_ID,
  SMS_ALIYUN_ACCESS_KEY_SECRET: secret,
  SMS_ALIYUN_SIGN_NAME: '墨卷漫画',
  SMS_ALIYUN_TEMPLATE_CODE: 'SMS_480215001',
  SMS_ALIYUN_ENDPOINT: endpoint,
});

describe('bind codes through Alibaba Cloud SMS', () => {
  const fake = new FakeAliyunSms({ [KEY_ID]: SECRET });
  let endpoint: string;
  let t: TestApp;
  beforeAll(async () => {
    endpoint = await fake.start();
    t = await createTestApp({ ...FAST_HASHING, ...settings(endpoint) });
  });
  afterAll(async () => {
    await t?.close();
    await fake.stop();
  });

  it('sends the code in the configured template, signed with our keys, and binds with it', async () => {
    const s = await registerUser(t.app);
    const mobile = freshMobile();
    const sent = await sendBindCode(t.app, s, mobile);
    expect(sent.json()).toMatchObject({ result: true, msg: Msg.smsCodeSent, data: { resendAfter: 60 } });
    expect(sent.json().data.outboxUrl).toBeUndefined();
    const sms = fake.sent.find((m) => m.phoneNumbers === mobile)!;
    expect(sms).toMatchObject({ signName: '墨卷漫画', templateCode: 'SMS_480215001' });
    const code = fake.codeFor(mobile)!;
    expect(code).toMatch(/^\d{6}$/);
    const bound = await postBind(t.app, s, { mobile, code });
    expect(bound.json()).toMatchObject({
      result: true,
      data: { mobile, avaliableAmount: BIND_MOBILE_REWARD },
    });
    // The sandbox's outbox is the sandbox's alone.
    expect((await t.app.inject({ method: 'GET', url: '/h5/sms/outbox' })).statusCode).toBe(404);
    expect(await t.database.db.selectFrom('sandbox_sms').selectAll().execute()).toEqual([]);
  });

  it("answers the provider's flow control with 发送太频繁 (429), and stores no code", async () => {
    const s = await registerUser(t.app);
    const mobile = freshMobile();
    fake.refuse(mobile, 'isv.BUSINESS_LIMIT_CONTROL');
    const refused = await sendBindCode(t.app, s, mobile);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ result: false, msg: Msg.smsProviderThrottled });
    // Nothing reached the phone: no code to check, and no cooldown held against the user.
    expect((await postBind(t.app, s, { mobile, code: '123456' })).json().msg).toBe(Msg.smsCodeMissing);
    fake.allow(mobile);
    const again = await sendBindCode(t.app, s, mobile);
    expect(again.json()).toMatchObject({ result: true, msg: Msg.smsCodeSent });
  });

  it('answers a number the provider refuses with 请输入正确的手机号', async () => {
    const s = await registerUser(t.app);
    const mobile = freshMobile();
    fake.refuse(mobile, 'isv.MOBILE_NUMBER_ILLEGAL');
    const refused = await sendBindCode(t.app, s, mobile);
    expect(refused.json()).toMatchObject({ result: false, msg: Msg.badMobile });
    expect((await postBind(t.app, s, { mobile, code: '123456' })).json().msg).toBe(Msg.smsCodeMissing);
  });

  it('answers an outage or a refused account with 验证码发送失败, and the user may retry at once', async () => {
    const s = await registerUser(t.app);
    const mobile = freshMobile();
    fake.down = true;
    try {
      const down = await sendBindCode(t.app, s, mobile);
      expect(down.json()).toMatchObject({ result: false, msg: Msg.smsSendFailed });
    } finally {
      fake.down = false;
    }
    fake.refuse(mobile, 'isv.AMOUNT_NOT_ENOUGH');
    const broke = await sendBindCode(t.app, s, mobile);
    expect(broke.json()).toMatchObject({ result: false, msg: Msg.smsSendFailed });
    expect((await postBind(t.app, s, { mobile, code: '123456' })).json().msg).toBe(Msg.smsCodeMissing);
    fake.allow(mobile);
    const sent = await sendBindCode(t.app, s, mobile);
    expect(sent.json()).toMatchObject({ result: true });
    expect((await postBind(t.app, s, { mobile, code: fake.codeFor(mobile)! })).json().result).toBe(true);
  });
});

describe('Alibaba Cloud SMS with keys the service refuses', () => {
  const fake = new FakeAliyunSms({ [KEY_ID]: SECRET });
  let endpoint: string;
  beforeAll(async () => {
    endpoint = await fake.start();
  });
  afterAll(() => fake.stop());

  it('sends nothing, says 验证码发送失败, and logs an error for the operator without the secret', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const dataDir = mkdtempSync(join(tmpdir(), 'inkreel-aliyun-'));
    const database = openDatabase({ dataDir });
    const wrongSecret = 'wrong-secret-also-never-logged-77';
    try {
      await migrateToLatest(database.db);
      const config = loadConfig({
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        ...FAST_HASHING,
        ...settings(endpoint, wrongSecret),
      });
      const app = await buildApp({ config, database, logger: { stream } });
      try {
        const s = await registerUser(app);
        const mobile = freshMobile();
        const res = await sendBindCode(app, s, mobile);
        expect(res.json()).toMatchObject({ result: false, msg: Msg.smsSendFailed });
        expect(fake.sent).toEqual([]);
      } finally {
        await app.close();
      }
      const log = lines.join('');
      const refusal = lines
        .map((l) => JSON.parse(l))
        .find((l) => l.msg === 'sms provider refuses our account');
      expect(refusal).toMatchObject({ level: 50, failure: 'misconfigured' });
      expect(refusal.reason).toContain('SignatureDoesNotMatch');
      expect(log).not.toContain(wrongSecret);
      expect(log).not.toContain(SECRET);
    } finally {
      await database.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('starting with SMS_PROVIDER=aliyun', () => {
  it('stops with a line naming each missing setting', () => {
    const { SMS_ALIYUN_SIGN_NAME: _, ...withoutSign } = settings('https://dysmsapi.aliyuncs.com');
    expect(() => checkConfig(loadConfig(withoutSign))).toThrow(
      new ConfigError('SMS_PROVIDER: provider "aliyun" needs SMS_ALIYUN_SIGN_NAME, not set'),
    );
  });

  it('talks https to the service, and plain http only to this machine', async () => {
    expect(aliyunEndpoint(undefined)).toEqual({ endpoint: 'dysmsapi.aliyuncs.com', protocol: 'https' });
    expect(aliyunEndpoint('dysms.example.com')).toEqual({ endpoint: 'dysms.example.com', protocol: 'https' });
    expect(aliyunEndpoint('http://127.0.0.1:9000')).toEqual({ endpoint: '127.0.0.1:9000', protocol: 'http' });
    expect(() => aliyunEndpoint('http://dysmsapi.aliyuncs.com')).toThrow(
      new ConfigError('SMS_ALIYUN_ENDPOINT: https expected (plain http only to this machine)'),
    );
    expect(() => aliyunEndpoint('https://x.example.com/path')).toThrow(ConfigError);
    await expect(createTestApp(settings('http://sms.example.com'))).rejects.toThrow(
      new ConfigError('SMS_ALIYUN_ENDPOINT: https expected (plain http only to this machine)'),
    );
  });
});
