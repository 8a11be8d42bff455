import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Api,
  Code,
  GUESS_LIKE_SIZE,
  IMAGE_URL_PATTERN,
  Msg,
  VOD_PAGE_SIZE,
  VOD_TRIAL_SECONDS,
  Vod,
  VodIndexData,
  VodInfo,
  VodList,
  apiPath,
  type SessionData,
} from '../../src/contract/index.js';
import { authHeaders, FAST_HASHING, registerUser } from './helpers/accounts.js';
import { anonHeaders, okData, postWatch } from './helpers/catalogue.js';
import { insertFixtureCatalogue, type FixtureCatalogue } from './helpers/fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const EXTRA_VODS = 30;

describe('catalogue: videos', () => {
  let t: TestApp;
  let f: FixtureCatalogue;
  let user: SessionData;
  const watch = (vodId: number | string, headers: Record<string, string>) => postWatch(t.app, vodId, headers);
  const playsOf = async (vodId: number) =>
    (
      await t.database.db
        .selectFrom('vods')
        .select('play_count')
        .where('id', '=', vodId)
        .executeTakeFirstOrThrow()
    ).play_count;

  beforeAll(async () => {
    t = await createTestApp(FAST_HASHING);
    f = await insertFixtureCatalogue(t.database.db, { extraVods: EXTRA_VODS });
    user = await registerUser(t.app);
  });
  afterAll(() => t.close());

  it('index answers one shelf per type with videos, in type order', async () => {
    const shelves = okData(await t.app.inject({ method: 'GET', url: Api.vodIndex }), VodIndexData);
    expect(shelves.map((s) => [s.typeId, s.typeName])).toEqual(f.vodTypes.map((v) => [v.id, v.name]));
    for (const s of shelves) {
      expect(s.vods.length).toBeGreaterThan(0);
      expect(s.vods.every((v) => v.typeId === s.typeId)).toBe(true);
      expect(s.vods[0]!.vodPic).toMatch(IMAGE_URL_PATTERN);
    }
  });

  it('counts a play once per user, video and day: repeated watches cannot push a video up', async () => {
    const vod = f.vods.find((v) => v.price === 0) ?? f.vods[0]!;
    const plays = () => playsOf(vod.id);
    const before = await plays();
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const watches = await Promise.all(Array.from({ length: 8 }, () => watch(vod.id, authHeaders(a))));
    for (const w of watches) expect(w.json().result).toBe(true);
    expect(await plays()).toBe(before + 1);
    expect((await watch(vod.id, authHeaders(b))).json().result).toBe(true);
    expect((await watch(vod.id, authHeaders(b))).json().result).toBe(true);
    expect(await plays()).toBe(before + 2);
  });

  it("info answers a video's public facts to anyone, the same as its watch answer, and counts no play", async () => {
    const vod = f.vods.find((v) => v.price > 0)!;
    const plays = () => playsOf(vod.id);
    const before = await plays();
    const url = apiPath(Api.vodInfo, { vodId: vod.id });
    const info = okData(await t.app.inject({ method: 'GET', url }), VodInfo);
    expect(await plays()).toBe(before);
    // The same for a signed-in caller: nothing in it depends on who asks.
    expect(okData(await t.app.inject({ method: 'GET', url, headers: authHeaders(user) }), VodInfo)).toEqual(
      info,
    );
    const watched = okData(await watch(vod.id, authHeaders(user)), Vod);
    expect(info).toEqual({
      vodId: watched.vodId,
      vodName: watched.vodName,
      vodPic: watched.vodPic,
      vodPointsPlay: watched.vodPointsPlay,
      typeId: watched.typeId,
      vodDuration: watched.vodDuration,
      vodPoster: watched.vodPoster,
      vodContent: watched.vodContent,
    });
    expect(Object.keys(info)).not.toContain('vodPlayUrl');
    const missing = await t.app.inject({ method: 'GET', url: apiPath(Api.vodInfo, { vodId: 987654 }) });
    expect(missing.json()).toMatchObject({ result: false, code: Code.NOT_FOUND, msg: Msg.videoNotFound });
    const bad = await t.app.inject({ method: 'GET', url: '/api/vod/info/x' });
    expect(bad.statusCode).toBeLessThan(500);
    expect(bad.json()).toMatchObject({ result: false });
  });

  it('page lists a type (0: all) by VOD_PAGE_SIZE with totalPage', async () => {
    const total = f.vods.length;
    const all1 = okData(
      await t.app.inject({ method: 'GET', url: apiPath(Api.vodPage, { category: 0, page: 1 }) }),
      VodList,
    );
    expect(all1.list).toHaveLength(VOD_PAGE_SIZE);
    expect(all1.totalPage).toBe(Math.ceil(total / VOD_PAGE_SIZE));
    const last = okData(
      await t.app.inject({ method: 'GET', url: apiPath(Api.vodPage, { category: 0, page: all1.totalPage }) }),
      VodList,
    );
    expect(last.list).toHaveLength(total - (all1.totalPage - 1) * VOD_PAGE_SIZE);
    const type3 = okData(
      await t.app.inject({ method: 'GET', url: apiPath(Api.vodPage, { category: 3, page: 1 }) }),
      VodList,
    );
    expect(type3.list.map((v) => v.vodId).sort()).toEqual(
      f.vods
        .filter((v) => v.typeId === 3)
        .map((v) => v.id)
        .sort(),
    );
    const empty = okData(
      await t.app.inject({ method: 'GET', url: apiPath(Api.vodPage, { category: 77, page: 1 }) }),
      VodList,
    );
    expect(empty).toEqual({ list: [], totalPage: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/api/vod/page/x/1' })).statusCode).toBe(400);
  });

  it('watch needs a session', async () => {
    const res = await watch(f.vods[0]!.id, anonHeaders());
    expect(res.statusCode).toBe(401);
  });

  it('watch without a purchase: trial playlist, trial seconds, markers and 猜你喜欢 of the same type first', async () => {
    const v = f.vods[0]!;
    const data = okData(await watch(v.id, authHeaders(user)), Vod);
    expect(data).toMatchObject({
      vodId: v.id,
      vodName: v.name,
      vodPointsPlay: v.price,
      bought: false,
      canTryWatch: true,
      trialSeconds: VOD_TRIAL_SECONDS,
      vodPlayUrl: `/media/vod/${v.mediaKey}/trial/${VOD_TRIAL_SECONDS}/master.m3u8`,
    });
    expect(data.markers.map((m) => [m.offset, m.title])).toEqual([
      [10, '开场'],
      [60, '高潮'],
    ]);
    expect(data.markers[0]!.coverUrl).toMatch(IMAGE_URL_PATTERN);
    // 更多精彩推荐: a full grid of the same type's others (this type has more than enough).
    expect(data.guessLikeList).toHaveLength(GUESS_LIKE_SIZE);
    expect(data.guessLikeList.every((g) => g.typeId === v.typeId && g.vodId !== v.id)).toBe(true);
    // A video that allows no trial.
    const noTrial = okData(await watch(f.vods[2]!.id, authHeaders(user)), Vod);
    expect(noTrial).toMatchObject({ canTryWatch: false, bought: false, trialSeconds: VOD_TRIAL_SECONDS });
    // Nothing to play without access or a trial: no playlist URL either.
    expect(noTrial.vodPlayUrl).toBe('');
  });

  it('watch after a purchase: the signed full playlist and no trial', async () => {
    const v = f.vods[1]!;
    await t.database.db
      .insertInto('purchases')
      .values({
        user_id: user.userId,
        item_type: 'vod',
        item_id: v.id,
        price: v.price,
        created_at: new Date().toISOString(),
      })
      .execute();
    const data = okData(await watch(v.id, authHeaders(user)), Vod);
    expect(data).toMatchObject({ bought: true, canTryWatch: false, trialSeconds: 0 });
    expect(data.vodPlayUrl).toMatch(
      new RegExp(
        `^/media/vod/${v.mediaKey}/s/${v.id}\\.${user.userId}\\.\\d+\\.[A-Za-z0-9_-]{43}/master\\.m3u8$`,
      ),
    );
    const other = await registerUser(t.app);
    expect(okData(await watch(v.id, authHeaders(other)), Vod).bought).toBe(false);
  });

  it('watch of a missing video answers result false with the message; a bad id is a 400', async () => {
    const res = await watch(999_999, authHeaders(user));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ result: false, code: Code.NOT_FOUND, msg: Msg.videoNotFound });
    expect((await watch('abc', authHeaders(user))).statusCode).toBe(400);
  });

  it("猜你喜欢 is filled up from other types when the video's type has too few others", async () => {
    const poster = (
      await t.database.db.selectFrom('vods').select('pic_hash').limit(1).executeTakeFirstOrThrow()
    ).pic_hash;
    const typeId = 90;
    await t.ctx.catalogue.createVodType({ id: typeId, name: '新类型', sort: 90 });
    const input = { typeId, summary: '', posterHash: poster, price: 10, duration: 60, canTry: true };
    const first = await t.ctx.catalogue.createVod({ ...input, name: '同类一', mediaKey: 'fixture-lone-1' });
    await t.ctx.catalogue.createVod({ ...input, name: '同类二', mediaKey: 'fixture-lone-2' });
    const data = okData(await watch(first, authHeaders(user)), Vod);
    // The one other video of its type first, then the most played of the rest: GUESS_LIKE_SIZE in all,
    // so the two-column grid under the video has no hole.
    expect(data.guessLikeList).toHaveLength(GUESS_LIKE_SIZE);
    expect(data.guessLikeList[0]!.vodName).toBe('同类二');
    expect(data.guessLikeList.slice(1).every((g) => g.typeId !== typeId)).toBe(true);
    expect(new Set(data.guessLikeList.map((g) => g.vodId)).size).toBe(GUESS_LIKE_SIZE);
  });
});
