import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Api, Code, Msg, type DailySignConfig } from '../../src/contract/index.js';
import { seedPayData } from '../../src/server/services/pay/defaults.js';
import { dailySignConfig } from '../../src/server/services/signin.js';
import { balanceOf, checkInvariants, registerUser, type TestUser } from './helpers/money.js';
import { FakeClock } from './helpers/fake-clock.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const clock = new FakeClock();
/** 12:00 in Shanghai (04:00 UTC) on day `n` after 2026-05-01. */
const noonOfDay = (n: number) => new Date(Date.parse('2026-05-01T04:00:00.000Z') + n * 86_400_000);
const USER = [5, 5, 10, 10, 15, 15, 30];
const VIP = USER.map((c) => c * 2);

describe('daily sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, undefined, { clock });
    await seedPayData(t.database.db);
  });
  afterAll(() => t.close());
  afterEach(() => {
    clock.reset();
  });

  const at = (when: Date) => {
    clock.set(when);
  };
  const sign = (u: TestUser) => t.app.inject({ method: 'POST', url: Api.dailySign, headers: u.headers });
  const config = (u: TestUser): Promise<DailySignConfig> =>
    dailySignConfig(t.database.db, u.userId, clock.now());

  it('runs a 7-day cycle, once per day, wrapping after day 7', async () => {
    const u = await registerUser(t.app);
    let expected = 0;
    for (let day = 0; day < 9; day++) {
      at(noonOfDay(day));
      const cycleDay = (day % 7) + 1;
      const before = await config(u);
      expect(before).toMatchObject({
        signAmounts: USER.join(','),
        vipSignAmounts: VIP.join(','),
        currentSignDay: cycleDay,
        selectSignDay: cycleDay,
        signedToday: false,
        receiveCount: USER[cycleDay - 1],
        alreadyBoundMobile: false,
      });
      const res = await sign(u);
      expect(res.statusCode).toBe(200);
      expected += USER[cycleDay - 1]!;
      expect(res.json()).toMatchObject({
        result: true,
        msg: Msg.signSuccess,
        data: {
          receiveCount: USER[cycleDay - 1],
          signedDay: cycleDay,
          currentSignDay: (cycleDay % 7) + 1,
          avaliableAmount: expected,
        },
      });
      const again = await sign(u);
      expect(again.json()).toMatchObject({ result: false, code: Code.REFUSED, msg: Msg.alreadySigned });
      expect(await config(u)).toMatchObject({
        signedToday: true,
        selectSignDay: cycleDay,
        currentSignDay: (cycleDay % 7) + 1,
        receiveCount: USER[cycleDay - 1],
      });
    }
    expect(await balanceOf(t.database.db, u.userId)).toBe(expected);
    await checkInvariants(t.database.db);
  });

  it('a missed day restarts at day 1', async () => {
    const u = await registerUser(t.app);
    for (const day of [0, 1, 2]) {
      at(noonOfDay(day));
      expect((await sign(u)).json().result).toBe(true);
    }
    at(noonOfDay(4));
    expect((await config(u)).currentSignDay).toBe(1);
    expect((await sign(u)).json()).toMatchObject({ data: { signedDay: 1, receiveCount: USER[0] } });
  });

  it('the day is the Asia/Shanghai calendar day', async () => {
    const u = await registerUser(t.app);
    at(new Date('2026-06-01T15:59:00.000Z')); // 23:59 in Shanghai on June 1
    expect((await sign(u)).json().result).toBe(true);
    at(new Date('2026-06-01T16:01:00.000Z')); // 00:01 on June 2 in Shanghai, still June 1 in UTC
    expect((await sign(u)).json()).toMatchObject({ result: true, data: { signedDay: 2 } });
    const days = await t.database.db
      .selectFrom('sign_ins')
      .select('day')
      .where('user_id', '=', u.userId)
      .orderBy('day')
      .execute();
    expect(days.map((d) => d.day)).toEqual(['2026-06-01', '2026-06-02']);
  });

  it('VIP gets the doubled list', async () => {
    const u = await registerUser(t.app);
    at(noonOfDay(0));
    await t.database.db
      .updateTable('users')
      .set({ vip_type: 'month', vip_end_at: noonOfDay(3).toISOString() })
      .where('id', '=', u.userId)
      .execute();
    expect((await config(u)).receiveCount).toBe(VIP[0]);
    expect((await sign(u)).json()).toMatchObject({ data: { receiveCount: VIP[0] } });
    at(noonOfDay(1));
    expect((await sign(u)).json()).toMatchObject({ data: { receiveCount: VIP[1] } });
    at(noonOfDay(4)); // VIP ended on day 3; the streak was broken too
    expect((await sign(u)).json()).toMatchObject({ data: { receiveCount: USER[0], signedDay: 1 } });
  });

  it('concurrent sign-ins on one day credit once', async () => {
    const u = await registerUser(t.app);
    at(noonOfDay(10));
    const answers = await Promise.all(Array.from({ length: 20 }, () => sign(u)));
    expect(answers.filter((a) => a.json().result)).toHaveLength(1);
    expect(await balanceOf(t.database.db, u.userId)).toBe(USER[0]);
    await checkInvariants(t.database.db);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: Api.dailySign,
      headers: { 'x-trace-id': 'trace-anon-123' },
    });
    expect(res.statusCode).toBe(401);
  });
});
