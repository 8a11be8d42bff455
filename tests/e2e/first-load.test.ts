import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Api, apiPath, APP_MODULES_ELEMENT_ID } from '../../src/contract';
import { ListTitle } from '../../src/contract/messages/lists';
import { PHONE_UA } from '../bench/phone';
import { baseUrl, launchMobile, type Mobile, playerUp, waitForAppScreen, watchLayoutShift } from './helpers';

interface LargestPaint {
  at: number;
  tag: string;
  inPrerender: boolean;
}

/** The page's largest-paint candidates from its start; the returned function reads them. */
async function watchLargestPaints(page: Page): Promise<() => Promise<LargestPaint[]>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __paints: LargestPaint[] };
    w.__paints = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { startTime: number; element: Element | null }[])
        w.__paints.push({
          at: e.startTime,
          tag: e.element?.tagName ?? '',
          inPrerender: Boolean(e.element?.closest('#prerender')),
        });
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { __paints: LargestPaint[] }).__paints);
}

/** The files of a built chunk and of everything it imports statically (dist/.vite/manifest.json). */
function staticGraph(entry: string): string[] {
  const dist = join(import.meta.dirname, '../../dist');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; imports?: string[] }
  >;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const i of chunk.imports ?? []) visit(i);
  };
  visit(entry);
  return [...files].map((f) => readFileSync(join(dist, f), 'utf8'));
}

describe('the first bundle', () => {
  it('carries no schema library, nor do the screens a link lands on: the app takes facts and strings, not zod', () => {
    // zod's core (about 95 KB, 45 ms of module evaluation at 4× CPU) came into the entry through the
    // reader route's import of access.ts, which checked a 999 answer with the contract's schema; then
    // into the reader's and the video page's code (that check, and the danmu limits beside their schemas).
    for (const start of [
      'index.html',
      'src/app/features/home/HomePage.tsx',
      'src/app/features/comics/BookHomePage.tsx',
      'src/app/features/reader/ReaderPage.tsx',
      'src/app/features/video/VodDetailPage.tsx',
    ]) {
      const sources = staticGraph(start);
      expect(sources.length, start).toBeGreaterThan(1);
      expect(sources.filter((code) => code.includes('$ZodType')).length, start).toBe(0);
    }
  });
});

describe('the code as a phone receives it', () => {
  it("marks every module of a landing page and the player's libraries for compiling while they stream in", async () => {
    // V8 compiles a marked file whole on a background thread as it arrives; unmarked, each function is
    // compiled on the main thread when first called: about half of each long task after the first paint.
    const paths = new Set<string>();
    const m = await launchMobile({ serviceWorkers: 'block' });
    m.page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (/^\/assets\/.+\.js$/.test(path) && !path.includes('.worker')) paths.add(path);
    });
    try {
      await m.page.goto('/home');
      await waitForAppScreen(m.page);
      await m.page.goto('/vod/detail?vodId=1');
      await playerUp(m.page, 20_000);
    } finally {
      await m.close();
    }
    expect([...paths].some((p) => /\/index-/.test(p))).toBe(true);
    expect([...paths].some((p) => /\/hls-/.test(p))).toBe(true);
    expect([...paths].some((p) => /\/plyr-/.test(p))).toBe(true);
    for (const path of paths) {
      const res = await fetch(`${baseUrl()}${path}`, { headers: { 'accept-encoding': 'br' } });
      expect(res.headers.get('content-encoding'), path).toBe('br');
      const code = await res.text();
      // The first line: below any other code (Vite's one-line prelude of preload paths, say) V8 ignores it.
      expect(code.split('\n', 1)[0], path).toBe('//# allFunctionsCalledOnLoad');
    }
  });
});

/** The first visit of a screen opened from a link: its first answers arrive inside the page. */
describe('first load in one round trip', () => {
  let m: Mobile | undefined;
  // The server's renderer loaded and its pages rendered once, as in a full run, so that a file or a test
  // run alone on a busy machine also gets its pages within the server's render budget.
  beforeAll(async () => {
    for (const path of ['/home', '/book/1', '/book/read/1/1', '/vod/detail?vodId=1'])
      for (let i = 0; i < 5; i++) {
        const res = await fetch(`${baseUrl()}${path}`, {
          headers: { accept: 'text/html', 'user-agent': PHONE_UA },
        });
        if ((await res.text()).includes('<div id="prerender">')) break;
      }
  }, 60_000);
  afterEach(async () => {
    await m?.close();
    m = undefined;
  });

  it('/home shows its sections and first banner without calling home/index, and gets its bytes compressed', async () => {
    m = await launchMobile();
    const calls: string[] = [];
    const encodings = new Map<string, string>();
    m.page.on('request', (r) => calls.push(new URL(r.url()).pathname));
    m.page.on('response', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/assets/') && path.endsWith('.js'))
        encodings.set(path, r.headers()['content-encoding'] ?? 'none');
    });
    const cls = await watchLayoutShift(m.page);
    const doc = await m.page.goto('/home');
    expect(doc?.headers()['content-encoding']).toBe('br');
    await m.page.getByRole('heading', { name: ListTitle.recommend }).waitFor();
    await m.page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('.carousel-slide img');
      return !!img && img.complete && img.naturalWidth > 0;
    });
    expect(calls).not.toContain(Api.homeIndex);
    // Nothing on the first screen moves while the rest arrives (at night Three-D joins the sections).
    await m.page.waitForTimeout(1500);
    expect(await cls()).toBeLessThanOrEqual(0.02);
    expect(calls).not.toContain(Api.category);
    // Its styles came inside the page: no render-blocking stylesheet round trip, and the screen's
    // chunks did not fetch them again (dialogs that load after the first paint bring their own).
    const inlined = await m.page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet][disabled]')].map(
        (l) => new URL(l.href).pathname,
      ),
    );
    expect(inlined.length).toBeGreaterThan(2);
    expect(calls.filter((c) => inlined.includes(c))).toEqual([]);
    expect(
      await m.page.evaluate(() => getComputedStyle(document.querySelector('.home-header')!).display),
    ).not.toBe('inline');
    expect(encodings.size).toBeGreaterThan(3);
    expect([...encodings.values()].every((e) => e === 'br')).toBe(true);
  });

  it('a book home opened from a link shows its title and cover without calling detail', async () => {
    m = await launchMobile();
    const calls: string[] = [];
    m.page.on('request', (r) => calls.push(new URL(r.url()).pathname));
    await m.page.goto('/book/1');
    await m.page.locator('.book-header-title').waitFor();
    await m.page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('.book-header-cover img');
      return !!img && img.complete && img.naturalWidth > 0;
    });
    expect(calls).not.toContain(apiPath(Api.detail, { id: 1 }));
    const inlined = await m.page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet][disabled]')].map(
        (l) => new URL(l.href).pathname,
      ),
    );
    expect(calls.filter((c) => inlined.includes(c))).toEqual([]);
  });

  it('/home arrives rendered: with none of the bundle, its text and first banner show (decrypted by the page)', async () => {
    m = await launchMobile();
    const violations: string[] = [];
    m.page.on('console', (msg) => {
      if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
    });
    await m.page.route('**/assets/*.js', (r) => r.abort());
    await m.page.goto('/home');
    const pre = m.page.locator('#prerender');
    await pre.getByRole('heading', { name: ListTitle.day }).waitFor();
    await pre.locator('.book-small-title').first().waitFor();
    await pre.locator('.home-search').waitFor();
    await m.page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('#prerender .carousel-slide img');
      // A small picture is shown from a data: URL: no round trip to register a blob (contract/cipher.ts).
      return !!img && img.src.startsWith('data:image/webp;base64,') && img.complete && img.naturalWidth > 0;
    });
    expect(violations).toEqual([]);
    // Where the app will render its copy is not painted until the swap, and takes no room.
    expect(
      await m.page.evaluate(() => {
        const root = getComputedStyle(document.getElementById('root')!);
        return [root.visibility, root.position];
      }),
    ).toEqual(['hidden', 'absolute']);
  });

  it('decrypts the pictures in view, and only those, without asking the page for its layout', async () => {
    // Asking a picture where it is forced the page's first layout inside the parser's task, after the
    // first paint: blocking time on a phone. Which are in view is told once the page lays out itself.
    m = await launchMobile();
    await m.page.addInitScript(() => {
      const w = window as unknown as { __layoutAsks: number; __counting: boolean };
      w.__layoutAsks = 0;
      w.__counting = true;
      for (const name of ['getBoundingClientRect', 'getClientRects'] as const) {
        const own = Element.prototype[name] as (this: Element) => unknown;
        Object.defineProperty(Element.prototype, name, {
          configurable: true,
          value(this: Element) {
            if (w.__counting) w.__layoutAsks++;
            return own.call(this);
          },
        });
      }
    });
    await m.page.route('**/assets/*.js', (r) => r.abort());
    await m.page.goto('/home');
    await m.page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('#prerender .carousel-slide img');
      return !!img && img.src.startsWith('data:image/webp;base64,') && img.complete;
    });
    const seen = await m.page.evaluate(() => {
      const w = window as unknown as { __layoutAsks: number; __counting: boolean };
      w.__counting = false;
      const asked = new Set(
        (self as unknown as { __inkreelImages: Map<string, unknown> }).__inkreelImages.keys(),
      );
      const inView = new Set<string>();
      const outOfView = new Set<string>();
      for (const img of document.querySelectorAll<HTMLImageElement>('#prerender img[data-secure-src]')) {
        const r = img.getBoundingClientRect();
        const visible = r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
        (visible ? inView : outOfView).add(img.dataset.secureSrc!);
      }
      return {
        asks: w.__layoutAsks,
        missed: [...inView].filter((u) => !asked.has(u)),
        extra: [...outOfView].filter((u) => asked.has(u) && !inView.has(u)),
        inView: inView.size,
        outOfView: outOfView.size,
      };
    });
    expect(seen.asks).toBe(0);
    expect(seen.inView).toBeGreaterThan(1);
    // The carousel's further slides and the rows below the screen are left to the app.
    expect(seen.outOfView).toBeGreaterThan(0);
    expect(seen.missed).toEqual([]);
    expect(seen.extra).toEqual([]);
  });

  it('a browser without IntersectionObserver still gets the app, which shows the pictures itself', async () => {
    m = await launchMobile();
    await m.page.addInitScript(() => {
      Object.defineProperty(window, 'IntersectionObserver', { value: undefined, configurable: true });
    });
    const errors: string[] = [];
    m.page.on('pageerror', (e) => errors.push(e.message));
    await m.page.goto('/home');
    await waitForAppScreen(m.page, 15_000);
    await m.page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('#root .carousel-slide img');
      return !!img && /^(data|blob):/.test(img.src) && img.complete && img.naturalWidth > 0;
    });
    expect(errors.filter((e) => /IntersectionObserver/.test(e))).toEqual([]);
  });

  it("asks for the app's code only once the first screen's pictures are painted, then takes over", async () => {
    // On a phone link the first screen's few KB would otherwise share it with ~150 KB of code.
    m = await launchMobile();
    const violations: string[] = [];
    m.page.on('console', (msg) => {
      if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
    });
    const paints = await watchLargestPaints(m.page);
    const doc = await m.page.goto('/book/read/1/1');
    const html = await doc!.text();
    // The page names its code in data, not in tags the browser would fetch at once.
    expect(html).not.toMatch(/<script type="module"|rel="modulepreload"/);
    expect(html).toContain(`<script type="application/json" id="${APP_MODULES_ELEMENT_ID}">["/assets/index-`);
    // The app took over (its own copy of the screen answers taps).
    await waitForAppScreen(m.page);
    await m.page.locator('#root .chapter-page :is(img[src^="blob:"], img[src^="data:"])').first().waitFor();
    const entryAt = await m.page.evaluate(() => {
      const entry = performance
        .getEntriesByType('resource')
        .find((e) => /\/assets\/index-[^/]+\.js$/.test(e.name))!;
      return entry.startTime;
    });
    const pictureAt = (await paints()).find((p) => p.tag === 'IMG')?.at ?? NaN;
    expect(pictureAt).toBeGreaterThan(0);
    expect(entryAt).toBeGreaterThanOrEqual(pictureAt);
    expect(violations).toEqual([]);
  });

  it("adds the app's module tags two per task, the entry first", async () => {
    // ~30 modulepreload links added in one task were one long task on a phone's CPU: each starts its fetch,
    // and one in five or so costs 3–10 ms here.
    m = await launchMobile();
    await m.page.addInitScript(() => {
      const w = window as unknown as { __added: string[][] };
      w.__added = [];
      // A MutationObserver's callback runs once at the end of each task that changed the DOM.
      new MutationObserver((records) => {
        const tags = records
          .flatMap((r) => [...r.addedNodes])
          .filter((n): n is HTMLElement => n instanceof HTMLScriptElement || n instanceof HTMLLinkElement)
          .filter((n) => n.getAttribute('type') === 'module' || n.getAttribute('rel') === 'modulepreload')
          // Once the app runs, Vite's own helper preloads a lazy screen's code (its links say as="script").
          .filter((n) => n.getAttribute('as') === null)
          .map((n) => (n instanceof HTMLScriptElement ? 'script' : 'preload'));
        if (tags.length > 0) w.__added.push(tags);
      }).observe(document, { childList: true, subtree: true });
    });
    await m.page.goto('/home');
    await waitForAppScreen(m.page);
    const added = await m.page.evaluate(() => (window as unknown as { __added: string[][] }).__added);
    expect(added[0]![0]).toBe('script');
    expect(added.flat().filter((t) => t === 'preload').length).toBeGreaterThan(10);
    expect(Math.max(...added.map((batch) => batch.length))).toBeLessThanOrEqual(2);
  });

  it('the app takes over from the prerendered screen in place: nothing moves, one copy stays', async () => {
    m = await launchMobile();
    const cls = await watchLayoutShift(m.page);
    const doc = await m.page.goto('/book/1');
    expect(await doc!.text()).toMatch(/<div id="prerender">.*class="book-header-title"/s);

    await waitForAppScreen(m.page);
    await m.page.locator('#root .book-header-title').waitFor();
    expect(await m.page.locator('.book-header-title').count()).toBe(1);
    await m.page.waitForTimeout(1000);
    expect(await cls()).toBeLessThanOrEqual(0.02);
    // The app's own screen answers taps (the prerender's buttons had no code behind them).
    await m.page.locator('#root .catalogue-link').click();
    await m.page.waitForURL(/\/book\/1\/catalog/);
  });

  /**
   * Which of `later` were in #root when `first` came, and when the server's screen went. Read in the page
   * as #root changes: a mutation record is delivered in the task that made it, so what is missing when
   * `first` comes was rendered by a later task.
   */
  async function watchTakeover(page: Page, first: string, later: string[]) {
    await page.addInitScript(
      ([first, later]) => {
        const w = window as unknown as { __takeover: { withFirst?: string[]; atHandover?: string[] } };
        w.__takeover = {};
        const present = (root: Element) => later.filter((sel) => root.querySelector(sel));
        new MutationObserver(() => {
          const root = document.getElementById('root');
          if (!root) return;
          if (!w.__takeover.withFirst && root.querySelector(first)) w.__takeover.withFirst = present(root);
          if (w.__takeover.withFirst && !w.__takeover.atHandover && !document.getElementById('prerender'))
            w.__takeover.atHandover = present(root);
        }).observe(document, { childList: true, subtree: true });
      },
      [first, later] as const,
    );
    return async () => {
      await page.waitForFunction(
        () => (window as unknown as { __takeover: { atHandover?: string[] } }).__takeover.atHandover,
      );
      return page.evaluate(() => (window as unknown as { __takeover: object }).__takeover);
    };
  }

  it("a landing screen's app takes over in parts, each in a task of its own; the server's screen stays until all are in", async () => {
    m = await launchMobile();
    let seen = await watchTakeover(m.page, '.home-header', ['.home-nav', '.tabbar']);
    await m.page.goto('/home');
    expect(await seen()).toEqual({ withFirst: [], atHandover: ['.home-nav', '.tabbar'] });
    await m.close();

    // The reader's menu, fixed over the pages, comes after the reader's first render; the server's
    // screen is still up then.
    m = await launchMobile();
    seen = await watchTakeover(m.page, '.reader-body', ['.reader-top']);
    await m.page.goto('/book/read/1/1');
    expect(await seen()).toEqual({ withFirst: [], atHandover: ['.reader-top'] });
  });

  it("a video's page arrives with its title and poster: shown with none of the bundle, then the app's player takes over", async () => {
    m = await launchMobile();
    let held = true;
    await m.page.route('**/assets/*.js', async (r) => {
      while (held) await new Promise((res) => setTimeout(res, 50));
      await r.continue();
    });
    const paints = await watchLargestPaints(m.page);
    await m.page.goto('/vod/detail?vodId=1');
    const pre = m.page.locator('#prerender');
    await pre.locator('.vod-title').waitFor();
    await m.page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('#prerender .vod-slot-poster img');
      return !!img && img.src.startsWith('data:image/webp;base64,') && img.complete && img.naturalWidth > 0;
    });
    held = false;
    await m.page.locator('#root .ink-player, #root .vod-trial-end').first().waitFor({ timeout: 20_000 });
    await waitForAppScreen(m.page);
    // The app's poster takes the prerender's place at the same size: no later, larger paint.
    const imgs = (await paints()).filter((p) => p.tag === 'IMG');
    expect(imgs.length).toBeGreaterThan(0);
    expect(imgs.every((p) => p.inPrerender)).toBe(true);
  });

  it("a video's page keeps the danmu bar's place from the start: nothing under the player moves", async () => {
    m = await launchMobile();
    const { page } = m;
    const cls = await watchLayoutShift(page);
    await page.goto('/vod/detail?vodId=1');
    // The text's place on the screen, read in one go in the page: the server's copy may hand over to the
    // app's between two separate reads (a locator's box is null once its element has gone).
    const shownInfoY = () =>
      page
        .waitForFunction(() => {
          const info =
            document.querySelector('#prerender .vod-info') ?? document.querySelector('#root .vod-info');
          return info ? info.getBoundingClientRect().y : undefined;
        })
        .then((y) => y.jsonValue());
    const before = await shownInfoY();
    await page.locator('.ink-danmu-bar').waitFor();
    await page.waitForTimeout(1000);
    expect(await page.locator('#prerender').count()).toBe(0);
    expect(await shownInfoY()).toBe(before);
    expect(await cls()).toBeLessThanOrEqual(0.02);
  });
});
