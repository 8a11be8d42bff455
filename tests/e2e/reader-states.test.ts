/**
 * The reader when it cannot show pages, on a 390×844 phone: a locked chapter shows its title and a
 * blurred preview of its first page behind the buy dialog; a chapter that does not exist says so once
 * and leads back to the catalogue; a book never opened, opened offline, says the phone is offline,
 * offers a retry and points to the reading history (what is readable offline).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Msg } from '../../src/contract';
import { dismissDialogs, launchMobile, waitForFirstPage, waitForServiceWorker, type Mobile } from './helpers';

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/inkreel-reader-states';

let m: Mobile;
/** A book with a priced chapter (locked for a new visitor), and another book never opened. */
let locked: { bookId: number; number: number; title: string };
let unvisited: number;

beforeAll(async () => {
  m = await launchMobile();
  await m.page.goto('/home');
  await dismissDialogs(m.page);
  await waitForServiceWorker(m.page);
  ({ locked, unvisited } = await m.page.evaluate(async () => {
    let found: { bookId: number; number: number; title: string } | undefined;
    for (let id = 1; id <= 60; id++) {
      const res = await fetch(`/api/book/detail/${id}`);
      if (!res.ok) continue;
      const body = (await res.json()) as {
        data: { chapterList: { number: number; price: number; title: string }[] } | null;
      };
      const list = body.data?.chapterList ?? [];
      if (!found) {
        const priced = list.find((c) => c.price > 0);
        if (priced) found = { bookId: id, number: priced.number, title: priced.title };
      } else if (list.length > 0) return { locked: found, unvisited: id };
    }
    throw new Error('no demo book with a priced chapter, and another book');
  }));
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    await m.page
      .screenshot({ path: `/tmp/reader-states-fail-${ctx.task.name.slice(0, 20).replace(/\W+/g, '_')}.png` })
      .catch(() => undefined);
});
afterAll(async () => {
  await m?.context.setOffline(false);
  await m?.close();
});

/** Every heading on the page has words (an empty <h1> is read out as a blank heading). */
async function emptyHeadings(): Promise<number> {
  return m.page.$$eval(
    'h1, h2, h3, [role="heading"]',
    (hs) => hs.filter((h) => !h.textContent?.trim()).length,
  );
}

describe('reader states', () => {
  it('a locked chapter shows its title and a blurred preview of its first page behind the buy dialog', async () => {
    const { page } = m;
    await page.goto(`/book/read/${locked.bookId}/${locked.number}`);
    const buy = page.getByRole('dialog').filter({ hasText: Msg.buyChapter });
    await buy.waitFor({ timeout: 15_000 });
    await page.locator('main').getByRole('heading', { name: locked.title, exact: true }).waitFor();
    const preview = page.locator('.reader-body img').first();
    await preview.waitFor({ timeout: 15_000 });
    await page.waitForFunction(
      () => {
        const img = document.querySelector<HTMLImageElement>('.reader-body img');
        return !!img && img.complete && img.naturalWidth > 0;
      },
      undefined,
      { timeout: 20_000, polling: 100 },
    );
    const look = await preview.evaluate((img) => {
      const r = img.getBoundingClientRect();
      return { filter: getComputedStyle(img).filter, width: r.width, height: r.height, top: r.top };
    });
    expect(look.filter).toContain('blur');
    // It fills the phone's width and sits on screen, behind the dialog.
    expect(look.width).toBeGreaterThanOrEqual(380);
    expect(look.height).toBeGreaterThan(300);
    expect(look.top).toBeLessThan(844);
    // The preview's box is the page shape whether or not the picture has come: no layout shift.
    const box = await page.locator('.reader-locked-preview').boundingBox();
    expect(Math.abs(box!.height - (box!.width * 4) / 3)).toBeLessThan(2);
    await page.screenshot({ path: `${SHOTS}/locked-chapter.png` });

    // Closed, the dialog leaves the title, the preview and the way back to it.
    await buy.getByRole('button', { name: Msg.cancel }).click();
    await buy.waitFor({ state: 'detached' });
    await page.screenshot({ path: `${SHOTS}/locked-chapter-closed.png` });
    await page.locator('main').getByRole('button', { name: Msg.buyChapter }).click();
    await buy.waitFor();
  });

  it('a chapter that does not exist says so once, with no empty title, and leads back to the catalogue', async () => {
    const { page } = m;
    await page.goto(`/book/read/${locked.bookId}/9999`);
    await page.getByText(Msg.noMoreChapters).first().waitFor({ timeout: 15_000 });
    // Any second message would come from a call: once all are answered, it would show.
    await page.waitForLoadState('networkidle');
    expect(await page.getByText(Msg.noMoreChapters).count()).toBe(1);
    expect(await emptyHeadings()).toBe(0);
    expect(await page.getByRole('button', { name: Msg.reload }).count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/invalid-chapter.png` });
    await page.getByRole('link', { name: Msg.backToCatalogue }).click();
    await page.waitForURL(new RegExp(`/book/${locked.bookId}/catalog`), { timeout: 15_000 });
  });

  it('a book never opened, opened offline, says the phone is offline, retries and points to the history', async () => {
    const { page, context } = m;
    await context.setOffline(true);
    try {
      await page.goto(`/book/read/${unvisited}/1`);
      await page.getByText(Msg.readerOffline).waitFor({ timeout: 20_000 });
      const history = page.getByRole('link', { name: Msg.readingHistory });
      expect(await history.getAttribute('href')).toBe('/shelf?active=history');
      const retry = page.getByRole('button', { name: Msg.retry });
      await retry.waitFor();
      expect(await emptyHeadings()).toBe(0);
      await page.screenshot({ path: `${SHOTS}/offline-unvisited-book.png` });
    } finally {
      await context.setOffline(false);
    }
    // Back online, the retry opens the chapter.
    await page.getByRole('button', { name: Msg.retry }).click();
    await waitForFirstPage(page);
  });
});
