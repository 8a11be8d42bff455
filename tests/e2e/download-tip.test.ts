import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { HomeText } from '../../src/contract';
import { newPhone, PHONE_UA } from '../bench/phone';
import { startServer, type RunningServer } from '../bench/server';
import { SHELL_UA_MARKER } from '../../src/app/lib/app-type';
import { dismissDialogs, waitForAppScreen, watchLayoutShift } from './helpers';

/**
 * Home's download tip where a download link is configured (the demo has none): a server of the same
 * build and data, with the link set. The tip is in the first screen the page arrives with, so it never
 * pushes the page down when it comes (it came with the common info, after the first screen was up);
 * a visitor who closed it (cookie, spec §3) gets a first screen without it.
 */
const LINK = 'https://example.com/inkreel.apk';
const dataDir = inject('dataDir');
const distDir = inject('distDir');
let server: RunningServer | undefined;

beforeAll(async () => {
  if (!dataDir) return;
  server = await startServer({
    dataDir,
    env: { DIST_DIR: distDir, DATABASE_URL: '', APP_DOWNLOAD_URL: LINK, SCRYPT_COST_LOG2: '12' },
  });
  // Its prerender worker loaded, so the pages below arrive rendered within the server's budget.
  await fetch(`${server.url}/home`, { headers: { accept: 'text/html', 'user-agent': PHONE_UA } });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

/** The document as it arrived, and the page once the app has taken over from its first screen. */
async function openHome(page: Page): Promise<string> {
  const doc = await page.goto('/home');
  const html = await doc!.text();
  // Every check below is of the server's first screen: a page that went out without one proves nothing.
  expect(html).toContain('<div id="prerender">');
  await waitForAppScreen(page);
  await page.locator('#root .home-search').waitFor();
  return html;
}
const tipIn = (html: string) => /<div id="prerender">.*class="download-banner"/s.test(html);

describe.skipIf(!dataDir)('the download tip, with a download link configured', () => {
  it('arrives in the first screen, and nothing moves when the app takes over', async () => {
    const phone = await newPhone(server!.url, { serviceWorkers: 'block' });
    try {
      const page = await phone.context.newPage();
      const cls = await watchLayoutShift(page);
      expect(tipIn(await openHome(page))).toBe(true);
      const tip = page.getByRole('region', { name: HomeText.download });
      expect(await tip.getByRole('link', { name: HomeText.downloadNow }).getAttribute('href')).toBe(LINK);
      await page.waitForTimeout(1_000);
      expect(await cls()).toBeLessThanOrEqual(0.02);
      await dismissDialogs(page);
      expect(await tip.count()).toBe(1);
    } finally {
      await phone.close();
    }
  });

  it('is in no first screen inside our app shell (the shell installs nothing)', async () => {
    const phone = await newPhone(server!.url, {
      serviceWorkers: 'block',
      userAgent: `${PHONE_UA} ${SHELL_UA_MARKER}/2`,
    });
    try {
      const page = await phone.context.newPage();
      const cls = await watchLayoutShift(page);
      expect(tipIn(await openHome(page))).toBe(false);
      await page.waitForTimeout(1_500);
      expect(await page.getByRole('region', { name: HomeText.download }).count()).toBe(0);
      expect(await cls()).toBeLessThanOrEqual(0.02);
    } finally {
      await phone.close();
    }
  });

  it('once closed, stays closed for 100 days (spec §3 cookie): the next first screen is without it', async () => {
    const phone = await newPhone(server!.url, { serviceWorkers: 'block' });
    try {
      const page = await phone.context.newPage();
      const cls = await watchLayoutShift(page);
      await openHome(page);
      await dismissDialogs(page);
      const tip = page.getByRole('region', { name: HomeText.download });
      await tip.getByRole('button', { name: HomeText.closeDownload }).click();
      await tip.waitFor({ state: 'detached' });
      const cookie = (await phone.context.cookies()).find((c) => c.name === 'downloadTip');
      expect(cookie?.value).toBe('1');
      expect((cookie!.expires * 1000 - Date.now()) / 86_400_000).toBeGreaterThan(99);

      expect(tipIn(await openHome(page))).toBe(false);
      await page.waitForTimeout(1_500);
      expect(await tip.count()).toBe(0);
      expect(await cls()).toBeLessThanOrEqual(0.02);
    } finally {
      await phone.close();
    }
  });
});
