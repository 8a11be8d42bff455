import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VOD_TRIAL_SECONDS, imageUrl, importImageKey } from '../../src/contract/index.js';
import { DEMO_CLIP_SECONDS, ensureDemoVideos, type DemoVideo } from '../../src/server/media/demo-clips.js';
import type { MediaCtx } from '../../src/server/media/images.js';
import { parseMediaPlaylist, totalDuration } from '../../src/server/media/playlists.js';
import { vodPlayUrl } from '../../src/server/media/vod-urls.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let ctx: MediaCtx;
let videos: DemoVideo[];

beforeAll(async () => {
  t = await createTestApp();
  ctx = { config: t.config, imageKey: await importImageKey(t.config.imageKey) };
  videos = await ensureDemoVideos(ctx, 5);
});
afterAll(() => t?.close());

describe('demo videos', () => {
  it('returns the requested count, sharing three distinct clips', () => {
    expect(videos).toHaveLength(5);
    const keys = new Set(videos.map((v) => v.mediaKey));
    expect(keys.size).toBe(3);
    expect(new Set(videos.map((v) => v.posterHash)).size).toBe(3);
    for (const v of videos) {
      expect(v.duration).toBeCloseTo(DEMO_CLIP_SECONDS, 0);
      expect(v.markers.length).toBe(4);
      expect(v.markers[0]).toMatchObject({ offset: 12, title: '精彩看点 1', describe: '从 00:12 开始' });
    }
  });

  it('serves the 40 s trial of each clip with two audio and two subtitle tracks', async () => {
    for (const key of new Set(videos.map((v) => v.mediaKey))) {
      const master = await t.app.inject({ url: vodPlayUrl(ctx, { mediaKey: key, full: false }) });
      expect(master.statusCode).toBe(200);
      expect(master.body.match(/TYPE=AUDIO/g)).toHaveLength(2);
      expect(master.body.match(/TYPE=SUBTITLES/g)).toHaveLength(2);
      const first = master.body.split('\n').find((l) => l.endsWith('index.m3u8'))!;
      const list = await t.app.inject({ url: `/media/vod/${key}/trial/${first}` });
      expect(totalDuration(parseMediaPlaylist(list.body))).toBeCloseTo(VOD_TRIAL_SECONDS, 0);
      const vtt = await t.app.inject({ url: `/media/vod/${key}/trial/subs/zh.vtt` });
      expect(vtt.body).toContain('演示视频');
    }
    for (const v of videos)
      expect((await t.app.inject({ url: imageUrl(v.posterHash, 500) })).statusCode).toBe(200);
  });

  it('reuses the finished output on the next start', async () => {
    const meta = join(t.config.dataDir, 'media', 'vod', videos[0]!.mediaKey, 'meta.json');
    const before = statSync(meta).mtimeMs;
    const again = await ensureDemoVideos(ctx, 5);
    expect(again).toEqual(videos);
    expect(statSync(meta).mtimeMs).toBe(before);
  });
});
