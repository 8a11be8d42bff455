import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_URL_PATTERN, Vod, importImageKey, type SessionData } from '../../src/contract/index.js';
import { DbCatalogueStore } from '../../src/server/infra/catalogue/db-catalogue-store.js';
import { demoStories } from '../../src/server/demo/seed.js';
import {
  DEMO_START_AD_SECONDS,
  buildPlayerAdMedia,
  insertPlayerAds,
} from '../../src/server/demo/player-ads.js';
import { MAX_VIDEO_ADS, adSlots } from '../../src/server/services/catalogue/player-ads.js';
import { authHeaders, FAST_HASHING, registerUser } from './helpers/accounts.js';
import { okData, postWatch } from './helpers/catalogue.js';
import { fakeHash, insertFixtureCatalogue, type FixtureCatalogue } from './helpers/fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Player adverts in the answer of POST /api/vod/watch: a paying viewer (VIP, or a buyer of the video)
 * none, a trial the start advert, a free video the video ads; rows the player cannot show are left
 * out; the ad clips are served with ranges.
 */
describe('vod watch: player adverts', () => {
  let t: TestApp;
  let f: FixtureCatalogue;
  let plain: SessionData;
  let vip: SessionData;
  const startCover = fakeHash('start-cover');

  const watch = async (s: SessionData, vodId: number) =>
    okData(await postWatch(t.app, vodId, authHeaders(s)), Vod);
  const vod = (name: string) => f.vods.find((v) => v.name === name)!;
  const setVip = (s: SessionData, endMs: number) =>
    t.database.db
      .updateTable('users')
      .set({ vip_type: 'month', vip_end_at: new Date(endMs).toISOString() })
      .where('id', '=', s.userId)
      .execute();
  /** Makes a video free for the length of `run`. */
  const whileFree = async <T>(vodId: number, run: () => Promise<T>): Promise<T> => {
    const { price } = await t.database.db
      .selectFrom('vods')
      .select('price')
      .where('id', '=', vodId)
      .executeTakeFirstOrThrow();
    await t.database.db.updateTable('vods').set({ price: 0 }).where('id', '=', vodId).execute();
    try {
      return await run();
    } finally {
      await t.database.db.updateTable('vods').set({ price }).where('id', '=', vodId).execute();
    }
  };
  const buy = (s: SessionData, vodId: number) =>
    t.database.db
      .insertInto('purchases')
      .values({
        user_id: s.userId,
        item_type: 'vod',
        item_id: vodId,
        price: 1,
        created_at: new Date().toISOString(),
      })
      .execute();

  beforeAll(async () => {
    t = await createTestApp(FAST_HASHING);
    f = await insertFixtureCatalogue(t.database.db);
    const ad = (kind: string, sort: number, extra: Record<string, unknown>) => ({
      kind,
      img_hash: null,
      media_key: null,
      url: `https://ads.example/${kind}/${sort}`,
      duration: 4,
      title: '',
      sort,
      ...extra,
    });
    await t.database.db
      .insertInto('player_ads')
      .values([
        // Not showable: no length, no cover, a clip name that is not a media key.
        ad('start', 0, { img_hash: startCover, duration: 0 }),
        ad('start', 1, { img_hash: null, duration: 5 }),
        ad('start', 2, { img_hash: startCover, duration: 5 }),
        ad('video', 0, { media_key: '../etc/passwd' }),
        ad('video', 1, { media_key: 'ad-one' }),
        ad('video', 2, { media_key: 'ad-two' }),
        ad('video', 3, { media_key: 'ad-three' }),
        ad('video', 4, { media_key: 'ad-four' }),
      ])
      .execute();
    plain = await registerUser(t.app);
    vip = await registerUser(t.app);
  });
  afterAll(() => t.close());

  it('who sees which kind: paid (VIP or bought) none, free video ads, trial the start advert, no player nothing', () => {
    const none = { start: false, video: false };
    expect(adSlots({ vip: true, access: 'free', canTry: false })).toEqual(none);
    expect(adSlots({ vip: true, access: 'bought', canTry: false })).toEqual(none);
    expect(adSlots({ vip: true, access: 'locked', canTry: true })).toEqual(none);
    expect(adSlots({ vip: false, access: 'bought', canTry: false })).toEqual(none);
    expect(adSlots({ vip: false, access: 'free', canTry: false })).toEqual({ start: false, video: true });
    expect(adSlots({ vip: false, access: 'locked', canTry: true })).toEqual({ start: true, video: false });
    expect(adSlots({ vip: false, access: 'locked', canTry: false })).toEqual(none);
  });

  it('a trial gets the first showable start advert and no video ads', async () => {
    const v = await watch(plain, vod('海上日出').id);
    expect(v.bought).toBe(false);
    expect(v.canTryWatch).toBe(true);
    expect(v.playerAds.videoAds).toEqual([]);
    expect(v.playerAds.startAdvert).toEqual({
      coverUrl: expect.stringMatching(IMAGE_URL_PATTERN),
      adUrl: 'https://ads.example/start/2',
      adDuration: 5,
    });
    expect(v.playerAds.startAdvert!.coverUrl).toContain(startCover);
  });

  it('a video without a trial (only the buy panel shows) gets no adverts', async () => {
    const v = await watch(plain, vod('Ocean Life').id);
    expect(v.canTryWatch).toBe(false);
    expect(v.playerAds).toEqual({ startAdvert: null, videoAds: [] });
  });

  it('a bought video plays in full with no adverts at all: the buyer paid for it', async () => {
    const trial = await watch(plain, vod('山间小路').id);
    expect(trial.playerAds.startAdvert).not.toBeNull();
    await buy(plain, vod('山间小路').id);
    const v = await watch(plain, vod('山间小路').id);
    expect(v.bought).toBe(true);
    expect(v.playerAds).toEqual({ startAdvert: null, videoAds: [] });
  });

  it('a free video plays in full with the video ads as a pre-roll, in order, at most MAX_VIDEO_ADS', async () => {
    const v = await whileFree(vod('城市夜景').id, () => watch(plain, vod('城市夜景').id));
    expect(v.bought).toBe(true);
    expect(v.playerAds.startAdvert).toBeNull();
    expect(v.playerAds.videoAds).toHaveLength(MAX_VIDEO_ADS);
    expect(v.playerAds.videoAds).toEqual([
      { adVideo: '/media/ad/ad-one.mp4', adVideoLink: 'https://ads.example/video/1' },
      { adVideo: '/media/ad/ad-two.mp4', adVideoLink: 'https://ads.example/video/2' },
      { adVideo: '/media/ad/ad-three.mp4', adVideoLink: 'https://ads.example/video/3' },
    ]);
  });

  it('VIP sees none, trial, bought or free; when the VIP ends the adverts come back, but not on a bought video', async () => {
    const none = { startAdvert: null, videoAds: [] };
    const free = vod('城市夜景').id;
    await setVip(vip, Date.now() + 86_400_000);
    await buy(vip, vod('山间小路').id);
    expect((await watch(vip, vod('海上日出').id)).playerAds).toEqual(none);
    expect((await watch(vip, vod('山间小路').id)).playerAds).toEqual(none);
    expect((await whileFree(free, () => watch(vip, free))).playerAds).toEqual(none);
    await setVip(vip, Date.now() - 1000);
    expect((await watch(vip, vod('海上日出').id)).playerAds.startAdvert).not.toBeNull();
    expect((await whileFree(free, () => watch(vip, free))).playerAds.videoAds).toHaveLength(MAX_VIDEO_ADS);
    expect((await watch(vip, vod('山间小路').id)).playerAds).toEqual(none);
  });

  it('ad clips are served with byte ranges and long-lived caching; other names are refused', async () => {
    // Where the file-system media store keeps ads/{key}.mp4 (written directly: the layout is the API).
    const dir = join(t.config.dataDir, 'media', 'ads');
    await mkdir(dir, { recursive: true });
    const body = Buffer.alloc(1000, 7);
    await writeFile(join(dir, 'ad-one.mp4'), body);
    await writeFile(join(dir, 'secret.txt'), 'no');

    const full = await t.app.inject({ method: 'GET', url: '/media/ad/ad-one.mp4' });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('video/mp4');
    expect(full.headers['cache-control']).toMatch(/max-age=31536000.*immutable/);
    expect(full.headers['accept-ranges']).toBe('bytes');
    expect(full.rawPayload.length).toBe(1000);

    const part = await t.app.inject({
      method: 'GET',
      url: '/media/ad/ad-one.mp4',
      headers: { range: 'bytes=100-199' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/1000');
    expect(part.rawPayload.length).toBe(100);

    for (const url of [
      '/media/ad/secret.txt',
      '/media/ad/missing.mp4',
      '/media/ad/..%2F..%2Fdata.db',
      '/media/ad/',
      '/media/ad/.hidden.mp4',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('the seeded demo adverts: a start advert and real clips the player can fetch', async () => {
    const ctx = { config: t.config, imageKey: await importImageKey(t.config.imageKey), media: t.media };
    await t.database.db.deleteFrom('player_ads').execute();
    const store = new DbCatalogueStore(t.database.db, t.database.dialect);
    await insertPlayerAds(store, await buildPlayerAdMedia(ctx, demoStories()));
    const trial = await watch(plain, vod('海上日出').id);
    expect(trial.playerAds.startAdvert?.adDuration).toBe(DEMO_START_AD_SECONDS);
    const img = await t.app.inject({ method: 'GET', url: trial.playerAds.startAdvert!.coverUrl });
    expect(img.statusCode).toBe(200);

    const full = await whileFree(vod('城市夜景').id, () => watch(plain, vod('城市夜景').id));
    expect(full.playerAds.videoAds.length).toBeGreaterThanOrEqual(2);
    for (const a of full.playerAds.videoAds) {
      const res = await t.app.inject({ method: 'GET', url: a.adVideo, headers: { range: 'bytes=0-7' } });
      expect(res.statusCode).toBe(206);
      // An MP4 starts with its 'ftyp' box.
      expect(res.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
    }
  });
});
