import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VOD_TRIAL_SECONDS } from '../../src/contract/index.js';
import { FsMediaStore } from '../../src/server/infra/media/fs-media-store.js';
import { adClipKey, imageKeyOf, vodKey } from '../../src/server/media/keys.js';
import { vodPlayUrl } from '../../src/server/services/catalogue/vod-urls.js';
import { FAST_HASHING } from './helpers/accounts.js';
import { fakeHash, insertFixtureCatalogue, type FixtureCatalogue } from './helpers/fixtures.js';
import { startS3Server, type TestS3Server } from './helpers/s3-server.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Pictures, video segments and ad clips served from the media store (ctx.media) through real HTTP:
 * whole answers as before (type, length, caching, ETag and 304), and byte ranges — 206 with
 * Content-Range for one satisfiable range, 416 with the size for none.
 */
const PICTURE = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
const SEGMENT = Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 7) % 256));
const hash = fakeHash('ranges').slice(0, 32);
const imageUrl = `/media/img/${hash}_200_0.img`;

describe.each(['fs', 's3'] as const)('media answers from the %s store, with byte ranges', (kind) => {
  let t: TestApp;
  let s3: TestS3Server | undefined;
  let f: FixtureCatalogue;
  let trialSegment: string;
  let fullSegment: string;
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    // MEDIA_STORE=s3 on a local S3 server: the same answers from a bucket as from the disk.
    if (kind === 's3') s3 = await startS3Server();
    t = await createTestApp({ ...FAST_HASHING, ...s3?.env });
    f = await insertFixtureCatalogue(t.database.db);
    await t.media.write(imageKeyOf(hash, 200), PICTURE);
    const v = f.vods.find((x) => x.canTry)!;
    const list = `#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4,\nseg_000.ts\n#EXTINF:4,\nseg_001.ts\n#EXT-X-ENDLIST\n`;
    await t.media.write(vodKey(v.mediaKey, 'master.m3u8'), '#EXTM3U\n');
    await t.media.write(vodKey(v.mediaKey, 'v360/index.m3u8'), list);
    await t.media.write(vodKey(v.mediaKey, 'v360/seg_000.ts'), SEGMENT);
    await t.media.write(adClipKey('ad-one'), SEGMENT);
    trialSegment = `/media/vod/${v.mediaKey}/trial/${VOD_TRIAL_SECONDS}/v360/seg_000.ts`;
    const master = vodPlayUrl(t, { vodId: v.id, mediaKey: v.mediaKey, userId: 1 });
    fullSegment = master.replace(/master\.m3u8$/, 'v360/seg_000.ts');
  });
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
  });

  it('serves a picture whole as before: type, length, immutable caching, its ETag and 304', async () => {
    const res = await get(imageUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-length']).toBe(String(PICTURE.length));
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['etag']).toBe(`"${hash}_200"`);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.rawPayload.equals(PICTURE)).toBe(true);

    const again = await get(imageUrl, { 'if-none-match': `"${hash}_200"` });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['etag']).toBe(`"${hash}_200"`);
    // Not stored: a 204 placeholder, never a 304 for what is not there.
    const missing = `/media/img/${fakeHash('missing').slice(0, 32)}_200_0.img`;
    expect((await get(missing)).statusCode).toBe(204);
    expect((await get(missing, { 'if-none-match': '*' })).statusCode).toBe(204);
  });

  it('answers one byte range of a picture with 206 and Content-Range', async () => {
    const cases: [string, number, number][] = [
      ['bytes=0-0', 0, 0],
      ['bytes=10-19', 10, 19],
      ['bytes=990-', 990, 999],
      ['bytes=-10', 990, 999],
      ['bytes=900-5000', 900, 999],
      ['bytes=-5000', 0, 999],
      ['bytes=0-9,5-20', 0, 20],
    ];
    for (const [range, start, end] of cases) {
      const res = await get(imageUrl, { range });
      expect(res.statusCode, range).toBe(206);
      expect(res.headers['content-range'], range).toBe(`bytes ${start}-${end}/${PICTURE.length}`);
      expect(res.headers['content-length'], range).toBe(String(end - start + 1));
      expect(res.headers['content-type'], range).toBe('application/octet-stream');
      expect(res.headers['cache-control'], range).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload.equals(PICTURE.subarray(start, end + 1)), range).toBe(true);
    }
  });

  it('answers 416 with the size for a range past the end, and the whole picture for no bytes range', async () => {
    for (const range of ['bytes=1000-', 'bytes=5000-6000', 'bytes=-0', 'bytes=7-3', 'bytes=x-y']) {
      const res = await get(imageUrl, { range });
      expect(res.statusCode, range).toBe(416);
      expect(res.headers['content-range'], range).toBe(`bytes */${PICTURE.length}`);
      expect(res.headers['cache-control'], range).toBe('no-store');
      expect(res.rawPayload.length, range).toBe(0);
    }
    for (const range of ['items=0-5', 'bytes=0-1,500-501']) {
      const res = await get(imageUrl, { range });
      expect(res.statusCode, range).toBe(200);
      expect(res.rawPayload.equals(PICTURE), range).toBe(true);
    }
    // A range of a missing picture is still the placeholder.
    const missing = `/media/img/${fakeHash('missing').slice(0, 32)}_200_0.img`;
    expect((await get(missing, { range: 'bytes=0-9' })).statusCode).toBe(204);
  });

  it('applies a range only while If-Range names this picture', async () => {
    const fresh = await get(imageUrl, { range: 'bytes=0-9', 'if-range': `"${hash}_200"` });
    expect(fresh.statusCode).toBe(206);
    const stale = await get(imageUrl, { range: 'bytes=0-9', 'if-range': '"something-else"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(PICTURE.length);
  });

  it('answers byte ranges of video segments, in the trial and under a signature', async () => {
    for (const url of [trialSegment, fullSegment]) {
      const whole = await get(url);
      expect(whole.statusCode, url).toBe(200);
      expect(whole.headers['content-type'], url).toBe('video/mp2t');
      expect(whole.headers['content-length'], url).toBe(String(SEGMENT.length));
      expect(whole.rawPayload.equals(SEGMENT), url).toBe(true);

      const part = await get(url, { range: 'bytes=1000-1999' });
      expect(part.statusCode, url).toBe(206);
      expect(part.headers['content-range'], url).toBe(`bytes 1000-1999/${SEGMENT.length}`);
      expect(part.headers['content-type'], url).toBe('video/mp2t');
      expect(part.rawPayload.equals(SEGMENT.subarray(1000, 2000)), url).toBe(true);

      const past = await get(url, { range: `bytes=${SEGMENT.length}-` });
      expect(past.statusCode, url).toBe(416);
      expect(past.headers['content-range'], url).toBe(`bytes */${SEGMENT.length}`);
    }
    // The trial's cache rules are unchanged; the gate still comes before any range.
    expect((await get(trialSegment)).headers['cache-control']).toBe('public, max-age=86400');
    expect((await get(fullSegment)).headers['cache-control']).toBe('private, max-age=600');
    const notInTrial = trialSegment.replace('seg_000', 'seg_009');
    expect((await get(notInTrial, { range: 'bytes=0-1' })).statusCode).toBe(403);
  });

  it('serves ad clips from the store with ranges, their name as validator', async () => {
    const whole = await get('/media/ad/ad-one.mp4');
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['etag']).toBe('"ad-one"');
    expect(whole.headers['last-modified']).toBeTruthy();
    expect((await get('/media/ad/ad-one.mp4', { 'if-none-match': '"ad-one"' })).statusCode).toBe(304);
    const part = await get('/media/ad/ad-one.mp4', { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(SEGMENT.subarray(0, 100))).toBe(true);
  });
});

describe("the media store is the context's, and a test may pass its own", () => {
  it('serves from the store given in the overrides, not from DATA_DIR', async () => {
    const elsewhere = mkdtempSync(join(tmpdir(), 'inkreel-other-store-'));
    const media = new FsMediaStore(elsewhere);
    const t = await createTestApp(FAST_HASHING, undefined, { media });
    try {
      expect(t.media).toBe(media);
      await media.write(imageKeyOf(hash, 180), PICTURE);
      const res = await t.app.inject({ method: 'GET', url: `/media/img/${hash}_180_0.img` });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(PICTURE)).toBe(true);
    } finally {
      await t.close();
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});
