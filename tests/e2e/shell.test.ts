import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Api, IMAGE_URL_PATTERN } from '../../src/contract';
import { ListTitle } from '../../src/contract/messages/lists';
import { CookieName } from '../../src/app/lib/cookies';
import { baseUrl, dismissDialogs, launchMobile, waitForServiceWorker, type Mobile } from './helpers';

const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 13; V2172A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/111.0 Mobile Safari/537.36 MicroMessenger/8.0.42.2460(0x28002A58) NetType/WIFI Language/zh_CN';

/** A cover the server really serves (encrypted), from the public home answer. */
async function someCoverUrl(): Promise<string> {
  const res = await fetch(`${baseUrl()}${Api.homeIndex}`);
  const body = (await res.json()) as { data: { recommendList: { cover: string }[] } };
  const cover = body.data.recommendList.find((b) => IMAGE_URL_PATTERN.test(b.cover))?.cover;
  if (!cover) throw new Error('home/index has no encrypted cover');
  return cover;
}

describe('PWA shell as a new visitor', () => {
  let m: Mobile;
  const registers: string[] = [];

  beforeAll(async () => {
    m = await launchMobile();
    m.context.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === Api.register) registers.push(r.url());
    });
  });
  afterAll(async () => {
    await m?.close();
  });

  it('a new visitor is registered exactly once', async () => {
    await m.page.goto('/home');
    await m.page.getByRole('navigation', { name: '漫画导航' }).waitFor();
    // Let every first call (home sections, user info, sign-in config…) go out.
    await m.page.waitForLoadState('networkidle');
    await m.page.reload();
    await m.page.waitForLoadState('networkidle');
    expect(registers).toHaveLength(1);
    const stored = await m.page.evaluate(
      () =>
        new Promise<boolean>((res) => {
          const open = indexedDB.open('inkreel-kv');
          open.onsuccess = () => {
            const get = open.result.transaction('kv').objectStore('kv').get('session');
            get.onsuccess = () => res(Boolean((get.result as { token?: string } | undefined)?.token));
          };
        }),
    );
    expect(stored).toBe(true);
  });

  it('both tab bars navigate', async () => {
    const { page } = m;
    await dismissDialogs(page);
    const comic = page.getByRole('navigation', { name: '漫画导航' });
    const video = page.getByRole('navigation', { name: '视频导航' });
    for (const [label, path] of [
      ['分类', '/category'],
      ['收藏', '/shelf'],
      ['我的', '/user'],
      ['漫画', '/home'],
      ['看视频', '/vod'],
    ] as const) {
      await comic.getByRole('link', { name: label, exact: true }).click();
      await page.waitForURL(`**${path}`);
      await dismissDialogs(page, 500);
    }
    for (const [label, path] of [
      ['搜视频', '/search-vod'],
      ['已购', '/shelf-vod'],
      ['视频', '/vod'],
      ['充值', '/purchase'],
    ] as const) {
      await video.getByRole('link', { name: label, exact: true }).click();
      await page.waitForURL(`**${path}`);
      await dismissDialogs(page, 500);
    }
    // Top-up has no tab bar: back to the videos, then over to the comics.
    await page.goBack();
    await page.waitForURL('**/vod');
    await video.getByRole('link', { name: '看漫画', exact: true }).click();
    await page.waitForURL('**/home');
    await comic.waitFor();
    expect(new URL(page.url()).pathname).toBe('/home');
  });

  it('a list screen keeps its scroll position and loaded items when coming back', async () => {
    const { page } = m;
    await page.goto('/home/latest');
    const books = page.locator('a[href^="/book/"]');
    await books.nth(8).waitFor();
    // Load a second page by scrolling, then open a book far down.
    await page.mouse.wheel(0, 3000);
    await page.waitForTimeout(800);
    const link = books.nth(12);
    await link.scrollIntoViewIfNeeded();
    const y = await page.evaluate(() => scrollY);
    const count = await books.count();
    expect(y).toBeGreaterThan(500);
    await link.click();
    await page.waitForURL('**/book/*');
    await page.goBack();
    await page.waitForURL('**/home/latest');
    await page.waitForFunction((want) => Math.abs(scrollY - want) < 4, y, { timeout: 5_000 });
    expect(await books.count()).toBe(count);
  });

  it('unknown paths end on /home', async () => {
    await m.page.goto('/no/such/page');
    await m.page.waitForURL('**/home');
  });

  it('works offline once the service worker is active: shell and seen images come from the cache', async () => {
    const { page, context } = m;
    await waitForServiceWorker(page);
    const cover = await someCoverUrl();
    const showImage = (src: string) =>
      page.evaluate(
        (s) =>
          new Promise<number>((res) => {
            const img = new Image();
            img.onload = () => res(img.naturalWidth);
            img.onerror = () => res(-1);
            img.src = s;
          }),
        src,
      );
    // Seen once online (through the service worker, which decrypts and caches it).
    expect(await showImage(cover)).toBeGreaterThan(0);
    const homeImages = await page.$$eval('img', (imgs) =>
      imgs.map((i) => (i as HTMLImageElement).currentSrc).filter((s) => s.endsWith('.img')),
    );

    await context.setOffline(true);
    try {
      await page.reload();
      await page.getByRole('navigation', { name: '漫画导航' }).waitFor({ timeout: 15_000 });
      expect(new URL(page.url()).pathname).toBe('/home');
      // Home's sections come from the catalogue answers the worker kept.
      await page.getByText(ListTitle.recommend).first().waitFor({ timeout: 15_000 });
      expect(await showImage(cover)).toBeGreaterThan(0);
      // Pictures home showed online show offline too.
      for (const src of homeImages.slice(0, 3)) expect(await showImage(src)).toBeGreaterThan(0);
    } finally {
      await context.setOffline(false);
    }
  });

  it('keeps catalogue reads and decrypted pictures, never account, purchase or payment calls', async () => {
    const cached = await m.page.evaluate(async () => {
      const out: Record<string, string[]> = {};
      for (const name of await caches.keys())
        out[name] = (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
      return out;
    });
    const api = cached['inkreel-api'] ?? [];
    expect(api.some((p) => p.startsWith('/api/book/'))).toBe(true);
    expect(
      api.filter((p) =>
        /^\/api\/(user|pay)\/|\/chapter\/buy|\/read_chapter|\/vod\/(watch|buy|order)/.test(p),
      ),
    ).toEqual([]);
    const images = cached['inkreel-images'] ?? [];
    expect(images.length).toBeGreaterThan(0);
    expect(images.every((p) => IMAGE_URL_PATTERN.test(p))).toBe(true);
  });

  it("a chapter opened from the worker's shell names the reader's code in it, to come with the entry", async () => {
    const { page } = m;
    await page.goto('/home');
    await waitForServiceWorker(page);
    const res = await page.goto('/book/read/1/1');
    expect(res?.fromServiceWorker()).toBe(true);
    // Without the names, the router asks for the reader's chunks only once the entry has arrived and run.
    const named = [
      ...(await res!.text()).matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g),
    ].map((x) => x[1]!);
    const reader = named.find((href) => /^\/assets\/ReaderPage-[\w-]+\.js$/.test(href));
    expect(reader).toBeDefined();
    await page.locator('.chapter-page img').first().waitFor({ timeout: 20_000 });
    // The names are this build's: the page ran the very file the shell named.
    const loaded = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname),
    );
    expect(loaded).toContain(reader);
  });

  it('the placeholder stands in for a missing picture', async () => {
    const width = await m.page.evaluate(
      () =>
        new Promise<number>((res) => {
          const img = new Image();
          img.onload = () => res(img.naturalWidth);
          img.onerror = () => res(-1);
          img.src = '/media/img/0123456789abcdef0123456789abcdef_500_0.img';
        }),
    );
    expect(width).toBeGreaterThan(0);
  });
});

describe('first visit to the bare domain', () => {
  it("'/' leads to /home (served by the server, no service worker yet)", async () => {
    const m = await launchMobile();
    try {
      await m.page.goto('/');
      await m.page.waitForURL('**/home');
      await m.page.getByRole('navigation', { name: '漫画导航' }).waitFor();
    } finally {
      await m.close();
    }
  });
});

describe('traffic source', () => {
  it('a tgId is recorded (branch, source mark) before going home', async () => {
    const m = await launchMobile();
    try {
      const marks: string[] = [];
      const registerBranches: (string | undefined)[] = [];
      m.context.on('request', (r) => {
        if (r.method() === 'POST' && new URL(r.url()).pathname === Api.register)
          registerBranches.push(r.headers()['x-branch-id']);
      });
      // Routed so the form body is visible to the test.
      await m.page.route(`**${Api.userFromMark}`, async (route) => {
        marks.push(route.request().postData() ?? '');
        await route.continue();
      });
      const visited: string[] = [];
      m.page.on('framenavigated', (f) => {
        if (f === m.page.mainFrame()) visited.push(new URL(f.url()).pathname + new URL(f.url()).search);
      });
      await m.page.goto('/index?tgId=77', { referer: 'https://ads.example/campaign' });
      await m.page.waitForURL('**/home', { timeout: 15_000 });
      expect(visited, visited.join(' ')).toContain('/landing?tgId=77');
      expect(marks).toHaveLength(1);
      expect(new URLSearchParams(marks[0]).get('referUrl')).toBe('https://ads.example/campaign');
      expect(registerBranches).toEqual(['77']);
    } finally {
      await m.close();
    }
  });

  it('a first visit without a tgId records its referrer once; later visits do not', async () => {
    const m = await launchMobile();
    try {
      const marks: string[] = [];
      await m.page.route(`**${Api.userFromMark}`, async (route) => {
        marks.push(route.request().postData() ?? '');
        await route.continue();
      });
      const marked = m.page.waitForResponse((r) => new URL(r.url()).pathname === Api.userFromMark);
      await m.page.goto('/home', { referer: 'https://search.example/?q=comics' });
      expect((await marked).status()).toBe(200);
      expect(new URLSearchParams(marks[0]).get('referUrl')).toBe('https://search.example/?q=comics');
      const cookie = (await m.context.cookies()).find((c) => c.name === CookieName.firstVisit);
      expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000 + 99 * 24 * 3600);

      await m.page.reload();
      await m.page.getByRole('navigation', { name: '漫画导航' }).waitFor();
      await m.page.waitForLoadState('networkidle');
      expect(marks).toHaveLength(1);
    } finally {
      await m.close();
    }
  });

  it('without a tgId the landing page only says the site is being built', async () => {
    const m = await launchMobile();
    try {
      await m.page.goto('/landing');
      await m.page.getByRole('heading', { name: '网站建设中' }).waitFor();
      await m.page.waitForTimeout(500);
      expect(new URL(m.page.url()).pathname).toBe('/landing');
    } finally {
      await m.close();
    }
  });
});

describe('visitors the app does not serve', () => {
  it('sends desktop browsers to the desktop page with a QR code of the mobile site', async () => {
    const m = await launchMobile({ userAgent: DESKTOP_UA });
    try {
      await m.page.goto('/home');
      await m.page.waitForURL('**/desktop.html**');
      const qr = m.page.getByRole('img', { name: '手机访问二维码' });
      await qr.waitFor();
      await m.page.waitForFunction(
        () => (document.getElementById('qr') as HTMLImageElement).naturalWidth > 0,
      );
      expect(await m.page.getByText(`${baseUrl()}/home`).count()).toBe(1);
    } finally {
      await m.close();
    }
  });

  it('sends the WeChat in-app browser to the open-in-browser page', async () => {
    const m = await launchMobile({ userAgent: WECHAT_UA });
    try {
      await m.page.goto('/book/1');
      await m.page.waitForURL('**/open-in-browser.html**');
      await m.page.getByText('在浏览器打开').first().waitFor();
      expect(await m.page.locator('#url').textContent()).toBe(`${baseUrl()}/book/1`);
    } finally {
      await m.close();
    }
  });
});

describe('a new version', () => {
  const distDir = inject('distDir');

  it.skipIf(!distDir)('is offered with a prompt, and switching reloads once', async () => {
    const swFile = join(distDir, 'sw.js');
    const original = readFileSync(swFile, 'utf8');
    const m = await launchMobile();
    try {
      await m.page.goto('/shelf');
      await waitForServiceWorker(m.page);
      // Deploy a "new build": any change to sw.js is a new version for the browser.
      writeFileSync(swFile, `${original}\n// next version\n`);
      await m.page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update();
      });
      const prompt = m.page.getByRole('alert').filter({ hasText: '发现新版本' });
      await prompt.waitFor({ timeout: 30_000 });
      // Nothing reloads under the user until they choose to.
      expect(new URL(m.page.url()).pathname).toBe('/shelf');
      await Promise.all([
        m.page.waitForEvent('load', { timeout: 30_000 }),
        m.page.getByRole('button', { name: '立即更新' }).click(),
      ]);
      const waiting = await m.page.evaluate(
        async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null,
      );
      expect(waiting).toBeNull();
      await prompt.waitFor({ state: 'detached' });
    } finally {
      writeFileSync(swFile, original);
      await m.close();
    }
  });
});
