import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmptyText, Msg } from '../../src/contract';
import { dismissDialogs, launchMobile, type Mobile } from './helpers';

/**
 * Every route of the spec's table (§2), as a new visitor on a 390×844 phone: each screen is saved as a
 * screenshot (tests/bench/reports/screens/, linked from the bench report) and fails on a console error,
 * a failed request or a page wider than the phone.
 */
export const SCREENS_DIR = resolve(import.meta.dirname, '..', 'bench', 'reports', 'screens');

const ROUTES: { name: string; path: string }[] = [
  { name: 'home', path: '/home' },
  { name: 'home-recommend', path: '/home/recommend' },
  { name: 'home-three-d', path: '/home/three-d' },
  { name: 'home-kkbg', path: '/home/kkbg' },
  { name: 'home-new-on', path: '/home/new-on' },
  { name: 'home-new', path: '/home/new' },
  { name: 'home-day', path: '/home/day' },
  { name: 'home-ranked', path: '/home/ranked' },
  { name: 'home-day-ranked', path: '/home/day-ranked' },
  { name: 'home-latest', path: '/home/latest' },
  { name: 'category', path: '/category' },
  { name: 'search', path: '/search' },
  { name: 'book', path: '/book/1' },
  { name: 'book-catalog', path: '/book/1/catalog' },
  { name: 'reader', path: '/book/read/1/1' },
  { name: 'shelf', path: '/shelf?active=shelf' },
  { name: 'shelf-history', path: '/shelf?active=history' },
  { name: 'vod', path: '/vod' },
  { name: 'vod-category', path: '/vod/category?cid=1' },
  { name: 'vod-detail', path: '/vod/detail?vodId=1' },
  { name: 'search-vod', path: '/search-vod' },
  { name: 'shelf-vod', path: '/shelf-vod' },
  { name: 'user', path: '/user' },
  { name: 'user-login', path: '/user/login' },
  { name: 'user-bind', path: '/user/bind' },
  { name: 'user-password', path: '/user/password' },
  { name: 'purchase', path: '/purchase' },
  { name: 'purchase-history', path: '/user/purchase/history' },
  { name: 'find-account', path: '/user/find-account' },
  { name: 'user-downloads', path: '/user/downloads' },
  { name: 'landing', path: '/landing' },
];

describe('every route at 390×844', () => {
  let m: Mobile;
  const problems: string[] = [];
  let current = '';

  beforeAll(async () => {
    mkdirSync(SCREENS_DIR, { recursive: true });
    m = await launchMobile();
    m.page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(`${current}: console error: ${msg.text()}`);
    });
    m.page.on('pageerror', (err) => problems.push(`${current}: page error: ${err.message}`));
    m.page.on('requestfailed', (r) => {
      // A navigation cancels what the screen it leaves was still loading: not a failure of that screen.
      if (r.failure()?.errorText === 'net::ERR_ABORTED') return;
      problems.push(`${current}: request failed: ${r.url()} ${r.failure()?.errorText ?? ''}`);
    });
    m.page.on('response', (r) => {
      if (r.status() >= 400) problems.push(`${current}: ${r.status()} ${r.request().method()} ${r.url()}`);
    });
    // A first visit registers; every screen below is then seen as that visitor.
    await m.page.goto('/home');
    await m.page.waitForLoadState('networkidle');
  });
  afterAll(async () => {
    await m?.close();
  });

  for (const route of ROUTES) {
    it(`${route.path} shows without errors, fits the phone and is saved`, async () => {
      current = route.path;
      const before = problems.length;
      await m.page.goto(route.path);
      await m.page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
      await dismissDialogs(m.page, 800);
      // Fonts in and two frames painted since: what the screenshot and the width check see is settled.
      await m.page.evaluate(() =>
        document.fonts.ready.then(
          () => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted))),
        ),
      );
      const overflow = await m.page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      await m.page.screenshot({ path: join(SCREENS_DIR, `${route.name}.png`) });
      expect(overflow, 'horizontal scroll').toBeLessThanOrEqual(0);
      expect(problems.slice(before)).toEqual([]);
    });
  }

  it('an empty shelf says what would fill it and leads to comics home', async () => {
    current = 'empty shelf';
    // (This visitor has read a chapter above, so only the shelf is still empty.)
    await m.page.goto('/shelf?active=shelf');
    await m.page.getByText(EmptyText.hint.shelf).waitFor();
    await m.page.getByText(Msg.emptyList).waitFor();
    await m.page.getByRole('link', { name: EmptyText.action }).click();
    await m.page.waitForURL('**/home');
  });

  it('the top-up screen preselects the default package without an internal 默认 label', async () => {
    current = '/purchase';
    await m.page.goto('/purchase');
    await m.page.locator('.pkg-title').first().waitFor();
    expect(await m.page.locator('.pkg-mark').allTextContents()).not.toContain('默认');
    expect(
      await m.page.locator('[aria-pressed="true"], [aria-checked="true"], .selected').count(),
    ).toBeGreaterThan(0);
  });
});
