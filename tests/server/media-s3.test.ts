import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VOD_TRIAL_SECONDS, imageUrl, importImageKey } from '../../src/contract/index.js';
import type { VodMedia } from '../../src/server/media/hls.js';
import { ingestVideoFile } from '../../src/server/media/ingest-video.js';
import { adClipKey } from '../../src/server/media/keys.js';
import { parseMediaPlaylist } from '../../src/server/media/playlists.js';
import { trialPlayUrl } from '../../src/server/services/catalogue/trial.js';
import { vodPlayUrl } from '../../src/server/services/catalogue/vod-urls.js';
import { FAST_HASHING } from './helpers/accounts.js';
import { makeTestClip } from './helpers/clip.js';
import { startS3Server, type TestS3Server } from './helpers/s3-server.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * MEDIA_STORE=s3 end to end, on a local S3 server in its own process: a video ingested through the
 * app's store is published to the bucket and played from it (playlists and segments, trial and full,
 * with ranges and the bucket's validator), nothing is kept on the node's disk, and when the store goes
 * down media answers 503 while the rest of the API keeps answering — and recovers when it is back.
 */
let s3: TestS3Server;
let t: TestApp;
let media: VodMedia;
let vodId: number;

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const base = (url: string) => url.slice(0, url.lastIndexOf('/') + 1);
const fullMaster = () => vodPlayUrl(t.ctx, { vodId, mediaKey: media.mediaKey, userId: 7 });
const trialMaster = () => trialPlayUrl(media.mediaKey, VOD_TRIAL_SECONDS);

beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp({ ...FAST_HASHING, ...s3.env });
  const ctx = { config: t.config, imageKey: await importImageKey(t.config.imageKey), media: t.media };
  const src = join(t.config.dataDir, 'clip.mp4');
  await makeTestClip(src, { seconds: 12, size: '160x90' });
  media = await ingestVideoFile(ctx, src);
  await t.database.db.insertInto('vod_types').values({ id: 1, name: '测试', sort: 1 }).execute();
  const row = await t.database.db
    .insertInto('vods')
    .values({
      type_id: 1,
      name: '测试视频',
      pic_hash: media.posterHash,
      content: '',
      price: 10,
      duration: Math.round(media.duration),
      media_key: media.mediaKey,
      can_try: 1,
      play_count: 0,
      search_text: '测试视频',
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  vodId = row.id;
  await t.media.write(adClipKey('ad-s3'), Buffer.alloc(3000, 7));
});
afterAll(async () => {
  await t?.close();
  await s3?.stop();
});

describe('media on S3', () => {
  it('publishes an ingested video to the bucket and keeps no media on the node', async () => {
    const keys: string[] = [];
    for await (const k of t.media.list(`vod/${media.mediaKey}/`)) keys.push(k);
    expect(keys).toContain(`vod/${media.mediaKey}/master.m3u8`);
    expect(keys.some((k) => k.endsWith('.ts'))).toBe(true);
    // Straight from the bucket, as a CDN in front of it would see it.
    const res = await fetch(
      `${s3.settings.endpoint}/${s3.settings.bucket}/vod/${media.mediaKey}/master.m3u8`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(existsSync(join(t.config.dataDir, 'media'))).toBe(false);
  });

  it('plays the full video from the bucket: master, rendition playlist, segments with ranges and 304', async () => {
    const master = await get(fullMaster());
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    const rendition = master.body.split('\n').find((l) => l.endsWith('.m3u8'))!;
    const list = await get(base(fullMaster()) + rendition);
    expect(list.statusCode).toBe(200);
    const first = parseMediaPlaylist(list.body)[0]!.uri;
    const segUrl = base(base(fullMaster()) + rendition) + first;
    const seg = await get(segUrl);
    expect(seg.statusCode).toBe(200);
    expect(seg.headers['content-type']).toBe('video/mp2t');
    expect(seg.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte
    expect(seg.headers['content-length']).toBe(String(seg.rawPayload.length));
    // The bucket's ETag is the segment's validator.
    const etag = seg.headers['etag'] as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect((await get(segUrl, { 'if-none-match': etag })).statusCode).toBe(304);
    const part = await get(segUrl, { range: 'bytes=188-375' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 188-375/${seg.rawPayload.length}`);
    expect(part.rawPayload.equals(seg.rawPayload.subarray(188, 376))).toBe(true);
  });

  it('plays the trial from the bucket, and serves the poster', async () => {
    const master = await get(trialMaster());
    expect(master.statusCode).toBe(200);
    const rendition = master.body.split('\n').find((l) => l.endsWith('.m3u8'))!;
    const list = await get(base(trialMaster()) + rendition);
    expect(list.statusCode).toBe(200);
    const first = parseMediaPlaylist(list.body)[0]!.uri;
    const seg = await get(base(base(trialMaster()) + rendition) + first);
    expect(seg.statusCode).toBe(200);
    expect(seg.rawPayload[0]).toBe(0x47);
    expect((await get(imageUrl(media.posterHash, 180))).statusCode).toBe(200);
  });
});

describe('the store down', () => {
  it('answers 503 for media while the API keeps answering, and serves again once the store is back', async () => {
    const picture = imageUrl(media.posterHash, 180);
    expect((await get(picture)).statusCode).toBe(200);
    const master = (await get(fullMaster())).body;
    const rendition = master.split('\n').find((l) => l.endsWith('.m3u8'))!;
    await s3.kill();
    try {
      for (const [what, url, headers] of [
        ['picture', picture, {}],
        ['picture range', picture, { range: 'bytes=0-9' }],
        ['full master', fullMaster(), {}],
        ['rendition playlist', base(fullMaster()) + rendition, {}],
        ['trial master', trialMaster(), {}],
        ['ad clip', '/media/ad/ad-s3.mp4', {}],
      ] as const) {
        const res = await get(url, headers);
        expect(res.statusCode, what).toBe(503);
        expect(res.headers['retry-after'], what).toBeTruthy();
        expect(res.headers['cache-control'], what).toBe('no-store');
      }
      expect((await get('/healthz')).statusCode).toBe(200);
      const books = await get('/api/book/category');
      expect(books.statusCode).toBe(200);
      expect(books.json()).toMatchObject({ result: true });
    } finally {
      await s3.restart();
    }
    expect((await get(picture)).statusCode).toBe(200);
    expect((await get(fullMaster())).statusCode).toBe(200);
  });
});
