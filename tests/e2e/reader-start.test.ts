/**
 * How the reader starts, on a 390×844 phone (no service worker, so every request is seen): the chapter
 * is asked for as the navigation starts, alongside the reader's code rather than after it; a locked
 * chapter is asked for once per visit (the answer the buy dialog acts on is not asked again), and again
 * on the next visit.
 */
import type { Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../src/contract';
import {
  dismissDialogs,
  launchMobile,
  waitForAppScreen,
  waitForFirstPage,
  waitForServiceWorker,
  type Mobile,
} from './helpers';

let m: Mobile;
let free: { bookId: number; number: number };
let locked: { bookId: number; number: number; title: string };

beforeAll(async () => {
  m = await launchMobile({ serviceWorkers: 'block' });
  await m.page.goto('/home');
  await dismissDialogs(m.page);
  ({ free, locked } = await m.page.evaluate(async () => {
    let f: { bookId: number; number: number } | undefined;
    let l: { bookId: number; number: number; title: string } | undefined;
    for (let id = 1; id <= 60 && !(f && l); id++) {
      const res = await fetch(`/api/book/detail/${id}`);
      if (!res.ok) continue;
      const body = (await res.json()) as {
        data: { chapterList: { number: number; price: number; title: string }[] } | null;
      };
      for (const c of body.data?.chapterList ?? []) {
        if (!f && c.price === 0) f = { bookId: id, number: c.number };
        if (!l && c.price > 0) l = { bookId: id, number: c.number, title: c.title };
      }
    }
    if (!f || !l) throw new Error('no demo book with a free and a priced chapter');
    return { free: f, locked: l };
  }));
});
afterAll(async () => {
  await m?.close();
});

const isChapterCall = (r: Request) => r.url().includes('/api/book/read_chapter');

describe('reader start', () => {
  it("asks for the chapter while the reader's code is still on its way", async () => {
    let chapterAskedAt = 0;
    let codeReleasedAt = 0;
    const onRequest = (r: Request) => {
      if (isChapterCall(r) && !chapterAskedAt) chapterAskedAt = Date.now();
    };
    m.page.on('request', onRequest);
    // The reader's chunk is held back 1.5 s: a chapter asked for only once the reader runs comes after.
    await m.page.route(/\/assets\/ReaderPage-[^/]+\.js$/, async (route) => {
      await new Promise((r) => setTimeout(r, 1_500));
      codeReleasedAt = Date.now();
      await route.continue();
    });
    try {
      await m.page.goto(`/book/read/${free.bookId}/${free.number}`);
      // The app's own screen (a first visit's page may show the server's copy before the app runs).
      await m.page.locator('#root .chapter-page img').first().waitFor({ timeout: 15_000 });
      expect(codeReleasedAt).toBeGreaterThan(0);
      expect(chapterAskedAt).toBeGreaterThan(0);
      expect(chapterAskedAt).toBeLessThan(codeReleasedAt);
    } finally {
      m.page.off('request', onRequest);
      await m.page.unrouteAll();
    }
  });

  it('asks for a locked chapter once per visit, and again on the next visit', async () => {
    let asked = 0;
    const onRequest = (r: Request) => {
      if (isChapterCall(r) && r.url().includes(`bookId=${locked.bookId}&number=${locked.number}`)) asked++;
    };
    m.page.on('request', onRequest);
    try {
      const visit = async () => {
        await m.page.goto(`/book/read/${locked.bookId}/${locked.number}`);
        await m.page.getByRole('dialog').first().waitFor({ timeout: 15_000 });
        // Long enough for a second ask (a retry on mount comes within a frame or two).
        await m.page.waitForTimeout(1_000);
      };
      await visit();
      expect(asked).toBe(1);
      // In-app, the answer kept in memory: close the dialog, open the catalogue, tap the chapter again.
      await m.page.keyboard.press('Escape');
      await m.page.getByRole('dialog').first().waitFor({ state: 'detached', timeout: 5_000 });
      await m.page.getByRole('link', { name: '目录' }).click();
      await m.page
        .getByRole('link', { name: new RegExp(locked.title) })
        .first()
        .click();
      await m.page.getByRole('dialog').first().waitFor({ timeout: 15_000 });
      await m.page.waitForTimeout(1_000);
      expect(asked).toBe(2);
      await visit();
      expect(asked).toBe(3);
    } finally {
      m.page.off('request', onRequest);
    }
  });
});

describe('reader start on a first visit', () => {
  it('shows a free chapter from the page itself while the visitor is still being registered', async () => {
    const fresh = await launchMobile({ serviceWorkers: 'block' });
    try {
      // Registration takes 4 s: the reader's own chapter call (which needs the session) waits for it.
      let registered = false;
      await fresh.context.route(/\/api\/user\/register/, async (route) => {
        await new Promise((r) => setTimeout(r, 4_000));
        registered = true;
        await route.continue();
      });
      const chapterCalls: string[] = [];
      fresh.page.on('request', (r) => {
        if (isChapterCall(r)) chapterCalls.push(r.url());
      });
      await fresh.page.goto(`/book/read/${free.bookId}/${free.number}`);
      await waitForFirstPage(fresh.page, 4_000);
      expect(registered).toBe(false);
      // Then the reader's own call, with the new session, counts the read; the app's screen takes over.
      await expect
        .poll(() => chapterCalls.some((u) => u.includes(`bookId=${free.bookId}&number=${free.number}`)), {
          timeout: 15_000,
        })
        .toBe(true);
      await waitForAppScreen(fresh.page, 10_000);
      await waitForFirstPage(fresh.page);
    } finally {
      await fresh.close();
    }
  });
});

describe('reader start on a repeat visit', () => {
  it("has the reader's code ready before any chapter is opened", async () => {
    const sw = await launchMobile();
    try {
      await sw.page.goto('/home');
      await waitForServiceWorker(sw.page);
      // The first visit has no worker in control, so nothing extra was fetched; a repeat visit does it.
      const readerCode = () =>
        sw.page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .some((r) => /\/assets\/ReaderPage-[^/]+\.js$/.test(r.name)),
        );
      expect(await readerCode()).toBe(false);
      await sw.page.reload();
      await sw.page.waitForFunction(
        () =>
          performance
            .getEntriesByType('resource')
            .some((r) => /\/assets\/ReaderPage-[^/]+\.js$/.test(r.name)),
        undefined,
        { timeout: 15_000, polling: 250 },
      );
      expect(new URL(sw.page.url()).pathname).toBe('/home');
    } finally {
      await sw.close();
    }
  });

  it("shows a chapter kept on the phone before the server's slow answer, which then judges it", async () => {
    const sw = await launchMobile();
    try {
      await sw.page.goto('/home');
      await waitForServiceWorker(sw.page);
      // Read once: the worker keeps the chapter's answer and its pictures.
      await sw.page.goto(`/book/read/${free.bookId}/${free.number}`);
      await waitForFirstPage(sw.page);
      await sw.page.goto('/home');

      // The server's answers now take 2.5 s (under the worker's 3 s wait for the network), then say the
      // chapter is gone: the kept one shows meanwhile, and the server's word replaces it.
      let held = 0;
      let answered = false;
      await sw.context.route(/\/api\/book\/read_chapter/, async (route) => {
        held++;
        await new Promise((r) => setTimeout(r, 2_500));
        answered = true;
        await route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({ result: false, code: Code.NO_CHAPTER, msg: '章节不存在', data: null }),
        });
      });
      await sw.page.goto(`/book/read/${free.bookId}/${free.number}`);
      await waitForFirstPage(sw.page);
      expect(held).toBeGreaterThan(0);
      expect(answered).toBe(false);
      await sw.page.locator('.chapter-page img').first().waitFor({ state: 'detached', timeout: 10_000 });
      expect(answered).toBe(true);
    } finally {
      await sw.close();
    }
  });
});
