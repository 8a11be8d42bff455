import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Api,
  DanmuMsg,
  Vod,
  VOD_TRIAL_SECONDS,
  VodDanmu,
  type SessionData,
} from '../../src/contract/index.js';
import { buildApp } from '../../src/server/composition-root.js';
import { loadConfig } from '../../src/server/config.js';
import type { App } from '../../src/server/context.js';
import { parseMediaPlaylist, totalDuration } from '../../src/server/media/playlists.js';
import { trialPlayUrl } from '../../src/server/services/catalogue/trial.js';
import { plainDanmuStyle } from '../../src/server/services/catalogue/vod-danmu.js';
import { authHeaders, FAST_HASHING, registerUser } from './helpers/accounts.js';
import { okData, postWatch } from './helpers/catalogue.js';
import { insertFixtureCatalogue, type FixtureCatalogue, type FixtureVod } from './helpers/fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * One trial rule (services/catalogue/trial.ts): whatever VOD_TRIAL_SECONDS or a video's own length
 * says, the watch answer, the trial playlists, the segment gate and the comment rules agree on it.
 */
const SEGMENT_SECONDS = 2;
/** The fixture videos are 120 s long. */
const SEGMENTS = 60;
const segName = (i: number) => `seg_${String(i).padStart(3, '0')}.ts`;

const form = (body: Record<string, string | number>) =>
  Object.entries(body)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');

describe('video trial: one length from the setting to the last segment', () => {
  let t: TestApp;
  let f: FixtureCatalogue;
  /** The same install restarted with VOD_TRIAL_SECONDS=10: same database, same media files. */
  let restarted: App;
  /** Where the media store keeps a video's files on disk (written directly: the layout is the API). */
  const vodDir = (mediaKey: string) => join(t.config.dataDir, 'media', 'vod', mediaKey);

  /** A full HLS output as ingest writes it: a video and an audio rendition and a zh subtitle track. */
  async function writeVodFiles(v: FixtureVod) {
    const dir = vodDir(v.mediaKey);
    const list = `#EXTM3U\n#EXT-X-TARGETDURATION:${SEGMENT_SECONDS}\n${Array.from(
      { length: SEGMENTS },
      (_, i) => `#EXTINF:${SEGMENT_SECONDS}.000000,\n${segName(i)}\n`,
    ).join('')}#EXT-X-ENDLIST\n`;
    for (const rendition of ['v360', 'a0']) {
      await mkdir(join(dir, rendition), { recursive: true });
      await writeFile(join(dir, rendition, 'index.m3u8'), list);
      for (let i = 0; i < SEGMENTS; i++)
        await writeFile(join(dir, rendition, segName(i)), `${rendition}-${i}`);
    }
    await mkdir(join(dir, 'subs'), { recursive: true });
    await writeFile(join(dir, 'subs', 'zh.vtt'), 'WEBVTT\n\n00:00:01.000 --> 00:00:03.000\n你好\n');
    await writeFile(
      join(dir, 'subs', 'zh.m3u8'),
      `#EXTM3U\n#EXT-X-TARGETDURATION:120\n#EXTINF:120.000000,\nzh.vtt\n#EXT-X-ENDLIST\n`,
    );
    await writeFile(
      join(dir, 'master.m3u8'),
      '#EXTM3U\n#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="中文",URI="a0/index.m3u8"\n' +
        '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="中文",URI="subs/zh.m3u8"\n' +
        '#EXT-X-STREAM-INF:BANDWIDTH=1000,AUDIO="aud",SUBTITLES="subs"\nv360/index.m3u8\n',
    );
  }

  const postComment = (app: App, who: SessionData, vodId: number, stime: number) =>
    app.inject({
      method: 'POST',
      url: Api.vodDanmu,
      headers: { ...authHeaders(who), 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({ vodId, stime, text: '好看', mode: 1, size: 25, color: 0xff5a5f }),
    });

  /** Everything a new viewer (no coins, not bought) meets on this video agrees on `seconds`. */
  async function expectTrialOf(app: App, vod: FixtureVod, seconds: number) {
    const viewer = await registerUser(app);
    const get = (url: string) => app.inject({ method: 'GET', url });
    const watch = okData(await postWatch(app, vod.id, authHeaders(viewer)), Vod);
    expect(watch).toMatchObject({
      bought: false,
      canTryWatch: true,
      trialSeconds: seconds,
      vodPlayUrl: trialPlayUrl(vod.mediaKey, seconds),
    });
    const base = watch.vodPlayUrl.replace(/master\.m3u8$/, '');
    const master = await get(watch.vodPlayUrl);
    expect(master.statusCode).toBe(200);
    expect(master.body).toContain('v360/index.m3u8');

    // Every rendition lists the segments that start before the end, and only those are served.
    const listed = Math.ceil(seconds / SEGMENT_SECONDS);
    for (const rendition of ['v360', 'a0']) {
      const list = await get(`${base}${rendition}/index.m3u8`);
      expect(list.statusCode).toBe(200);
      const segs = parseMediaPlaylist(list.body);
      expect(segs.map((s) => s.uri)).toEqual(Array.from({ length: listed }, (_, i) => segName(i)));
      expect(totalDuration(segs)).toBeGreaterThanOrEqual(seconds);
      expect(totalDuration(segs)).toBeLessThan(seconds + SEGMENT_SECONDS);
      expect((await get(`${base}${rendition}/${segName(listed - 1)}`)).body).toBe(
        `${rendition}-${listed - 1}`,
      );
      expect((await get(`${base}${rendition}/${segName(listed)}`)).statusCode).toBe(403);
      expect((await get(`${base}${rendition}/${segName(SEGMENTS - 1)}`)).statusCode).toBe(403);
    }
    // The subtitle playlist ends with the trial; its text is the whole file.
    expect(totalDuration(parseMediaPlaylist((await get(`${base}subs/zh.m3u8`)).body))).toBe(seconds);
    expect((await get(`${base}subs/zh.vtt`)).body).toContain('你好');

    // Comments: one inside the trial is taken and shown; one past its end is refused.
    okData(await postComment(app, viewer, vod.id, seconds * 1000 - 500), VodDanmu);
    expect((await postComment(app, viewer, vod.id, seconds * 1000 + 1_000)).json()).toMatchObject({
      result: false,
      msg: DanmuMsg.forbidden,
    });
    const again = okData(await postWatch(app, vod.id, authHeaders(viewer)), Vod);
    expect(again.danmuList.length).toBeGreaterThan(0);
    expect(again.danmuList.every((d) => d.stime <= seconds * 1000)).toBe(true);
  }

  beforeAll(async () => {
    t = await createTestApp(FAST_HASHING);
    f = await insertFixtureCatalogue(t.database.db);
    for (const v of f.vods) await writeVodFiles(v);
    // A comment late in each video: only a full watch answer may carry it.
    for (const v of f.vods) {
      await t.database.db
        .insertInto('vod_danmu')
        .values({
          vod_id: v.id,
          user_id: null,
          mode: 1,
          stime: 100_000,
          text: '结尾',
          size: 25,
          color: 0xffffff,
          ...plainDanmuStyle(new Date().toISOString()),
        })
        .execute();
    }
    restarted = await buildApp({ config: { ...t.config, vodTrialSeconds: 10 }, database: t.database });
    await restarted.ready();
  });
  afterAll(async () => {
    await restarted?.close();
    await t?.close();
  });

  it('reads VOD_TRIAL_SECONDS: a whole number of seconds, else the spec’s 40', () => {
    expect(loadConfig({}).vodTrialSeconds).toBe(VOD_TRIAL_SECONDS);
    expect(loadConfig({ VOD_TRIAL_SECONDS: '25' }).vodTrialSeconds).toBe(25);
    for (const bad of ['', '0', '-5', '12.5', 'forty', '99999']) {
      expect(loadConfig({ VOD_TRIAL_SECONDS: bad }).vodTrialSeconds, bad).toBe(VOD_TRIAL_SECONDS);
    }
  });

  it('by default the trial is 40 s everywhere', async () => {
    await expectTrialOf(t.app, f.vods[0]!, VOD_TRIAL_SECONDS);
  });

  it('after a restart with VOD_TRIAL_SECONDS=10 every part says 10 s, and the 40 s cut is gone', async () => {
    const vod = f.vods[0]!;
    await expectTrialOf(restarted, vod, 10);
    const old = trialPlayUrl(vod.mediaKey, VOD_TRIAL_SECONDS);
    expect((await restarted.inject({ url: old })).statusCode).toBe(403);
    expect(
      (await restarted.inject({ url: old.replace('master.m3u8', `v360/${segName(10)}`) })).statusCode,
    ).toBe(403);
  });

  it('a video of its own length keeps it, whatever the setting', async () => {
    const vod = f.vods[1]!;
    await t.database.db.updateTable('vods').set({ trial_seconds: 6 }).where('id', '=', vod.id).execute();
    await expectTrialOf(restarted, vod, 6);
    expect((await restarted.inject({ url: trialPlayUrl(vod.mediaKey, 10) })).statusCode).toBe(403);
  });

  it('refuses a trial length no video offers, and a malformed one', async () => {
    const key = f.vods[3]!.mediaKey;
    for (const seconds of ['41', '0', '040', '1e2', 'x', '99999']) {
      const res = await t.app.inject({ url: `/media/vod/${key}/trial/${seconds}/master.m3u8` });
      expect([403, 404], seconds).toContain(res.statusCode);
    }
    expect((await t.app.inject({ url: trialPlayUrl(key, VOD_TRIAL_SECONDS) })).statusCode).toBe(200);
  });
});
