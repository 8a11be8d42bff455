import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VOD_TRIAL_SECONDS, imageUrl, importImageKey } from '../../src/contract/index.js';
import { ensureDemoVideos, type DemoVideo, type DemoVideoSpec } from '../../src/server/demo/clips.js';
import type { MediaCtx } from '../../src/server/media/images.js';
import { parseMediaPlaylist, totalDuration } from '../../src/server/media/playlists.js';
import { trialPlayUrl } from '../../src/server/services/catalogue/trial.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let ctx: MediaCtx;
let videos: DemoVideo[];

/** A narrated video (旅行: nothing burnt in) and one whose characters speak in bubbles (喜剧). */
const SPECS: DemoVideoSpec[] = [
  { name: '海边漫步', typeIndex: 6, typeName: '旅行', seed: 901, seconds: 85 },
  { name: '城市速写', typeIndex: 9, typeName: '喜剧', seed: 902, seconds: 50 },
];

beforeAll(async () => {
  t = await createTestApp();
  ctx = { config: t.config, imageKey: await importImageKey(t.config.imageKey), media: t.media };
  videos = await ensureDemoVideos(ctx, SPECS);
}, 300_000);
afterAll(() => t?.close());

const vodFiles = (key: string) => {
  const root = join(t.config.dataDir, 'media', 'vod', key);
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(dir, e.name));
      else out.push(join(dir, e.name));
    }
  };
  walk(root);
  return out;
};

describe('demo videos', () => {
  it('makes one media of its own per video, with markers from its frames', () => {
    expect(videos).toHaveLength(SPECS.length);
    expect(new Set(videos.map((v) => v.mediaKey)).size).toBe(SPECS.length);
    expect(new Set(videos.map((v) => v.posterHash)).size).toBe(SPECS.length);
    for (const [i, v] of videos.entries()) {
      expect(v.duration).toBeCloseTo(SPECS[i]!.seconds, 0);
      expect(v.duration).toBeGreaterThan(VOD_TRIAL_SECONDS);
      expect(v.markers.length).toBe(4);
      expect(v.markers[0]).toMatchObject({ title: '精彩看点 1' });
    }
    // No picture is shared: the two videos' video segments differ byte for byte (their music may be
    // the same bed, demo/music.ts).
    const segs = (key: string) =>
      vodFiles(key)
        .filter((f) => f.endsWith('.ts') && /[/\\]v\d+[/\\]/.test(f))
        .map((f) => readFileSync(f).toString('base64'));
    const a = new Set(segs(videos[0]!.mediaKey));
    expect(segs(videos[1]!.mediaKey).some((s) => a.has(s))).toBe(false);
  });

  it('serves the 40 s trial of each video with two different audio tracks', async () => {
    for (const v of videos) {
      const key = v.mediaKey;
      const master = await t.app.inject({ url: trialPlayUrl(key, VOD_TRIAL_SECONDS) });
      expect(master.statusCode).toBe(200);
      expect(master.body.match(/TYPE=AUDIO/g)).toHaveLength(2);
      const first = master.body.split('\n').find((l) => l.endsWith('index.m3u8'))!;
      const list = await t.app.inject({ url: `/media/vod/${key}/trial/${VOD_TRIAL_SECONDS}/${first}` });
      expect(totalDuration(parseMediaPlaylist(list.body))).toBeCloseTo(VOD_TRIAL_SECONDS, 0);
      // The two audio tracks are different recordings.
      const root = join(t.config.dataDir, 'media', 'vod', key);
      expect(
        readFileSync(join(root, 'a0', 'seg_002.ts')).equals(readFileSync(join(root, 'a1', 'seg_002.ts'))),
      ).toBe(false);
    }
    for (const v of videos)
      expect((await t.app.inject({ url: imageUrl(v.posterHash, 500) })).statusCode).toBe(200);
  });

  it('never repeats the picture in a subtitle track: narration has zh and en, bubbles en only', async () => {
    const sub = (key: string, lang: string) =>
      t.app.inject({ url: `/media/vod/${key}/trial/${VOD_TRIAL_SECONDS}/subs/${lang}.vtt` });
    const tracks = async (key: string) =>
      [
        ...(await t.app.inject({ url: trialPlayUrl(key, VOD_TRIAL_SECONDS) })).body.matchAll(
          /TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="(\w+)",NAME="[^"]*",DEFAULT=(\w+)/g,
        ),
      ].map((m) => `${m[1]}:${m[2]}`);
    const times = (vtt: string) => vtt.match(/\d\d:\d\d:\d\d\.\d{3} --> \d\d:\d\d:\d\d\.\d{3}/g);

    // Narrated (nothing burnt in): Chinese subtitles on at the start, English to choose, same cues.
    const narrated = videos[0]!.mediaKey;
    expect(await tracks(narrated)).toEqual(['zh:YES', 'en:NO']);
    const zh = (await sub(narrated, 'zh')).body;
    const en = (await sub(narrated, 'en')).body;
    // Lines, not placeholders: Chinese in zh, English sentences in en.
    expect(zh).toMatch(/[\u4e00-\u9fff]{3}/);
    expect(zh).not.toMatch(/演示|demo/i);
    expect(en).toMatch(/[A-Za-z]+ [A-Za-z]+/);
    expect(times(zh)).toEqual(times(en));

    // Speech bubbles burn the Chinese in: only the English translation, off until chosen.
    const bubbles = videos[1]!.mediaKey;
    expect(await tracks(bubbles)).toEqual(['en:NO']);
    expect((await sub(bubbles, 'en')).body).toMatch(/[A-Za-z]+ [A-Za-z]+/);
    expect((await sub(bubbles, 'zh')).statusCode).toBe(404);
  });

  it('reuses the finished output on the next start', async () => {
    const meta = join(t.config.dataDir, 'media', 'vod', videos[0]!.mediaKey, 'meta.json');
    const before = statSync(meta).mtimeMs;
    const again = await ensureDemoVideos(ctx, SPECS);
    expect(again).toEqual(videos);
    expect(statSync(meta).mtimeMs).toBe(before);
  });
});
