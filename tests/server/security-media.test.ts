import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, Code, Msg, Vod, VOD_TRIAL_SECONDS, VodPlayUrl } from '../../src/contract/index.js';
import { FULL_URL_TTL_S, vodPlayUrl } from '../../src/server/services/catalogue/vod-urls.js';
import { grantCoins } from './helpers/money.js';
import { authHeaders, FAST_HASHING, registerUser } from './helpers/accounts.js';
import { anonHeaders, okData, postWatch } from './helpers/catalogue.js';
import { insertFixtureCatalogue, type FixtureCatalogue, type FixtureVod } from './helpers/fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Media routes under attack: traversal in every spelling, abusive Range headers, and the object-level
 * rules of video files (trial only where a trial is offered, full files only under a valid signature).
 */
const SECRET = 'TOP-SECRET-BYTES';
const CLIP = Buffer.alloc(1000, 7);

describe('security: media routes', () => {
  let t: TestApp;
  let f: FixtureCatalogue;
  // Where the file-system media store keeps its objects (written directly: the layout is the API).
  const mediaDir = () => join(t.config.dataDir, 'media');
  const adClipDir = () => join(mediaDir(), 'ads');
  const vodDir = (mediaKey: string) => join(mediaDir(), 'vod', mediaKey);
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  /**
   * A minimal HLS output for a fixture video: eleven 4 s segments, so the 40 s trial holds seg_000 to
   * seg_009 and seg_010 is only in the full video (only the first and the last are written).
   */
  async function writeVodFiles(v: FixtureVod) {
    const dir = vodDir(v.mediaKey);
    await mkdir(join(dir, 'v360'), { recursive: true });
    const master = '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1000\nv360/index.m3u8\n';
    const segs = Array.from({ length: 11 }, (_, i) => `seg_${String(i).padStart(3, '0')}.ts`);
    const list = `#EXTM3U\n#EXT-X-TARGETDURATION:4\n${segs.map((s) => `#EXTINF:4,\n${s}\n`).join('')}#EXT-X-ENDLIST\n`;
    await writeFile(join(dir, 'master.m3u8'), master);
    await writeFile(join(dir, 'v360', 'index.m3u8'), list);
    await writeFile(join(dir, 'v360', 'seg_000.ts'), 'SEGMENT-0');
    await writeFile(join(dir, 'v360', 'seg_010.ts'), 'SEGMENT-10');
  }

  beforeAll(async () => {
    t = await createTestApp(FAST_HASHING);
    f = await insertFixtureCatalogue(t.database.db);
    await mkdir(adClipDir(), { recursive: true });
    await writeFile(join(adClipDir(), 'ad-one.mp4'), CLIP);
    // Files an attacker would love to reach: beside the media dir and at the data dir's root.
    await writeFile(join(mediaDir(), 'secret.mp4'), SECRET);
    await writeFile(join(t.config.dataDir, 'secret.mp4'), SECRET);
    for (const v of f.vods) await writeVodFiles(v);
  });
  afterAll(() => t.close());

  it('never leaves the media folders, whatever the spelling; every refusal is a 4xx', async () => {
    const urls = [
      '/media/ad/../secret.mp4',
      '/media/ad/..%2fsecret.mp4',
      '/media/ad/%2e%2e/secret.mp4',
      '/media/ad/%2e%2e%2fsecret.mp4',
      '/media/ad/%2e%2e%2f%2e%2e%2fsecret.mp4',
      '/media/ad/..%5csecret.mp4',
      '/media/ad//etc/passwd',
      '/media/ad/%2fetc%2fpasswd',
      '/media/ad/ad-one.mp4%00.txt',
      '/media/ad/%00',
      '/media/ad/.%2e/secret.mp4',
      '/media/ad/AD-ONE.mp4',
      '/media/ad/',
      '/media/%2e%2e/secret.mp4',
      '/media/vod/..%2f..%2fsecret.mp4',
      '/media/vod/fixture-0/trial/40/%2e%2e/%2e%2e/secret.mp4',
      '/media/vod/fixture-0/trial/40/..%2f..%2f..%2fsecret.mp4',
      '/media/vod/fixture-0/trial/40/v360/..%2f..%2f..%2f..%2fsecret.mp4',
      '/media/vod/%00/trial/40/master.m3u8',
      '/media/img/..%2f..%2fsecret.mp4',
      '/media/img/%2e%2e',
    ];
    for (const url of urls) {
      const res = await get(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(204);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.statusCode === 204 || res.statusCode >= 400, url).toBe(true);
      expect(res.body, url).not.toContain(SECRET);
    }
    expect((await get('/media/ad/ad-one.mp4')).rawPayload.equals(CLIP)).toBe(true);
  });

  it('answers a malformed percent-encoding with the 400 envelope, not a framework error', async () => {
    for (const url of ['/media/ad/%ZZ', '/media/ad/%c0%ae%c0%ae/secret.mp4', '/api/book/detail/%E0%A4%A']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ result: false, code: 400, msg: Msg.badRequest, data: null });
    }
  });

  it('serves ranges within the file only: abusive Range headers get 416 or the whole file, never a 500', async () => {
    const cases: [string, number][] = [
      ['bytes=0-9', 206],
      ['bytes=-10', 206],
      ['bytes=990-', 206],
      ['bytes=1000-', 416],
      ['bytes=-0', 416],
      ['bytes=5-2', 416],
      ['bytes=abc', 416],
      ['bytes=-', 416],
      [`bytes=${'9'.repeat(400)}-`, 416],
      ['bytes=999999999999999999999-1000000000000000000000', 416],
      ['items=0-5', 200],
    ];
    for (const [range, status] of cases) {
      const res = await get('/media/ad/ad-one.mp4', { range });
      expect(res.statusCode, range).toBe(status);
      if (status === 206) {
        const [, a, b, total] = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(String(res.headers['content-range']))!;
        expect(Number(total)).toBe(CLIP.length);
        expect(Number(b)).toBeLessThan(CLIP.length);
        expect(res.rawPayload.length).toBe(Number(b) - Number(a) + 1);
      }
    }
    // Many or overlapping ranges never add up to more than the file.
    const many = `bytes=${Array.from({ length: 800 }, (_, i) => `${i}-${i + 500}`).join(',')}`;
    for (const range of ['bytes=0-1,5-6,900-', 'bytes=0-999,0-999,0-999', many]) {
      const res = await get('/media/ad/ad-one.mp4', { range });
      expect([200, 206, 416], range.slice(0, 30)).toContain(res.statusCode);
      expect(res.rawPayload.length).toBeLessThanOrEqual(CLIP.length);
    }
  });

  it('keeps the trial of a video that offers none closed, while a trial video plays its first seconds', async () => {
    const noTrial = f.vods.find((v) => !v.canTry)!;
    const trial = f.vods.find((v) => v.canTry)!;
    for (const rel of ['master.m3u8', 'v360/index.m3u8', 'v360/seg_000.ts']) {
      expect(
        (await get(`/media/vod/${noTrial.mediaKey}/trial/${VOD_TRIAL_SECONDS}/${rel}`)).statusCode,
        rel,
      ).toBe(403);
      expect(
        (await get(`/media/vod/${trial.mediaKey}/trial/${VOD_TRIAL_SECONDS}/${rel}`)).statusCode,
        rel,
      ).toBe(200);
    }
    // Past the trial cut, or outside the trial folder, nothing without a signature.
    expect(
      (await get(`/media/vod/${trial.mediaKey}/trial/${VOD_TRIAL_SECONDS}/v360/seg_010.ts`)).statusCode,
    ).toBe(403);
    expect((await get(`/media/vod/${trial.mediaKey}/v360/seg_010.ts`)).statusCode).toBe(403);
    // The watch answer tells the app there is no trial and names no playlist at all.
    const viewer = await registerUser(t.app);
    const vod = okData(await postWatch(t.app, noTrial.id, authHeaders(viewer)), Vod);
    expect(vod.canTryWatch).toBe(false);
    expect(vod.vodPlayUrl).toBe('');
  });

  it('gives full segments only under a valid signature, to its buyer', async () => {
    const v = f.vods[0]!;
    const buyer = await registerUser(t.app);
    const other = await registerUser(t.app);
    const master = vodPlayUrl(t, { vodId: v.id, mediaKey: v.mediaKey, userId: buyer.userId });
    const seg = master.replace(/master\.m3u8$/, 'v360/seg_010.ts');
    expect((await get(seg)).body).toBe('SEGMENT-10');
    expect((await get(seg, authHeaders(buyer))).statusCode).toBe(200);
    // Someone else's signed URL under one's own session; a forged or re-targeted signature.
    expect((await get(seg, authHeaders(other))).statusCode).toBe(403);
    const token = seg.split('/')[5]!;
    const [vid, uid, exp, sig] = token.split('.') as [string, string, string, string];
    const withToken = (t2: string) => seg.replace(token, t2);
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    expect((await get(withToken([vid, uid, exp, flipped].join('.')))).statusCode).toBe(403);
    expect((await get(withToken([vid, other.userId, exp, sig].join('.')))).statusCode).toBe(403);
    expect((await get(withToken([vid, uid, '1000', sig].join('.')))).statusCode).toBe(403);
    const otherKey = seg.replace(`/media/vod/${v.mediaKey}/`, `/media/vod/${f.vods[1]!.mediaKey}/`);
    expect((await get(otherKey)).statusCode).toBe(403);
  });

  it('a full-video URL is signed for its video, lasts 10 minutes, and play_url renews it for buyers only', async () => {
    const v = f.vods[1]!;
    const buyer = await registerUser(t.app);
    const stranger = await registerUser(t.app);
    await grantCoins(t.database.db, buyer.userId, v.price);
    const buy = await t.app.inject({
      method: 'POST',
      url: Api.vodBuy,
      headers: authHeaders(buyer),
      payload: { vodId: String(v.id) },
    });
    expect(buy.json()).toMatchObject({ result: true });
    const watched = okData(await postWatch(t.app, v.id, authHeaders(buyer)), Vod);
    const token = watched.vodPlayUrl.split('/')[5]!;
    const [vid, uid, exp] = token.split('.').map(Number) as [number, number, number];
    expect([vid, uid]).toEqual([v.id, buyer.userId]);
    const left = exp - Date.now() / 1000;
    expect(left).toBeGreaterThan(9 * 60);
    expect(left).toBeLessThanOrEqual(FULL_URL_TTL_S + 60);
    const seg = (master: string) => master.replace(/master\.m3u8$/, 'v360/seg_010.ts');
    expect((await get(seg(watched.vodPlayUrl))).body).toBe('SEGMENT-10');

    // The token names video 1: it opens no other video's file, even signed by the server itself for a
    // file the video does not use (a video moved to another file leaves its old URLs dead).
    const elsewhere = f.vods[3]!;
    expect(
      (await get(seg(watched.vodPlayUrl).replace(`/${v.mediaKey}/`, `/${elsewhere.mediaKey}/`))).statusCode,
    ).toBe(403);
    const wrongFile = vodPlayUrl(t, {
      vodId: v.id,
      mediaKey: elsewhere.mediaKey,
      userId: buyer.userId,
    });
    expect((await get(seg(wrongFile))).statusCode).toBe(403);
    // Expired: refused even with the buyer's session. Signed 13 minutes ago: the expiry is rounded up
    // to the next minute, so 11 minutes could land on this very second.
    const old = vodPlayUrl(
      t,
      { vodId: v.id, mediaKey: v.mediaKey, userId: buyer.userId },
      Date.now() - 13 * 60_000,
    );
    expect((await get(seg(old), authHeaders(buyer))).statusCode).toBe(403);

    const renew = (who: Parameters<typeof authHeaders>[0], vodId: number) =>
      t.app.inject({
        method: 'POST',
        url: Api.vodPlayUrl,
        headers: authHeaders(who),
        payload: { vodId: String(vodId) },
      });
    const fresh = okData(await renew(buyer, v.id), VodPlayUrl);
    expect(fresh.vodPlayUrl).toMatch(new RegExp(`^/media/vod/${v.mediaKey}/s/${v.id}\\.${buyer.userId}\\.`));
    expect((await get(seg(fresh.vodPlayUrl))).body).toBe('SEGMENT-10');
    expect((await renew(stranger, v.id)).json()).toMatchObject({ result: false, code: Code.REFUSED });
    expect((await renew(buyer, 99_999_999)).json()).toMatchObject({ result: false, msg: Msg.videoNotFound });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: Api.vodPlayUrl,
          headers: anonHeaders(),
          payload: { vodId: String(v.id) },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('sends the security headers on ad clips and media answers', async () => {
    for (const url of [
      '/media/ad/ad-one.mp4',
      `/media/vod/${f.vods[0]!.mediaKey}/trial/${VOD_TRIAL_SECONDS}/master.m3u8`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
    const cors = await get('/media/ad/ad-one.mp4', { origin: 'https://evil.example' });
    expect(cors.headers['access-control-allow-origin']).toBeUndefined();
  });
});
