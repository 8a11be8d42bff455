import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_SIZES, decryptImage, imageUrl, importImageKey } from '../../src/contract/index.js';
import {
  AD_SIZE_PX,
  COVER_SIZE_PX,
  HORI_COVER_SIZE_PX,
  PAGE_ART_SIZE_PX,
  demoBook,
  renderDemoAd,
  renderDemoCover,
  renderDemoHoriCover,
  renderDemoPage,
} from '../../src/server/demo/art.js';
import { FONTS_CONF, SANS } from '../../src/server/demo/fonts.js';
import { storeChapterPage, storeImage, type MediaCtx } from '../../src/server/media/images.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let ctx: MediaCtx;

beforeAll(async () => {
  t = await createTestApp();
  // The same key the app was built with (config.imageKey), imported the way the client does.
  ctx = { config: t.config, imageKey: await importImageKey(t.config.imageKey), media: t.media };
});
afterAll(() => t.close());

async function fetchImage(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return res;
}

async function decryptToMeta(body: Buffer) {
  const plain = Buffer.from(await decryptImage(ctx.imageKey, new Uint8Array(body)));
  expect(plain.subarray(0, 4).toString('ascii')).toBe('RIFF');
  expect(plain.subarray(8, 12).toString('ascii')).toBe('WEBP');
  return sharp(plain).metadata();
}

describe('encrypted images over HTTP', () => {
  let hash: string;
  beforeAll(async () => {
    hash = await storeImage(ctx, await renderDemoCover({ book: demoBook('Roundtrip', 11), author: 'Test' }));
  });

  it('serves each size encrypted, decrypting to WebP of that width', async () => {
    for (const size of IMAGE_SIZES) {
      const res = await fetchImage(imageUrl(hash, size));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.etag).toBe(`"${hash}_${size}"`);
      // Ciphertext, not a readable picture.
      expect(res.rawPayload.subarray(8, 12).toString('ascii')).not.toBe('WEBP');
      const meta = await decryptToMeta(res.rawPayload);
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(size);
      expect(meta.height).toBe(Math.round((size * COVER_SIZE_PX.height) / COVER_SIZE_PX.width));
    }
  });

  it('answers 304 to a matching If-None-Match and 200 to another', async () => {
    const url = imageUrl(hash, 180);
    const hit = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': `"${hash}_180"` } });
    expect(hit.statusCode).toBe(304);
    expect(hit.rawPayload.length).toBe(0);
    const miss = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': `"${hash}_500"` } });
    expect(miss.statusCode).toBe(200);
  });

  it('never upscales a small source', async () => {
    const small = await sharp({ create: { width: 150, height: 100, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const h = await storeImage(ctx, small);
    const meta = await decryptToMeta((await fetchImage(imageUrl(h, 500))).rawPayload);
    expect(meta.width).toBe(150);
  });

  it('stores the same picture once (content hash)', async () => {
    const before = readdirSync(join(t.config.dataDir, 'media', 'img')).length;
    const again = await storeImage(
      ctx,
      await renderDemoCover({ book: demoBook('Roundtrip', 11), author: 'Test' }),
    );
    expect(again).toBe(hash);
    expect(readdirSync(join(t.config.dataDir, 'media', 'img')).length).toBe(before);
  });

  it('answers 204 for unknown or malformed names', async () => {
    for (const url of [
      imageUrl('0123456789abcdef0123456789abcdef', 500),
      `/media/img/${hash}_300_0.img`,
      `/media/img/${hash}_500_1.img`,
      `/media/img/${hash.toUpperCase()}_500_0.img`,
      '/media/img/nothing.img',
    ]) {
      const res = await fetchImage(url);
      expect(res.statusCode, url).toBe(204);
      expect(res.rawPayload.length).toBe(0);
    }
  });

  it('never serves a file outside the image folder', async () => {
    // Files that exist in the data dir: the SQLite database and the folder itself.
    expect(existsSync(join(t.config.dataDir, 'media', 'img'))).toBe(true);
    for (const url of [
      '/media/img/..%2F..%2Finkreel.sqlite',
      '/media/img/%2e%2e%2f%2e%2e%2finkreel.sqlite',
      '/media/img/../../inkreel.sqlite',
      '/media/img/..%5C..%5Cinkreel.sqlite',
      `/media/img/${hash}_500_0.img%00.png`,
      `/media/img/..%2F${hash}_500_0.img`,
      '/media/img/%2Fetc%2Fpasswd',
    ]) {
      const res = await fetchImage(url);
      expect([204, 404], url).toContain(res.statusCode);
      expect(res.rawPayload.subarray(0, 15).toString('latin1')).not.toContain('SQLite format');
      expect(res.rawPayload.toString('latin1')).not.toContain('root:');
    }
  });
});

describe('chapter page split', () => {
  for (const count of [1, 2, 3, 4]) {
    it(`splits a page into ${count} equal strips`, async () => {
      const page = await renderDemoPage({ book: demoBook('Split', 5), chapter: 1, page: count });
      const stored = await storeChapterPage(ctx, page, count);
      expect(stored.width).toBe(500);
      expect(stored.height).toBe(Math.round((PAGE_ART_SIZE_PX.height * 500) / PAGE_ART_SIZE_PX.width));
      expect(stored.parts).toHaveLength(count);
      expect(new Set(stored.parts).size).toBe(count);
      const metas = [];
      for (const part of stored.parts) {
        const res = await fetchImage(imageUrl(part, 500));
        expect(res.statusCode).toBe(200);
        metas.push(await decryptToMeta(res.rawPayload));
      }
      const expected = PAGE_ART_SIZE_PX.width / count;
      for (const m of metas) {
        expect(Math.abs(m.width! - Math.min(500, expected))).toBeLessThanOrEqual(1);
        expect(m.height).toBe(metas[0]!.height);
      }
      // Repeat: served from the manifest, same parts.
      expect(await storeChapterPage(ctx, page, count)).toEqual(stored);
    });
  }

  it('refuses a split count outside 1..4', async () => {
    const page = await renderDemoPage({ book: demoBook('Split', 5), chapter: 1, page: 9 });
    await expect(storeChapterPage(ctx, page, 5)).rejects.toThrow(/splitCount/);
    await expect(storeChapterPage(ctx, page, 0)).rejects.toThrow(/splitCount/);
  });
});

describe('demo art', () => {
  it('renders pictures of the documented sizes, deterministically', async () => {
    const book = demoBook('月光剑', 1);
    const cases: [Promise<Buffer>, { width: number; height: number }][] = [
      [renderDemoCover({ book, author: '林秋' }), COVER_SIZE_PX],
      [renderDemoHoriCover({ book, author: '' }), HORI_COVER_SIZE_PX],
      [renderDemoPage({ book, chapter: 2, page: 3 }), PAGE_ART_SIZE_PX],
      [
        renderDemoAd({ title: '金币翻倍', subtitle: '限时三天', cta: '去充值', palette: 1, book }),
        AD_SIZE_PX,
      ],
    ];
    for (const [p, size] of cases) {
      const meta = await sharp(await p).metadata();
      expect({ width: meta.width, height: meta.height }).toEqual(size);
    }
    const a = await renderDemoPage({ book: demoBook('X', 2), chapter: 1, page: 1 });
    const b = await renderDemoPage({ book: demoBook('X', 2), chapter: 1, page: 1 });
    const c = await renderDemoPage({ book: demoBook('X', 2), chapter: 1, page: 2 });
    expect(a.equals(b)).toBe(true);
    expect(a.equals(c)).toBe(false);
  });

  it('leaves the bottom-left of a wide cover to the caption screens put there (no drawn text under it)', async () => {
    // The band where WideBookCard puts title and status: the cover's plain gradient there, no glyphs.
    const { width: w, height: h } = HORI_COVER_SIZE_PX;
    const band = { left: 24, top: h - 96, width: Math.round(w * 0.4), height: 80 };
    for (const seed of [1, 2, 3, 7]) {
      const png = await renderDemoHoriCover({ book: demoBook('雪国边境', seed), author: '' });
      const { data, info } = await sharp(png)
        .extract(band)
        .greyscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
      // Neighbouring pixels of a gradient differ by a step or two; a glyph's edge by far more.
      let edges = 0;
      for (let y = 0; y < info.height; y++)
        for (let x = 1; x < info.width; x++)
          if (Math.abs(data[y * info.width + x]! - data[y * info.width + x - 1]!) > 40) edges++;
      expect(edges, `seed ${seed}`).toBe(0);
    }
  });

  it("draws Chinese with the fonts installed from npm, not with the machine's", async () => {
    expect(process.env.FONTCONFIG_FILE).toBe(FONTS_CONF);
    const conf = readFileSync(FONTS_CONF, 'utf8');
    expect(conf).toContain('@expo-google-fonts/noto-sans-sc');
    expect(conf).not.toMatch(/\/usr\/share\/fonts|<include/);
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="80"><rect width="400" height="80" fill="#fff"/>' +
      `<text x="10" y="56" font-family="${SANS}" font-size="48">漫画视频</text></svg>`;
    const ours = await sharp(Buffer.from(svg)).raw().toBuffer();
    expect(ours.filter((v) => v < 100).length).toBeGreaterThan(1000);
    // The same drawing in a process whose fontconfig knows no fonts at all must differ.
    const empty = join(t.config.dataDir, 'no-fonts.conf');
    writeFileSync(empty, '<?xml version="1.0"?><fontconfig></fontconfig>');
    const script =
      "require('sharp')(Buffer.from(process.argv[1])).raw().toBuffer().then((b) => process.stdout.write(b.toString('base64')))";
    const out = execFileSync(process.execPath, ['-e', script, svg], {
      env: { ...process.env, FONTCONFIG_FILE: empty },
    });
    expect(ours.equals(Buffer.from(out.toString(), 'base64'))).toBe(false);
  });
});
