/**
 * Links that never mark the current page (components/PlainLink.tsx: cards, 更多, home's quick links)
 * behave as the router's Link does, in a real phone-sized Chromium: the address is in the href, a tap
 * starts loading the page's code before the click lands, a plain click opens the page inside the app
 * (no new document), and a modified click is the browser's (a new tab), not the app's.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AccountText, HomeText, Msg } from '../../src/contract';
import { dismissDialogs, launchMobile, waitForAppScreen, type Mobile } from './helpers';

/**
 * /home as a new visitor sees it, in a phone of its own, once the app has taken over and the sign-in
 * dialog (which opens by itself once a day) is closed.
 */
async function onFreshHome(run: (p: Page, phone: Mobile) => Promise<void>) {
  const phone = await launchMobile();
  try {
    await home(phone.page);
    await run(phone.page, phone);
  } finally {
    await phone.close();
  }
}

async function home(p: Page) {
  await p.goto('/home');
  const sign = p.getByRole('dialog', { name: AccountText.signTitle });
  await sign.waitFor({ timeout: 20_000 });
  // Tapped, as on a phone: a mouse click would leave the pointer over a card once the dialog goes,
  // and a link under the pointer preloads its page.
  await sign.getByRole('button', { name: AccountText.close }).tap();
  await sign.waitFor({ state: 'detached' });
  await dismissDialogs(p, 500);
  await waitForAppScreen(p);
}

/** The first book card on the app's home screen. */
const firstCard = (p: Page) => p.locator('#root .home-section a.card-link').first();

describe('plain links (cards, 更多, quick links)', () => {
  it("carry their page's address, as the router writes it", () =>
    onFreshHome(async (page) => {
      const card = firstCard(page);
      await card.waitFor({ timeout: 20_000 });
      expect(await card.getAttribute('href')).toMatch(/^\/book\/\d+$/);
      const nav = page.getByRole('navigation', { name: HomeText.quickLinks });
      expect(await nav.getByRole('link', { name: HomeText.ranking }).getAttribute('href')).toBe(
        '/home/day-ranked',
      );
      expect(await page.getByRole('link', { name: HomeText.searchLink }).getAttribute('href')).toBe(
        '/search',
      );
    }));

  it("a touch starts loading the book page's code before the tap lands", () =>
    onFreshHome(async (page) => {
      const card = firstCard(page);
      await card.waitFor({ timeout: 20_000 });
      // Read off the page's resource timing: the service worker may answer the request itself.
      const bookCodeLoaded = () =>
        page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .some((e) => /\/assets\/BookHomePage-[^/]+\.js$/.test(e.name)),
        );
      expect(await bookCodeLoaded()).toBe(false);
      await card.dispatchEvent('touchstart');
      await expect.poll(bookCodeLoaded, { timeout: 5_000 }).toBe(true);
      expect(page.url()).toMatch(/\/home$/);
    }));

  it('a plain click opens the book inside the app: the same document, and back returns home', () =>
    onFreshHome(async (page) => {
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
      const card = firstCard(page);
      const href = await card.getAttribute('href');
      await card.click();
      await page.waitForURL((u) => u.pathname === href);
      await page.getByText(Msg.startReading).first().waitFor({ timeout: 20_000 });
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
        true,
      );
      await page.goBack();
      await page.waitForURL(/\/home$/);
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
        true,
      );
    }));

  it("a click with a modifier key is the browser's: the book opens in a new tab, home stays", () =>
    onFreshHome(async (page, phone) => {
      const card = firstCard(page);
      const href = await card.getAttribute('href');
      const opened = phone.context.waitForEvent('page', { timeout: 10_000 });
      await card.click({ modifiers: ['ControlOrMeta'] });
      const tab = await opened;
      await tab.waitForURL((u) => u.pathname === href);
      await tab.close();
      expect(page.url()).toMatch(/\/home$/);
    }));
});
