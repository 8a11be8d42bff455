import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { PRERENDER_ELEMENT_ID } from '../../src/contract';
import { CHROMIUM_ARGS, CHROMIUM_PATH, phoneContext } from '../bench/phone';

export const baseUrl = () => inject('baseUrl');

export interface Mobile {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  close: () => Promise<void>;
}

/**
 * Chromium as the benches' 390×844 phone (bench/phone.ts), service workers allowed, a fresh profile
 * and address each time (a new visitor).
 */
export async function launchMobile(
  opts: {
    userAgent?: string;
    reducedMotion?: boolean;
    serviceWorkers?: 'allow' | 'block';
    /** More Chromium flags (e.g. an autoplay policy). */
    args?: string[];
    /** Another server than the suite's (a test that starts its own). */
    baseUrl?: string;
  } = {},
): Promise<Mobile> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...(opts.args ?? [])],
  });
  const context = await browser.newContext(
    phoneContext(opts.baseUrl ?? baseUrl(), {
      ...(opts.userAgent ? { userAgent: opts.userAgent } : {}),
      // 'block' lets page.route see every request (a service worker would answer some itself).
      serviceWorkers: opts.serviceWorkers ?? 'allow',
      reducedMotion: opts.reducedMotion === false ? 'no-preference' : 'reduce',
    }),
  );
  const page = await context.newPage();
  // Browser-side errors show up in the test output.
  page.on('pageerror', (err) => console.error('[pageerror]', err.message));
  return { browser, context, page, close: () => browser.close() };
}

/** Resolves once a service worker is active and controls the page. */
export async function waitForServiceWorker(page: Page, timeoutMs = 60_000): Promise<void> {
  // Synchronous predicate: waitForFunction would take a returned Promise as a truthy value.
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, {
    timeout: timeoutMs,
    polling: 250,
  });
}

/** Whether every <img> under `selector` has loaded a real picture. */
export function imagesLoaded(page: Page, selector: string): Promise<number[]> {
  return page.$$eval(selector, (imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth));
}

/** Closes whatever dialogs a screen opened by itself (daily sign-in, pay result…) with Escape. */
export async function dismissDialogs(page: Page, waitMs = 1500): Promise<void> {
  const dialog = page.locator('[role="dialog"][aria-modal="true"]');
  await dialog
    .first()
    .waitFor({ timeout: waitMs })
    .catch(() => undefined);
  for (let i = 0; i < 5 && (await dialog.count()) > 0; i++) {
    // It may close by itself between the count and the focus.
    const open = await dialog
      .first()
      .elementHandle({ timeout: 1_000 })
      .catch(() => null);
    if (!open) continue;
    const focused = await open
      .focus()
      .then(() => true)
      .catch(() => false);
    if (focused) await page.keyboard.press('Escape');
    // This dialog gone (closing animations included); another may have opened meanwhile (the loop).
    await open.waitForElementState('hidden', { timeout: 5_000 }).catch(() => undefined);
    await open.dispose();
  }
}

/**
 * Resolves once the app's own screen shows. A landing page arrives with the server's copy of its first
 * screen in #prerender while the app renders the same screen unseen into #root; for a frame or two
 * before they swap the document holds both, so counting elements then counts them twice.
 */
export async function waitForAppScreen(page: Page, timeoutMs = 20_000): Promise<void> {
  await page.waitForFunction((id) => !document.getElementById(id), PRERENDER_ELEMENT_ID, {
    timeout: timeoutMs,
    polling: 100,
  });
}

/**
 * Scrolls through the open chapter until every page's picture has decoded; answers their widths (a
 * placeholder has another width than the picture).
 */
export async function showEveryPage(page: Page): Promise<number[]> {
  const pictures = page.locator('.chapter-page img');
  await pictures.first().waitFor({ timeout: 20_000 });
  await waitForAppScreen(page);
  const count = await pictures.count();
  for (let i = 0; i < count; i++) {
    await pictures.nth(i).scrollIntoViewIfNeeded();
    await page.waitForFunction(
      (k) => {
        const img = document.querySelectorAll<HTMLImageElement>('.chapter-page img')[k];
        return !!img && img.complete && img.naturalWidth > 0;
      },
      i,
      { timeout: 20_000, polling: 100 },
    );
  }
  return pictures.evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth));
}

/** Resolves once the reader's first page picture is decoded. */
export async function waitForFirstPage(page: Page, timeoutMs = 20_000): Promise<void> {
  await page.waitForFunction(
    () => {
      const img = document.querySelector<HTMLImageElement>('.chapter-page img');
      return !!img && img.complete && img.naturalWidth > 0;
    },
    undefined,
    { timeout: timeoutMs, polling: 100 },
  );
}

/**
 * The video player built. Where the browser refused sound without a tap when the page asked, the player
 * waits behind its poster and prompt (data-state="waiting"), as on a phone: the prompt is tapped.
 * (Headless Chromium lets sound play once Playwright has evaluated anything in the page, so which one a
 * test meets depends on timing; tests of the waiting page itself give the page a phone's rule.)
 */
export async function playerUp(page: Page, timeout = 30_000): Promise<void> {
  await tapIfWaiting(page, timeout);
  await page.locator('.ink-player[data-state="ready"]').waitFor({ timeout });
}

/** Once the page knows whether the player waits for a tap (see playerUp), taps it if it does. */
export async function tapIfWaiting(page: Page, timeout = 30_000): Promise<void> {
  const settled = page.locator(
    '.ink-player[data-state="ready"], .ink-player[data-state="waiting"], .ink-player[data-state="error"]',
  );
  await settled.first().waitFor({ timeout });
  const waiting = page.locator('.ink-player[data-state="waiting"]');
  if (await waiting.count()) await waiting.locator('.ink-autoplay').click();
}

/** Sums the page's unexpected layout shifts from its first paint; the returned function reads the sum. */
export async function watchLayoutShift(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!e.hadRecentInput) w.__cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { __cls: number }).__cls);
}

/** Closes a closable advert or waits out a start advert (another part of the player adds them). */
export async function clearAdverts(page: Page) {
  const ad = page.locator('[data-player-ad]');
  for (let i = 0; i < 20 && (await ad.count()) > 0; i++) {
    const close = page.getByRole('button', { name: '关闭广告' });
    if (await close.count())
      await close
        .first()
        .click({ timeout: 2_000 })
        .catch(() => undefined);
    else
      await ad
        .first()
        .waitFor({ state: 'detached', timeout: 15_000 })
        .catch(() => undefined);
  }
}
