/**
 * A phone on a weak network (Chromium network emulation: 400 Kbps down and up, 400 ms round trip),
 * 390×844:
 * - an uncached /home (new visitor): time until its first screen's text shows (the 每日更新 box's
 *   title and its books' titles, whoever painted them: the server's prerender or the app); target < 3 s;
 * - a chapter read before (service worker in control, chapter and pictures cached): time from opening
 *   it to its first image painted; target < 1 s.
 * Median of 3 tries each, every try in a fresh profile.
 *
 * Runnable alone: `npx tsx tests/bench/weak-network.ts` (builds when dist/ is stale, starts its own server);
 * WEAK_NETWORK_URL measures a server already running, WEAK_NETWORK_REFERENCE_URL another build in the same
 * run, try for try in turns.
 */
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { ListTitle } from '../../src/contract/messages/lists';
import { buildDist, distIsStale } from '../e2e/global-setup';
import { newPhone } from './phone.js';
import { startServer } from './server.js';
import { median } from './median.js';

const WEAK = { offline: false, latency: 400, downloadThroughput: 400_000 / 8, uploadThroughput: 400_000 / 8 };
const TRIES = 3;

/** Emulates the weak network for the page and, where it has one, its service worker. */
async function throttle(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', WEAK);
}

const firstReaderImage = (page: Page) =>
  page.waitForFunction(
    () => {
      const img = document.querySelector<HTMLImageElement>('.chapter-page img');
      return !!img && img.complete && img.naturalWidth > 0;
    },
    undefined,
    { timeout: 60_000, polling: 'raf' },
  );

async function homeText(url: string): Promise<number> {
  const p = await newPhone(url, { reducedMotion: 'reduce' });
  try {
    const page = await p.context.newPage();
    await throttle(p.context, page);
    const start = Date.now();
    await page.goto('/home', { waitUntil: 'commit' });
    await page.getByRole('heading', { name: ListTitle.day }).first().waitFor({ timeout: 60_000 });
    await page.locator('.book-small-title').first().waitFor({ timeout: 60_000 });
    return Date.now() - start;
  } finally {
    await p.close();
  }
}

async function chapterAgain(url: string): Promise<number> {
  const p = await newPhone(url, { reducedMotion: 'reduce' });
  try {
    const page = await p.context.newPage();
    // Read it once on a good connection, with the service worker in control so it keeps what it saw.
    await page.goto('/home');
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, {
      timeout: 60_000,
    });
    await page.goto('/book/read/1/1');
    await firstReaderImage(page);
    await page.waitForTimeout(1_000);
    await page.close();

    const again = await p.context.newPage();
    await throttle(p.context, again);
    const start = Date.now();
    await again.goto('/book/read/1/1', { waitUntil: 'commit' });
    await firstReaderImage(again);
    return Date.now() - start;
  } finally {
    await p.close();
  }
}

export interface WeakNetworkFigure {
  build: string;
  measure: string;
  medianMs: number;
  triesMs: string;
  targetMs: number;
}

export async function benchWeakNetwork(): Promise<WeakNetworkFigure[]> {
  const external = process.env.WEAK_NETWORK_URL;
  if (!external && distIsStale()) buildDist();
  const server = external ? null : await startServer();
  const builds: [string, string][] = [['this build', external ?? server!.url]];
  const reference = process.env.WEAK_NETWORK_REFERENCE_URL;
  if (reference) builds.push(['reference', reference]);
  try {
    const home = new Map<string, number[]>(builds.map(([b]) => [b, []]));
    const chapter = new Map<string, number[]>(builds.map(([b]) => [b, []]));
    // In turns, so a spell of a slower host falls on both builds alike.
    for (let i = 0; i < TRIES; i++) for (const [b, url] of builds) home.get(b)!.push(await homeText(url));
    for (let i = 0; i < TRIES; i++)
      for (const [b, url] of builds) chapter.get(b)!.push(await chapterAgain(url));
    return builds.flatMap(([b]) => [
      {
        build: b,
        measure: 'uncached /home: text content shown',
        medianMs: median(home.get(b)!),
        triesMs: home.get(b)!.join('/'),
        targetMs: 3000,
      },
      {
        build: b,
        measure: 'chapter read before: first image painted',
        medianMs: median(chapter.get(b)!),
        triesMs: chapter.get(b)!.join('/'),
        targetMs: 1000,
      },
    ]);
  } finally {
    await server?.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchWeakNetwork()
    .then((rows) => console.table(rows))
    .catch((err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    });
}
