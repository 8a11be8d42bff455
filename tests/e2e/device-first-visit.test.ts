/**
 * A first visit from a link: the device has no database yet, so the comic home answers "not on the
 * shelf, never read, nothing downloaded" without loading Dexie (lib/device/db-exists.ts); the first
 * write makes the database and the screen follows it live from then. The same holds for a chapter's
 * auto-buy flag and a video's kept ads; a chapter's history entry waits for the app's screen and an
 * idle moment.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DownloadText, Msg } from '../../src/contract';
import { launchMobile, type Mobile } from './helpers';

let m: Mobile;
beforeAll(async () => {
  // Blocked so every script the page asks for reaches page.on('response').
  m = await launchMobile({ serviceWorkers: 'block' });
});
afterAll(() => m.close());

/**
 * When the script holding Dexie was asked for (ms since the epoch), once it has arrived (one of Dexie's
 * error names is in its code).
 */
function watchDexieScript(page: Page): () => number | undefined {
  let askedAt: number | undefined;
  page.on('response', (r) => {
    if (!/\/assets\/.*\.js$/.test(r.url())) return;
    void r
      .text()
      .then((body) => {
        if (body.includes('DatabaseClosedError')) askedAt = r.request().timing().startTime;
      })
      .catch(() => undefined);
  });
  return () => askedAt;
}

/** Whether a script holding Dexie has arrived. */
function watchDexie(page: Page): () => boolean {
  const script = watchDexieScript(page);
  return () => script() !== undefined;
}

describe('device storage on a first visit', () => {
  it('the comic home shows its device state without Dexie, and follows the shelf from the first tap', async () => {
    const dexie = watchDexie(m.page);
    await m.page.goto('/book/1');
    const add = m.page.locator('#root').getByRole('button', { name: Msg.addShelf });
    await add.waitFor();
    await m.page.locator('#root').getByRole('link', { name: Msg.startReading }).waitFor();
    // Idle work after the first paint (agents, prefetches) has had its time too.
    await m.page.waitForTimeout(3000);
    expect(dexie()).toBe(false);

    await add.click();
    await m.page.locator('#root').getByRole('button', { name: Msg.removeShelf }).waitFor();
    expect(dexie()).toBe(true);
    await m.page.reload();
    await m.page.locator('#root').getByRole('button', { name: Msg.removeShelf }).waitFor();
  });

  it('a chapter opened from a link takes over without Dexie, and is in the history afterwards', async () => {
    const phone = await launchMobile({ serviceWorkers: 'block' });
    try {
      const { page } = phone;
      const dexie = watchDexieScript(page);
      // When the server's screen went (ms since the epoch), read by the page itself then.
      await page.addInitScript(() => {
        const w = window as unknown as { __handoverAt?: number };
        new MutationObserver(() => {
          if (
            !w.__handoverAt &&
            document.getElementById('root')?.firstChild &&
            !document.getElementById('prerender')
          )
            w.__handoverAt = performance.timeOrigin + performance.now();
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto('/book/read/1/1');
      await page.locator('#root .chapter-pages').waitFor();
      await page.waitForFunction(() => (window as unknown as { __handoverAt?: number }).__handoverAt);
      await page.waitForFunction(
        () =>
          new Promise<boolean>((resolve) => {
            const open = indexedDB.open('inkreel');
            open.onerror = () => resolve(false);
            open.onsuccess = () => {
              const db = open.result;
              if (!db.objectStoreNames.contains('history')) return resolve(db.close() ?? false);
              const get = db.transaction('history').objectStore('history').get(1);
              get.onsuccess = () => resolve((get.result as { number?: number } | undefined)?.number === 1);
              get.onerror = () => resolve(false);
            };
          }),
        undefined,
        { polling: 250, timeout: 10_000 },
      );
      // The script's body is read after its response: it may come a moment after the write.
      await expect.poll(dexie).toBeDefined();
      // The auto-buy flag, asked as the reader starts, is "off" on a device with no database; the first
      // thing that needs Dexie, the history entry, is written once the app's screen shows and the page
      // is idle (without that wait, it was asked for tens of ms before the server's screen went).
      const handoverAt = await page.evaluate(
        () => (window as unknown as { __handoverAt: number }).__handoverAt,
      );
      expect(dexie()).toBeGreaterThan(handoverAt);
    } finally {
      await phone.close();
    }
  });

  it('a video opened from a link plays without Dexie until its trial counts a second', async () => {
    const phone = await launchMobile({ serviceWorkers: 'block' });
    try {
      const { page } = phone;
      const dexie = watchDexie(page);
      await page.goto('/vod/detail?vodId=1');
      // Muted, it starts by itself; the trial's first second is the first thing the device keeps.
      await page.waitForFunction(
        () => {
          const v = document.querySelector<HTMLVideoElement>('#root video');
          return !!v && !v.paused && v.currentTime > 0;
        },
        undefined,
        { timeout: 20_000 },
      );
      expect(dexie()).toBe(false);
    } finally {
      await phone.close();
    }
  });

  it('the comic home shows a first download as it lands, without being opened again', async () => {
    const phone = await launchMobile();
    try {
      const { page } = phone;
      await page.goto('/book/1');
      const root = page.locator('#root');
      await root.getByRole('button', { name: Msg.addShelf }).waitFor();
      // Answered "nothing downloaded" without the downloads database: no row for this book yet.
      expect(await root.getByText(DownloadText.bookDownloaded(2)).count()).toBe(0);
      await root.getByRole('button', { name: DownloadText.download }).click();
      const chooser = page.getByRole('dialog', { name: DownloadText.chooserTitle });
      // The two free chapters are what a new visitor can read.
      await chooser.getByText(DownloadText.allReadable(2)).waitFor({ timeout: 15_000 });
      await chooser.getByRole('button', { name: DownloadText.start }).click();
      await root.getByText(DownloadText.bookDownloaded(2)).waitFor({ timeout: 30_000 });
    } finally {
      await phone.close();
    }
  });
});
