import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VOD_TRIAL_SECONDS, importImageKey, imageUrl } from '../../src/contract/index.js';
import type { VodMedia } from '../../src/server/media/hls.js';
import type { MediaCtx } from '../../src/server/media/images.js';
import { ingestVideoFile } from '../../src/server/media/ingest-video.js';
import { parseMediaPlaylist, totalDuration } from '../../src/server/media/playlists.js';
import { trialPlayUrl } from '../../src/server/services/catalogue/trial.js';
import { signVod, vodPlayUrl } from '../../src/server/services/catalogue/vod-urls.js';
import { makeTestClip } from './helpers/clip.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const CLIP_SECONDS = 46;
let t: TestApp;
let ctx: MediaCtx;
let media: VodMedia;
let key: string;
let vodId: number;

const get = (url: string) => t.app.inject({ method: 'GET', url });

beforeAll(async () => {
  t = await createTestApp();
  ctx = { config: t.config, imageKey: await importImageKey(t.config.imageKey), media: t.media };
  // A tiny source file with two tagged audio tracks and two subtitle files beside it.
  const src = join(t.config.dataDir, 'clip.mp4');
  await makeTestClip(src, { seconds: CLIP_SECONDS, size: '160x90' });
  const cue = (text: string) => `WEBVTT\n\n00:00:01.000 --> 00:00:04.000\n${text}\n`;
  writeFileSync(join(t.config.dataDir, 'clip.zh.vtt'), cue('你好'));
  writeFileSync(join(t.config.dataDir, 'clip.en.vtt'), cue('Hello'));
  media = await ingestVideoFile(ctx, src);
  key = media.mediaKey;
  // Signed URLs name a video of the catalogue: list the ingested file as one.
  const db = t.database.db;
  await db.insertInto('vod_types').values({ id: 1, name: '测试', sort: 1 }).execute();
  const row = await db
    .insertInto('vods')
    .values({
      type_id: 1,
      name: '测试视频',
      pic_hash: media.posterHash,
      content: '',
      price: 10,
      duration: Math.round(media.duration),
      media_key: key,
      can_try: 1,
      play_count: 0,
      search_text: '测试视频',
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  vodId = row.id;
});
afterAll(() => t?.close());

const trialMaster = () => trialPlayUrl(key, VOD_TRIAL_SECONDS);
const fullMaster = (userId = 7) => vodPlayUrl(ctx, { vodId, mediaKey: key, userId });
const base = (url: string) => url.slice(0, url.lastIndexOf('/') + 1);

describe('HLS ingest', () => {
  it('writes a master with two renditions, two audio tracks and two subtitle tracks', async () => {
    const res = await get(fullMaster());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    expect(res.headers['cache-control']).toBe('no-store');
    const master = res.body;
    expect(master.match(/#EXT-X-STREAM-INF:/g)!.length).toBeGreaterThanOrEqual(2);
    expect(master.match(/TYPE=AUDIO/g)).toHaveLength(2);
    expect(master.match(/TYPE=SUBTITLES/g)).toHaveLength(2);
    expect(master).toContain('LANGUAGE="zh",NAME="中文",DEFAULT=YES');
    expect(master).toContain('LANGUAGE="en",NAME="English",DEFAULT=NO');
    expect(master).toMatch(/RESOLUTION=\d+x\d+/);
    expect(media.duration).toBeGreaterThan(CLIP_SECONDS - 1);
    expect(media.duration).toBeLessThan(CLIP_SECONDS + 1);
    expect(media.markers.length).toBeGreaterThanOrEqual(3);
  });

  it('stores the poster and marker frames as encrypted images', async () => {
    for (const h of [media.posterHash, ...media.markers.map((m) => m.coverHash)]) {
      expect((await get(imageUrl(h, 180))).statusCode).toBe(200);
    }
  });

  it('serves every playlist, segment and subtitle of the full master under the signature', async () => {
    const prefix = base(fullMaster());
    const master = (await get(fullMaster())).body;
    const uris = [...master.matchAll(/URI="([^"]+)"/g)].map((m) => m[1]!);
    uris.push(...master.split('\n').filter((l) => l.endsWith('.m3u8')));
    for (const uri of uris) {
      const pl = await get(prefix + uri);
      expect(pl.statusCode, uri).toBe(200);
      const segs = parseMediaPlaylist(pl.body);
      expect(pl.body.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
      const last = segs.at(-1)!;
      const seg = await get(base(prefix + uri) + last.uri);
      expect(seg.statusCode, last.uri).toBe(200);
      expect(seg.headers['content-type']).toMatch(/video\/mp2t|text\/vtt/);
      if (uri.startsWith('subs/')) expect(seg.body.startsWith('WEBVTT\nX-TIMESTAMP-MAP=')).toBe(true);
      else expect(seg.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte
    }
  });
});

describe('trial', () => {
  it('lists only the first 40 s in every trial media playlist', async () => {
    const master = (await get(trialMaster())).body;
    expect(master.match(/#EXT-X-STREAM-INF:/g)!.length).toBeGreaterThanOrEqual(2);
    const lists = master.split('\n').filter((l) => l.endsWith('.m3u8'));
    lists.push(...[...master.matchAll(/TYPE=AUDIO.*URI="([^"]+)"/g)].map((m) => m[1]!));
    expect(lists.length).toBeGreaterThanOrEqual(4);
    for (const uri of lists) {
      const body = (await get(base(trialMaster()) + uri)).body;
      const sum = totalDuration(parseMediaPlaylist(body));
      expect(sum, uri).toBeGreaterThanOrEqual(VOD_TRIAL_SECONDS - 2.5);
      expect(sum, uri).toBeLessThanOrEqual(VOD_TRIAL_SECONDS + 2.5);
      expect(body.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
    }
  });

  it('refuses a segment past 40 s without a signature and serves it with one', async () => {
    const full = parseMediaPlaylist((await get(base(fullMaster()) + 'v60/index.m3u8')).body);
    expect(totalDuration(full)).toBeGreaterThan(VOD_TRIAL_SECONDS + 2);
    const late = full.at(-1)!.uri; // starts after 40 s
    const early = full[0]!.uri;
    expect((await get(`/media/vod/${key}/trial/${VOD_TRIAL_SECONDS}/v60/${early}`)).statusCode).toBe(200);
    expect((await get(`/media/vod/${key}/trial/${VOD_TRIAL_SECONDS}/v60/${late}`)).statusCode).toBe(403);
    expect((await get(`/media/vod/${key}/v60/${late}`)).statusCode).toBe(403);
    expect((await get(`/media/vod/${key}/v60/index.m3u8`)).statusCode).toBe(403);
    expect((await get(`/media/vod/${key}/master.m3u8`)).statusCode).toBe(403);
    expect((await get(`${base(fullMaster())}v60/${late}`)).statusCode).toBe(200);
  });

  it('refuses forged, tampered, expired and other-user signatures', async () => {
    const late = parseMediaPlaylist((await get(base(fullMaster()) + 'v60/index.m3u8')).body).at(-1)!.uri;
    const token = fullMaster().split('/')[5]!;
    const [vid, uid, exp, sig] = token.split('.') as [string, string, string, string];
    const seg = (v: string, u: string, e: string, s: string) =>
      get(`/media/vod/${key}/s/${v}.${u}.${e}.${s}/v60/${late}`);
    const signed = (
      over: Partial<Parameters<typeof signVod>[1]>,
      config: { paySecret: string } = ctx.config,
    ) => signVod(config, { vodId, mediaKey: key, userId: 7, exp: Number(exp), ...over });
    expect((await seg(vid, uid, exp, sig)).statusCode).toBe(200);
    expect((await seg(vid, uid, exp, 'A'.repeat(43))).statusCode).toBe(403);
    expect((await seg(vid, '8', exp, sig)).statusCode).toBe(403); // another user's id with this signature
    expect((await seg(String(vodId + 1), uid, exp, sig)).statusCode).toBe(403); // another video's id
    expect((await seg(vid, uid, String(Number(exp) + 3600), sig)).statusCode).toBe(403); // extended expiry
    const past = Math.floor(Date.now() / 1000) - 10;
    expect((await seg(vid, uid, String(past), signed({ exp: past }))).statusCode).toBe(403);
    // A valid signature for another media key does not open this one.
    expect((await seg(vid, uid, exp, signed({ mediaKey: 'demo-a-v1' }))).statusCode).toBe(403);
    // A signature made with another secret.
    const foreign = signed({}, { paySecret: 'not-the-server-secret' });
    expect((await seg(vid, uid, exp, foreign)).statusCode).toBe(403);
  });

  it('serves subtitles to the trial (the text is not the paid asset) and rejects odd paths', async () => {
    const vtt = await get(`/media/vod/${key}/trial/${VOD_TRIAL_SECONDS}/subs/zh.vtt`);
    expect(vtt.statusCode).toBe(200);
    expect(vtt.headers['content-type']).toContain('text/vtt');
    expect(vtt.body).toContain('你好');
    for (const url of [
      `/media/vod/${key}/trial/${VOD_TRIAL_SECONDS}/meta.json`,
      `/media/vod/${key}/trial/${VOD_TRIAL_SECONDS}/../meta.json`,
      `/media/vod/${key}/trial/${VOD_TRIAL_SECONDS}/..%2Fmeta.json`,
      `/media/vod/${key}/trial/${VOD_TRIAL_SECONDS}/v60/..%2F..%2Fmeta.json`,
      `/media/vod/..%2F..%2Finkreel.sqlite/trial/${VOD_TRIAL_SECONDS}/master.m3u8`,
      `/media/vod/${key}/trial/${VOD_TRIAL_SECONDS}/subs/zh.vtt%00`,
      '/media/vod/nope/trial/40/master.m3u8',
    ]) {
      const res = await get(url);
      expect([403, 404], url).toContain(res.statusCode);
      expect(res.body).not.toContain('mediaKey');
    }
  });
});
