import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Api,
  Code,
  DANMU_POST_RATE,
  DANMU_TEXT_MAX,
  DanmuMsg,
  Msg,
  PLAYER,
  VOD_TRIAL_SECONDS,
  Vod,
  VodDanmu,
  type SessionData,
} from '../../src/contract/index.js';
import { demoDanmu } from '../../src/server/demo/danmu.js';
import { authHeaders, FAST_HASHING, registerUser } from './helpers/accounts.js';
import { anonHeaders, okData, postWatch } from './helpers/catalogue.js';
import { insertFixtureCatalogue, type FixtureCatalogue } from './helpers/fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const form = (body: Record<string, string | number>) =>
  Object.entries(body)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');

describe('vod danmu: posting comments and the watch answer', () => {
  let t: TestApp;
  let f: FixtureCatalogue;
  let user: SessionData;

  const post = (body: Record<string, string | number>, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: Api.vodDanmu,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: form(body),
    });
  const watch = async (vodId: number, s: SessionData) =>
    okData(await postWatch(t.app, vodId, authHeaders(s)), Vod);
  const comment = (vodId: number, over: Record<string, string | number> = {}) => ({
    vodId,
    stime: 5_000,
    text: '好看',
    mode: 1,
    size: 25,
    color: 0xff5a5f,
    ...over,
  });

  beforeAll(async () => {
    t = await createTestApp(FAST_HASHING);
    f = await insertFixtureCatalogue(t.database.db);
    user = await registerUser(t.app);
  });
  afterAll(() => t.close());

  it('a posted comment is stored and comes back in the watch answer, ordered by stime', async () => {
    const v = f.vods[0]!;
    const later = okData(
      await post(comment(v.id, { stime: 9_000, text: '后面' }), authHeaders(user)),
      VodDanmu,
    );
    const earlier = okData(
      await post(
        comment(v.id, { stime: 2_000, text: '  <b>前面</b>  ', mode: 5, size: 45 }),
        authHeaders(user),
      ),
      VodDanmu,
    );
    expect(earlier).toMatchObject({
      mode: 5,
      stime: 2_000,
      text: '<b>前面</b>',
      size: 45,
      color: 0xff5a5f,
      dur: PLAYER.commentLifeMs,
      position: null,
      motion: null,
    });
    // Another viewer sees both.
    const other = await registerUser(t.app);
    const list = (await watch(v.id, other)).danmuList;
    expect(list.map((d) => [d.id, d.text])).toEqual([
      [earlier.id, '<b>前面</b>'],
      [later.id, '后面'],
    ]);
  });

  it('refuses a caller without a session (401)', async () => {
    const res = await post(comment(f.vods[0]!.id), anonHeaders());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ result: false, code: Code.UNAUTHORIZED, msg: Msg.loginRequired });
  });

  it('refuses a video the caller may not watch, and a trial past its end; allows it once bought', async () => {
    const noTrial = f.vods[2]!;
    const res = await post(comment(noTrial.id), authHeaders(user));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ result: false, code: Code.REFUSED, msg: DanmuMsg.forbidden });

    const trial = f.vods[3]!;
    const late = await post(
      comment(trial.id, { stime: VOD_TRIAL_SECONDS * 1000 + 1_000 }),
      authHeaders(user),
    );
    expect(late.json()).toMatchObject({ result: false, msg: DanmuMsg.forbidden });

    const buyer = await registerUser(t.app);
    await t.database.db
      .insertInto('purchases')
      .values({
        user_id: buyer.userId,
        item_type: 'vod',
        item_id: noTrial.id,
        price: noTrial.price,
        created_at: new Date().toISOString(),
      })
      .execute();
    okData(await post(comment(noTrial.id, { stime: 60_000 }), authHeaders(buyer)), VodDanmu);
    // Past the video's end is refused even when bought.
    expect((await post(comment(noTrial.id, { stime: 121_000 }), authHeaders(buyer))).json()).toMatchObject({
      result: false,
      msg: DanmuMsg.forbidden,
    });
    expect((await post(comment(999_999), authHeaders(user))).json()).toMatchObject({
      result: false,
      code: Code.NOT_FOUND,
      msg: Msg.videoNotFound,
    });
    // The trial answer carries only the trial's comments.
    expect((await watch(noTrial.id, user)).danmuList).toEqual([]);
    expect((await watch(noTrial.id, buyer)).danmuList.map((d) => d.stime)).toEqual([60_000]);
  });

  it('refuses invalid input with a clear 400 and stores nothing', async () => {
    const v = f.vods[1]!;
    const cases: [Record<string, string | number>, string][] = [
      [comment(v.id, { text: '   ' }), DanmuMsg.empty],
      [comment(v.id, { text: '弹'.repeat(DANMU_TEXT_MAX + 1) }), DanmuMsg.tooLong],
      [comment(v.id, { text: 'a\nb' }), DanmuMsg.badStyle],
      [comment(v.id, { mode: 8 }), DanmuMsg.badStyle],
      [comment(v.id, { mode: 7 }), DanmuMsg.badStyle],
      [comment(v.id, { size: 99 }), DanmuMsg.badStyle],
      [comment(v.id, { color: 0x1000000 }), DanmuMsg.badStyle],
      [comment(v.id, { color: -1 }), DanmuMsg.badStyle],
      [comment(v.id, { stime: -1 }), Msg.badRequest],
      [comment(v.id, { stime: 'soon' }), Msg.badRequest],
      [comment('abc' as unknown as number), Msg.badRequest],
    ];
    for (const [body, msg] of cases) {
      const res = await post(body, authHeaders(user));
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ result: false, msg });
    }
    const { text: _text, ...noText } = comment(v.id);
    expect((await post(noText, authHeaders(user))).json()).toMatchObject({ msg: DanmuMsg.empty });
    const json = await t.app.inject({
      method: 'POST',
      url: Api.vodDanmu,
      headers: { ...authHeaders(user), 'content-type': 'application/json' },
      payload: '{"vodId":',
    });
    expect(json.statusCode).toBe(400);
    expect(okData(await postWatch(t.app, v.id, authHeaders(user)), Vod).danmuList).toEqual([]);
  });

  it(`limits an account to ${DANMU_POST_RATE.limit} comments a minute; another account is not held back`, async () => {
    const chatty = await registerUser(t.app);
    const v = f.vods[1]!;
    for (let i = 0; i < DANMU_POST_RATE.limit; i++) {
      okData(await post(comment(v.id, { stime: i * 1000, text: `第${i}条` }), authHeaders(chatty)), VodDanmu);
    }
    const refused = await post(comment(v.id, { text: '再来' }), authHeaders(chatty));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      result: false,
      code: Code.RATE_LIMITED,
      msg: Msg.tooManyAttempts,
    });
    okData(await post(comment(v.id, { text: '我也来' }), authHeaders(await registerUser(t.app))), VodDanmu);
    const texts = (await watch(v.id, chatty)).danmuList.map((d) => d.text);
    expect(texts).toHaveLength(DANMU_POST_RATE.limit + 1);
    expect(texts).not.toContain('再来');
  });

  it('the demo seed gives each video every shipped mode early on, as viewers would write them', () => {
    for (const seed of [1, 7, 500, 529]) {
      const rows = demoDanmu(44, new Date().toISOString(), seed);
      const early = rows.filter((r) => r.stime <= 4_500);
      expect(new Set(early.map((r) => r.mode))).toEqual(new Set([1, 4, 5, 6, 7, 17]));
      expect(rows.every((r) => r.stime < 44_000)).toBe(true);
      for (const r of rows.filter((x) => x.mode === 7 || x.mode === 17)) {
        expect(r.position && r.motion).toBeTruthy();
      }
      // No test strings in the shipped catalogue: no script mode, no markup, no Latin words.
      expect(rows.some((r) => r.mode === 8)).toBe(false);
      for (const r of rows) expect(r.text, r.text).not.toMatch(/[<>&"'=]|[A-Za-z]{2,}|script|javascript:/i);
      // Comments differ between videos.
      expect(new Set(rows.map((r) => r.text)).size).toBeGreaterThan(8);
    }
    const a = demoDanmu(44, '', 500).map((r) => r.text);
    const b = demoDanmu(44, '', 501).map((r) => r.text);
    expect(a).not.toEqual(b);
  });

  it('a stored mode-8 comment with markup comes back as inert data', async () => {
    // Security cases live here, not in the catalogue: the row is made by the test.
    const v = f.vods[0]!;
    const script = '<img src=x onerror="window.__inkDanmuRan=1">';
    await t.database.db
      .insertInto('vod_danmu')
      .values({
        vod_id: v.id,
        user_id: null,
        mode: 8,
        stime: 3_000,
        text: script,
        size: 18,
        color: 0xff5a5f,
        dur: PLAYER.commentLifeMs,
        border: 0,
        opacity: 1,
        font: '',
        shadow: 1,
        position: null,
        motion: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const list = (await watch(v.id, user)).danmuList;
    expect(list.find((d) => d.mode === 8)?.text).toBe(script);
  });
});
