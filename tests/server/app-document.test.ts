import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Api,
  apiPath,
  APP_MODULES_ELEMENT_ID,
  BOOT_DATA_ELEMENT_ID,
  LATER_CODE_ELEMENT_ID,
  type BootData,
} from '../../src/contract/index.js';
import { prerenderVisitor } from '../../src/server/http/app-document.js';
import { prerenderScript, prerenderScriptHash } from '../../src/server/http/prerender-page.js';
import { FAST_HASHING } from './helpers/accounts.js';
import { anonHeaders } from './helpers/catalogue.js';
import { insertFixtureCatalogue, type FixtureCatalogue } from './helpers/fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const INDEX = `<!doctype html><html><head><title>Inkreel</title>
<script type="module" crossorigin src="/assets/index-E1.js"></script>
<link rel="modulepreload" crossorigin href="/assets/shared-S1.js">
<link rel="stylesheet" crossorigin href="/assets/index-E1.css">
</head><body><div id="root"></div></body></html>`;

/** A build as vite leaves it, with the module graph of .vite/manifest.json. */
function builtDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'inkreel-dist-'));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'assets', 'index-E1.css'), 'body{margin:0}');
  writeFileSync(join(dir, 'assets', 'HomePage-H1.css'), '.home{content:"$&"}');
  writeFileSync(join(dir, 'assets', 'cards-C1.css'), '.card{color:red}</style><script>');
  const manifest = {
    'index.html': { file: 'assets/index-E1.js', imports: ['_shared.js'], isEntry: true },
    '_shared.js': { file: 'assets/shared-S1.js' },
    '_cards.js': { file: 'assets/cards-C1.js', css: ['assets/cards-C1.css'], imports: ['_shared.js'] },
    'src/app/features/home/HomePage.tsx': {
      file: 'assets/HomePage-H1.js',
      css: ['assets/HomePage-H1.css'],
      imports: ['_cards.js', '_shared.js'],
    },
    'src/app/features/comics/BookHomePage.tsx': { file: 'assets/BookHomePage-B1.js', imports: ['_cards.js'] },
    'node_modules/plyr/dist/plyr.mjs': { file: 'assets/plyr-P1.js', isDynamicEntry: true },
    'node_modules/hls.js/dist/hls.mjs': { file: 'assets/hls-L1.js', isDynamicEntry: true },
    'node_modules/hls.js/dist/hls.worker.js': { file: 'assets/hls.worker-W1.js' },
  };
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

function bootOf(html: string): BootData {
  const m = new RegExp(
    `<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">(.*?)</script>`,
    's',
  ).exec(html);
  if (!m) throw new Error('no boot data in the page');
  return JSON.parse(m[1]!) as BootData;
}

describe('the app page of a first visit', () => {
  let t: TestApp;
  let f: FixtureCatalogue;
  let dist: string;
  const page = (url: string) =>
    t.app.inject({ method: 'GET', url, headers: { ...anonHeaders(), accept: 'text/html' } });

  beforeAll(async () => {
    dist = builtDist();
    t = await createTestApp({ ...FAST_HASHING, DIST_DIR: dist });
    f = await insertFixtureCatalogue(t.database.db);
    await t.database.db
      .updateTable('books')
      .set({ title: '</script><script>alert(1)</script>\u2028' })
      .where('id', '=', f.books[0]!.id)
      .execute();
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('/home carries its chunks, its first public answers and a preload of its first banner', async () => {
    const res = await page('/home');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/HomePage-H1.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/cards-C1.js">');
    // Styles inline (no render-blocking round trip), each still named by a disabled link so the
    // bundle's loader does not fetch it again.
    for (const [css, text] of [
      ['index-E1.css', 'body{margin:0}'],
      ['HomePage-H1.css', '.home{content:"$&"}'],
    ]) {
      expect(html).toContain(`<link rel="stylesheet" crossorigin href="/assets/${css}" disabled>`);
      expect(html).toContain(`<style>${text}</style>`);
    }
    expect(html).toContain('<style>.card{color:red}<\\/style><script></style>');
    expect(html).not.toMatch(/<link rel="stylesheet" crossorigin href="[^"]+">/);
    // What index.html already links is not repeated.
    expect(html.match(/shared-S1\.js/g)).toHaveLength(1);

    const boot = bootOf(html);
    const api = await t.app.inject({ method: 'GET', url: Api.homeIndex, headers: anonHeaders() });
    const home = boot.entries.find((e) => e.url === Api.homeIndex);
    expect(home?.anonymousOnly).toBe(false);
    expect(home?.body).toEqual(JSON.parse(api.body));
    const today = boot.entries.find((e) => e.url.startsWith(Api.todayUpdate));
    expect(today?.url).toBe(`${Api.todayUpdate}?category=0&pageSize=6&currentPage=1`);
    expect(today?.anonymousOnly).toBe(true);
    // The download tip's link, as the app asks for it before the device's session is read.
    const common = boot.entries.find((e) => e.url === apiPath(Api.commonInfo, { branchId: '0' }));
    expect((common?.body as { data?: { appDownloadUrl?: string } })?.data).toHaveProperty('appDownloadUrl');

    const banner = (JSON.parse(api.body) as { data: { adList: { imgPath: string }[] } }).data.adList[0]!
      .imgPath;
    expect(html).toContain(
      `<link rel="preload" as="fetch" crossorigin="anonymous" fetchpriority="high" href="${banner}">`,
    );
  });

  it("gives a first screen's render only what it depends on: renders stay shared between visitors", () => {
    const visitor = (cookie: string | undefined, ua: string) =>
      prerenderVisitor({ headers: { cookie, 'user-agent': ua } }, 'InkreelShell');
    const phone = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36';
    const plain = { cookie: '', userAgent: '' };
    expect(visitor(undefined, phone)).toEqual(plain);
    expect(visitor('a=1; firstVisit=1; _ga=GA1.2.3', 'Mozilla/5.0 (iPhone) Safari/604.1')).toEqual(plain);
    expect(visitor('downloadTip=%; x=1', phone)).toEqual(plain);
    expect(visitor('a=1; downloadTip=1', phone)).toEqual({ cookie: 'downloadTip=1', userAgent: '' });
    expect(visitor('', `${phone} InkreelShell/2`)).toEqual({ cookie: '', userAgent: 'InkreelShell' });
  });

  it('inlined text cannot close the script block', async () => {
    const html = (await page('/home')).body;
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).not.toContain('\u2028');
    expect(JSON.stringify(bootOf(html))).toContain('alert(1)');
  });

  it('a book home carries its detail for visitors without a session only, and the cover preload', async () => {
    const book = f.books[1]!;
    const html = (await page(`/book/${book.id}`)).body;
    const detail = bootOf(html).entries[0]!;
    expect(detail.url).toBe(apiPath(Api.detail, { id: book.id }));
    expect(detail.anonymousOnly).toBe(true);
    const cover = (detail.body as { data: { book: { cover: string } } }).data.book.cover;
    expect(html).toContain(`href="${cover}"`);
    expect(html).toContain('/assets/BookHomePage-B1.js');
  });

  it('a free chapter carries its pages for visitors without a session, and counts no read for the page', async () => {
    const book = f.books[1]!;
    const readCount = async () =>
      (
        await t.database.db
          .selectFrom('books')
          .select('read_count')
          .where('id', '=', book.id)
          .executeTakeFirstOrThrow()
      ).read_count;
    const before = await readCount();
    const html = (await page(`/book/read/${book.id}/1`)).body;
    const chapter = bootOf(html).entries.find((e) => e.url.startsWith(Api.readChapter))!;
    // Keyed as the reader asks for the copy it shows while its own call is on the way.
    expect(chapter.url).toBe(`${Api.readChapter}?bookId=${book.id}&number=1`);
    expect(chapter.anonymousOnly).toBe(true);
    const first = (chapter.body as { data: { bookPics: { parts: string[] }[] } }).data.bookPics[0]!.parts[0]!;
    expect(html).toContain(
      `<link rel="preload" as="fetch" crossorigin="anonymous" fetchpriority="high" href="${first}">`,
    );
    // The page is not a read: the reader's own call, with the visitor's session, counts it.
    expect(await readCount()).toBe(before);

    // A paid chapter is the app's own call to make (its buy flow): nothing of it is inlined.
    const paid = book.chapters.find((c) => c.price > 0)!;
    const locked = bootOf((await page(`/book/read/${book.id}/${paid.number}`)).body);
    expect(locked.entries.map((e) => e.url)).toEqual([apiPath(Api.detail, { id: book.id })]);
  });

  it("a video's page carries its public facts and a preload of its poster; a bad id gets the plain page", async () => {
    const vod = f.vods[0]!;
    const html = (await page(`/vod/detail?vodId=${vod.id}`)).body;
    const [info] = bootOf(html).entries;
    expect(info!.url).toBe(apiPath(Api.vodInfo, { vodId: vod.id }));
    expect(info!.anonymousOnly).toBe(false);
    const poster = (info!.body as { data: { vodPoster: string; vodName: string } }).data.vodPoster;
    expect(html).toContain(
      `<link rel="preload" as="fetch" crossorigin="anonymous" fetchpriority="high" href="${poster}">`,
    );
    // Nothing of the caller's own (play URL, access) is in a page any visitor may get.
    expect(html).not.toContain('vodPlayUrl');
    for (const bad of ['0', 'x', '1e3', '99999999999', '']) {
      expect((await page(`/vod/detail?vodId=${bad}`)).body).not.toContain(BOOT_DATA_ELEMENT_ID);
    }
  });

  it("a video's page names the player's code for a fetch when idle (the player is built on a tap)", async () => {
    const later = (html: string) =>
      new RegExp(`<script type="application/json" id="${LATER_CODE_ELEMENT_ID}">(.*?)</script>`).exec(
        html,
      )?.[1];
    const named = later((await page(`/vod/detail?vodId=${f.vods[0]!.id}`)).body);
    expect(JSON.parse(named ?? 'null')).toEqual([
      '/assets/plyr-P1.js',
      '/assets/hls-L1.js',
      '/assets/hls.worker-W1.js',
    ]);
    // Only where the player is: the other screens load no such code.
    expect(later((await page('/home')).body)).toBeUndefined();
    expect(later((await page(`/book/${f.books[0]!.id}`)).body)).toBeUndefined();
  });

  it('an unknown book or another screen gets the plain page', async () => {
    const missing = (await page('/book/999999')).body;
    expect(missing).not.toContain(BOOT_DATA_ELEMENT_ID);
    expect((await page('/user')).body).toBe(INDEX);
  });

  it('follows a new build under a running server (never names chunks that are gone)', async () => {
    expect((await page('/home')).body).toContain('/assets/index-E1.js');
    writeFileSync(join(dist, 'index.html'), INDEX.replace('index-E1.js', 'index-E2.js'));
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(dist, 'index.html'), later, later);
    const html = (await page('/home')).body;
    expect(html).toContain('/assets/index-E2.js');
    expect(html).not.toContain('/assets/index-E1.js');
    // And the new build's files are served: a route per file found at start would answer 404 here.
    writeFileSync(join(dist, 'assets', 'index-E2.js'), 'export {};');
    const chunk = await t.app.inject({ method: 'GET', url: '/assets/index-E2.js' });
    expect(chunk.statusCode).toBe(200);
    expect(chunk.body).toBe('export {};');
  });
});

describe('a page that arrives with its first screen rendered', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = builtDist();
    mkdirSync(join(dist, '.ssr'));
    writeFileSync(
      join(dist, '.ssr', 'render.mjs'),
      `export async function renderFirstScreen() { return '<main><img data-secure-src="/media/img/x.img"></main>'; }`,
    );
    t = await createTestApp({ ...FAST_HASHING, DIST_DIR: dist });
    await insertFixtureCatalogue(t.database.db);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('names its code in data for its inline script, which loads it once the first screen is painted', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/home',
      headers: { ...anonHeaders(), accept: 'text/html' },
    });
    const html = res.body;
    expect(html).toContain('<div id="prerender"><main>');
    // Nothing in the head makes the browser fetch code before the first screen is painted...
    expect(html).not.toMatch(/<script type="module"|rel="modulepreload"/);
    // ...the entry first, then every chunk the head named (the entry's and the screen's), once each.
    const m = new RegExp(
      `<script type="application/json" id="${APP_MODULES_ELEMENT_ID}">(.*?)</script>`,
    ).exec(html);
    expect(JSON.parse(m![1]!)).toEqual([
      '/assets/index-E1.js',
      '/assets/shared-S1.js',
      '/assets/HomePage-H1.js',
      '/assets/cards-C1.js',
    ]);
    // The list comes before the script that reads it, and the script is the one the policy names.
    const script = html.indexOf(`<script>${prerenderScript(t.config.imageKey)}</script>`);
    expect(script).toBeGreaterThan(m!.index);
    expect(res.headers['content-security-policy']).toContain(prerenderScriptHash(t.config.imageKey));
  });

  it('goes out compressed to a browser that accepts brotli', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/home',
      headers: { ...anonHeaders(), accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<div id="prerender"><main>');
  });
});
