/**
 * 充值记录 in a real phone-sized Chromium: a new visitor sees the empty message on both tabs; after a
 * top-up through the sandbox cashier and a chapter bought in the reader, the order (state, amount,
 * date) and both coin movements (the top-up and the chapter, by book and chapter title) are listed.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountText, EmptyText, Msg, RecordText } from '../../src/contract';
import { dismissDialogs, launchMobile, type Mobile } from './helpers';

/** Beside every-route's screens, which the bench report links. */
const SCREENS_DIR = resolve(import.meta.dirname, '..', 'bench', 'reports', 'screens');

let m: Mobile;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  mkdirSync(SCREENS_DIR, { recursive: true });
  m = await launchMobile();
  page = m.page;
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
});
afterAll(async () => {
  await m?.close();
});

async function openHistory(p: Page) {
  await p.goto('/user/purchase/history');
  await p.getByRole('heading', { name: AccountText.historyTitle }).waitFor();
  await dismissDialogs(p, 800);
}

const tab = (p: Page, name: string) => p.getByRole('tab', { name });

describe('充值记录', () => {
  it('a new visitor sees 暂时没有记录 and the way to top up on both tabs', async () => {
    await openHistory(page);
    const empty = page.getByRole('status').filter({ hasText: Msg.emptyList });
    await empty.waitFor();
    await empty.getByText(EmptyText.hint.orders).waitFor();
    await expect(empty.getByRole('link', { name: EmptyText.topUpAction }).getAttribute('href')).resolves.toBe(
      '/purchase',
    );
    await page.screenshot({ path: join(SCREENS_DIR, 'purchase-history-empty.png') });
    await tab(page, RecordText.coinsTab).click();
    await page.getByRole('status').filter({ hasText: EmptyText.hint.coins }).waitFor();
    expect(await page.getByTestId('coin-row').count()).toBe(0);
  });

  it('lists the paid order and the coin movements after a top-up and a chapter bought', async () => {
    // Top up 300金币 (+30) at the sandbox cashier.
    await page.goto('/purchase');
    await dismissDialogs(page, 800);
    await page
      .getByRole('button', { name: /^300金币/ })
      .first()
      .click();
    const sheet = page.getByRole('dialog', { name: AccountText.choosePayChannel });
    await sheet.waitFor({ timeout: 15_000 });
    await sheet.locator('button.channel').first().click();
    await page.waitForURL(/\/h5\/sandbox\/cashier\//, { timeout: 20_000 });
    await page.getByRole('button', { name: '支付' }).click();
    await page.waitForURL(/\/user$/, { timeout: 20_000 });
    await page.waitForFunction(
      () => Number(document.querySelector('[data-testid="mine-coins"]')?.textContent) === 330,
      undefined,
      { timeout: 30_000, polling: 200 },
    );
    await dismissDialogs(page);

    // Buy chapter 3 of book 1 in the reader.
    const book = await page.evaluate(async () => {
      const body = (await (await fetch('/api/book/detail/1')).json()) as {
        data: { book: { title: string }; chapterList: { number: number; title: string; price: number }[] };
      };
      const ch = body.data.chapterList.find((c) => c.number === 3)!;
      return { title: body.data.book.title, chapter: ch.title, price: ch.price };
    });
    expect(book.price).toBeGreaterThan(0);
    await page.goto('/book/read/1/3');
    const buy = page.getByRole('dialog').filter({ hasText: Msg.buyChapter });
    await buy.waitFor({ timeout: 20_000 });
    await buy.getByRole('button', { name: Msg.buyChapter }).click();
    await page.getByRole('alertdialog', { name: Msg.buySuccess }).waitFor({ timeout: 10_000 });

    await openHistory(page);
    const order = page.getByTestId('order-row');
    await order.first().waitFor();
    expect(await order.count()).toBe(1);
    const orderText = await order.first().innerText();
    expect(orderText).toContain('300金币');
    expect(orderText).toContain(RecordText.yuan(3000));
    expect(orderText).toContain(RecordText.state.paid);
    expect(orderText).toContain(RecordText.orderGain(330, 0));
    expect(orderText).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    await page.getByText(Msg.endOfList).waitFor();
    await page.screenshot({ path: join(SCREENS_DIR, 'purchase-history-orders.png') });

    await tab(page, RecordText.coinsTab).click();
    const rows = page.getByTestId('coin-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    const [spent, credited] = await rows.allInnerTexts();
    expect(spent).toContain(RecordText.chapter(book.title, book.chapter));
    expect(spent).toContain(RecordText.coins(-book.price));
    expect(spent).toContain(RecordText.balance(330 - book.price));
    expect(credited).toContain(RecordText.recharge('300金币'));
    expect(credited).toContain(RecordText.coins(330));
    await page.getByText(Msg.endOfList).waitFor();
    // Nothing runs off the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(SCREENS_DIR, 'purchase-history-coins.png') });
    expect(errors).toEqual([]);
  });
});
