/**
 * Downloads for offline reading (issue 13), as a new visitor on a 390×844 phone: buy chapters 3 and 4 with
 * coins earned through the real sign-in and binding calls, download every readable chapter of the book
 * (free 1 and 2, bought 3 and 4: a long download, partly by Background Fetch) from the comic home on a
 * slow network, reload mid-download and see it resume without fetching stored pages again, reach 100%;
 * then with no network and the reading cache cleared, open each chapter from the downloads screen and
 * from the catalogue with all its pictures; the paid chapter 5 is never downloaded; deleting the book
 * brings the used space down; downloading it again in one go, the chapters the browser fetched are
 * finished by the service worker and the open downloads screen follows them to 100%.
 */
import type { CDPSession, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AccountText, DownloadText, DOWNLOAD_FETCH_HEADER, Msg } from '../../src/contract';
import { bindMobileInApp } from './bind-mobile';
import { readRecords } from './device-records';
import {
  baseUrl,
  dismissDialogs,
  launchMobile,
  showEveryPage,
  waitForServiceWorker,
  type Mobile,
} from './helpers';

let m: Mobile;
let page: Page;
let target: { id: number; title: string; prices: number[] };
/** Picture URLs the page fetched to download them (the download header set). */
const downloadFetches: string[] = [];

async function dialog(name: string | RegExp): Promise<Locator> {
  const d = page.getByRole('dialog', { name });
  await d.waitFor({ timeout: 15_000 });
  return d;
}

/** Waits until every picture of chapter `n` has decoded, scrolling through it; answers their widths. */
async function allPagesShown(n: number): Promise<number[]> {
  await page.waitForURL(new RegExp(`/book/read/${target.id}/${n}$`), { timeout: 15_000 });
  return showEveryPage(page);
}

/** The downloads screen's overall line: done and total chapters. */
async function overall(): Promise<[number, number]> {
  const t = (await page.getByTestId('dl-overall').textContent()) ?? '';
  const m2 = /已下载 (\d+)\/(\d+) 话/.exec(t);
  return m2 ? [Number(m2[1]), Number(m2[2])] : [0, 0];
}

const usedText = () => page.getByTestId('dl-used').innerText();

beforeAll(async () => {
  m = await launchMobile();
  page = m.page;
  page.on('request', (r) => {
    if (r.headers()[DOWNLOAD_FETCH_HEADER] === '1') downloadFetches.push(r.url());
  });
  await page.goto('/home');
  // The new visitor's daily sign-in dialog: sign in (day 1 gives coins), then close it.
  const sign = await dialog(AccountText.signTitle);
  await sign.getByRole('button', { name: AccountText.signNow }).click();
  await sign.getByRole('status').waitFor();
  await sign.getByRole('button', { name: AccountText.close }).click();
  await sign.waitFor({ state: 'detached' });
  await waitForServiceWorker(page);
  // A book whose chapters 1–2 are free and 3 and 4 together cost what the visitor will have; 5 is paid too.
  target = await page.evaluate(async () => {
    for (let id = 1; id <= 64; id++) {
      const res = await fetch(`/api/book/detail/${id}`);
      if (!res.ok) continue;
      const body = (await res.json()) as {
        data: { book: { title: string }; chapterList: { number: number; price: number }[] };
      };
      const prices = body.data.chapterList.map((c) => c.price);
      const [p1, p2, p3, p4, p5] = prices;
      if (p1 === 0 && p2 === 0 && p3! > 0 && p4! > 0 && p3! + p4! <= 45 && p5! > 0)
        return { id, title: body.data.book.title, prices };
    }
    throw new Error('no suitable demo book');
  });
  await bindMobileInApp(page, `13${String(Date.now()).slice(-9)}`);
  await page.getByRole('alertdialog', { name: Msg.bindSuccess }).waitFor();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    await page
      .screenshot({ path: `/tmp/downloads-e2e-${ctx.task.name.slice(0, 20).replace(/\W+/g, '_')}.png` })
      .catch(() => undefined);
});
afterAll(async () => {
  await m?.close();
});

describe('downloads for offline reading', () => {
  it('buys chapters 3 and 4 with the coins earned', async () => {
    for (const n of [3, 4]) {
      await page.goto(`/book/read/${target.id}/${n}`);
      const buy = page.getByRole('dialog').filter({ hasText: Msg.buyChapter });
      await buy.waitFor({ timeout: 15_000 });
      await buy.getByRole('button', { name: Msg.buyChapter }).click();
      const alert = page.getByRole('alertdialog', { name: Msg.buySuccess });
      await alert.waitFor({ timeout: 15_000 });
      await alert.click();
      await alert.waitFor({ state: 'detached' });
    }
  });

  it('downloads the readable chapters from the comic home on a slow network, resuming after a reload', async () => {
    await page.goto(`/book/${target.id}`);
    // 继续阅读 (chapter 3 was just opened): not now.
    await dismissDialogs(page);
    await page.getByRole('button', { name: DownloadText.download }).click();
    const chooser = await dialog(DownloadText.chooserTitle);
    // Free 1 and 2, bought 3 and 4: the other paid chapters are named and left out.
    await chooser.getByText(DownloadText.allReadable(4)).waitFor({ timeout: 15_000 });
    await chooser.getByText(DownloadText.skippedPaid(target.prices.length - 4)).waitFor();

    // A slow connection (about 400 Kbps) so the reload lands mid-download.
    const cdp: CDPSession = await m.context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 200,
      downloadThroughput: 50_000,
      uploadThroughput: 50_000,
    });
    await chooser.getByRole('button', { name: DownloadText.start }).click();
    await page.getByText(DownloadText.queued(4)).first().waitFor();

    await page.goto('/user/downloads');
    await page.getByTestId('dl-overall').waitFor({ timeout: 15_000 });
    // Some pictures stored, not all: reload.
    await page.waitForFunction(
      () => document.querySelectorAll('[data-state="running"], [data-state="done"]').length > 0,
      undefined,
      { timeout: 60_000 },
    );
    await page.waitForFunction(
      () => {
        const t = document.querySelector('[data-state="running"] .dl-chapter-state')?.textContent ?? '';
        return /下载中 [1-9]\d?%/.test(t) || document.querySelectorAll('[data-state="done"]').length > 0;
      },
      undefined,
      { timeout: 60_000, polling: 100 },
    );
    const [doneBefore] = await overall();
    expect(doneBefore).toBeLessThan(4);
    const storedBefore = await page.evaluate(async () => {
      const c = await caches.open('inkreel-downloads');
      return (await c.keys()).map((k) => k.url).filter((u) => u.endsWith('.img'));
    });
    expect(storedBefore.length).toBeGreaterThan(0);
    const fetchesBefore = downloadFetches.length;
    await page.reload();
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    // It resumes by itself and reaches 100%.
    await page.getByTestId('dl-overall').waitFor({ timeout: 15_000 });
    await page.waitForFunction(
      () => /已下载 4\/4 话/.test(document.querySelector('[data-testid="dl-overall"]')?.textContent ?? ''),
      undefined,
      { timeout: 90_000, polling: 200 },
    );
    expect(
      await page.getByRole('progressbar', { name: DownloadText.progressLabel }).getAttribute('aria-valuenow'),
    ).toBe('100');
    // Pages stored before the reload were not fetched again.
    const after = downloadFetches.slice(fetchesBefore);
    expect(after.filter((u) => storedBefore.includes(u))).toEqual([]);
    expect(await page.locator('[data-state="done"]').count()).toBe(4);
    await page.screenshot({ path: '/tmp/downloads-screen.png', fullPage: true });
  });

  it('never downloads a paid chapter not bought; a long download went by Background Fetch', async () => {
    const stored = await page.evaluate(async () => {
      const c = await caches.open('inkreel-downloads');
      return (await c.keys())
        .map((k) => new URL(k.url).pathname)
        .filter((p) => p.startsWith('/__downloads/'));
    });
    expect(stored.sort()).toEqual([1, 2, 3, 4].map((n) => `/__downloads/chapter/${target.id}/${n}`));
    expect(downloadFetches.length).toBeGreaterThan(0);
    // The queue's byte counts are what the cache holds for each chapter (pictures and answer).
    const sizes = await page.evaluate(async () => {
      const items = await new Promise<
        Array<{ id: string; bytes: number; urls: string[]; bookId: number; number: number }>
      >((resolve, reject) => {
        const open = indexedDB.open('inkreel-downloads');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const q = open.result.transaction('items').objectStore('items').getAll();
          q.onsuccess = () => {
            resolve(q.result);
            open.result.close();
          };
        };
      });
      const cache = await caches.open('inkreel-downloads');
      const out: Array<[[number, string[]], number]> = [];
      for (const i of items) {
        let sum = 0;
        const keys = [...i.urls, `/__downloads/chapter/${i.bookId}/${i.number}`];
        for (const k of keys)
          sum += (await (await cache.match(new URL(k, location.href).href))!.arrayBuffer()).byteLength;
        out.push([[i.bytes, i.urls], sum] as [[number, string[]], number]);
      }
      return out;
    });
    expect(sizes).toHaveLength(4);
    for (const [counted, held] of sizes) expect(counted[0]).toBe(held);
    // Four chapters waiting is a long download: Chromium's Background Fetch brought the pictures of at
    // least one chapter (the page fetched none of them itself).
    expect(
      sizes.some(([c]) => c[1].every((u) => !downloadFetches.includes(new URL(u, baseUrl()).href))),
    ).toBe(true);
  });

  it('opens each chapter offline from the downloads screen and from the catalogue, reading cache cleared', async () => {
    const { context } = m;
    await context.setOffline(true);
    try {
      // Clearing the reading cache (or its eviction) leaves downloads alone.
      await page.evaluate(async () => {
        await caches.delete('inkreel-images');
        await caches.delete('inkreel-api');
      });
      for (const n of [1, 2, 3, 4]) {
        await page.goto('/user/downloads');
        const book = page.getByRole('region', { name: target.title });
        await book.getByRole('link', { name: new RegExp(`^第${n}话`) }).click();
        const widths = await allPagesShown(n);
        expect(widths.length).toBeGreaterThan(0);
        expect(widths.every((w) => w > 0)).toBe(true);
      }
      for (const n of [1, 2, 3, 4]) {
        await page.goto(`/book/${target.id}/catalog?title=${encodeURIComponent(target.title)}`);
        await page
          .getByRole('link', { name: new RegExp(`^第${n}话.* ${DownloadText.badge}$`) })
          .click({ timeout: 15_000 });
        await allPagesShown(n);
      }
      // Chapter 5 is in the catalogue without the badge.
      await page.goto(`/book/${target.id}/catalog?title=${encodeURIComponent(target.title)}`);
      const row4 = page.getByRole('link', { name: /^第5话/ });
      await row4.waitFor();
      expect(await row4.getAttribute('aria-label')).not.toContain(DownloadText.badge);
    } finally {
      await context.setOffline(false);
    }
  });

  it('deletes the book and the used space drops', async () => {
    await page.goto('/user/downloads');
    await page.getByRole('region', { name: target.title }).waitFor();
    const before = await usedText();
    expect(before).not.toContain(' 0 KB');
    await page.getByRole('button', { name: DownloadText.deleteBook }).click();
    const confirm = await dialog(DownloadText.deleteBook);
    await confirm.getByRole('button', { name: Msg.confirm }).click();
    await page.getByText(DownloadText.empty).waitFor({ timeout: 15_000 });
    expect(await usedText()).toMatch(new RegExp(`^${DownloadText.storageUsed('0 KB')}(，|$)`));
    // Its files go right after its rows: nothing of it stays in the downloads cache.
    await expect
      .poll(
        () =>
          page.evaluate(async () =>
            (await (await caches.open('inkreel-downloads')).keys()).map((k) => new URL(k.url).pathname),
          ),
        { timeout: 10_000 },
      )
      .toEqual([]);
  });

  it('downloads the book again in one go: the worker finishes what the browser fetched, the open screen follows', async () => {
    await page.goto(`/book/${target.id}/catalog?title=${encodeURIComponent(target.title)}&pick=1`);
    await page.getByRole('button', { name: DownloadText.selectAllReadable }).click({ timeout: 15_000 });
    const fetchesBefore = downloadFetches.length;
    // Marks this document: the chapters are followed to their end without a reload (the picker opens
    // the downloads screen in the app).
    await page.evaluate(() => ((window as unknown as { e2eDocument: number }).e2eDocument = 1));
    await page.getByRole('button', { name: DownloadText.downloadPicked(4) }).click();
    await page.waitForURL(/\/user\/downloads$/, { timeout: 15_000 });
    await page.waitForFunction(
      () => /已下载 4\/4 话/.test(document.querySelector('[data-testid="dl-overall"]')?.textContent ?? ''),
      undefined,
      { timeout: 90_000, polling: 200 },
    );
    expect(await page.evaluate(() => (window as unknown as { e2eDocument?: number }).e2eDocument)).toBe(1);
    const items = await readRecords<{ id: string; state: string; urls: string[]; background?: boolean }>(
      page,
      'inkreel-downloads',
      'items',
    );
    expect(items.map((i) => i.state)).toEqual(['done', 'done', 'done', 'done']);
    // Four chapters waiting is a long download: the browser fetched at least one chapter's pictures (the
    // page fetched none of them), and only the service worker can have marked that one done — the page
    // waits for the database to say so and never finishes a chapter it handed over.
    const fetched = new Set(downloadFetches.slice(fetchesBefore));
    const byBrowser = items.filter((i) => i.urls.every((u) => !fetched.has(new URL(u, baseUrl()).href)));
    expect(byBrowser.length).toBeGreaterThan(0);
    expect(items.every((i) => i.background === undefined)).toBe(true);
  });
});
