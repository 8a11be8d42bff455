/**
 * Account recovery never loses the user, in a real phone-sized Chromium: a visitor tops up 60 coins,
 * finds the account by the top-up's deduction date (which ends the device's session), and leaves the
 * success dialog without tapping 我已保存，直接登录 — the device is on the found account, with its coins
 * and the shown password, and no new anonymous account was registered.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountText, Api, CommonText, FindAccountText, Msg } from '../../src/contract';
import { dismissDialogs, launchMobile, type Mobile } from './helpers';

let m: Mobile;
let page: Page;

const text = (p: Page, testId: string) => p.getByTestId(testId).innerText();

async function dialog(p: Page, title: string) {
  const d = p.getByRole('dialog', { name: title });
  await d.waitFor({ timeout: 15_000 });
  return d;
}

async function waitForCoins(p: Page, want: number, timeout = 30_000) {
  await p.waitForFunction(
    (w) => Number(document.querySelector('[data-testid="mine-coins"]')?.textContent) === w,
    want,
    { timeout, polling: 200 },
  );
}

beforeAll(async () => {
  m = await launchMobile();
  page = m.page;
});
afterAll(async () => {
  await m?.close();
});

describe('find account', () => {
  it('signs in to the found account at once: leaving the dialog keeps the user and the coins', async () => {
    await page.goto('/user');
    // A new visitor has not signed in today: the sign-in dialog opens by itself; close it.
    const sign = await dialog(page, AccountText.signTitle);
    await sign.getByRole('button', { name: AccountText.close }).click();
    await sign.waitFor({ state: 'detached' });
    const account = await text(page, 'mine-account');
    const oldPassword = await text(page, 'mine-password');

    // 60 coins through the sandbox cashier.
    await page.goto('/purchase');
    await page
      .getByRole('button', { name: /^60金币/ })
      .first()
      .click();
    await (await dialog(page, AccountText.choosePayChannel)).locator('button.channel').first().click();
    await page.waitForURL(/\/h5\/sandbox\/cashier\//, { timeout: 20_000 });
    await page.getByRole('button', { name: '支付' }).click();
    await page.waitForURL(/\/user$/, { timeout: 20_000 });
    await waitForCoins(page, 60);
    await dismissDialogs(page);

    const registers: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === Api.register) registers.push(r.url());
    });

    await page.goto('/user/find-account');
    await page.getByRole('button', { name: new RegExp(`（${AccountText.todayMark}）`) }).click();
    await page.getByRole('button', { name: AccountText.findButton, exact: true }).click();
    const found = await dialog(page, AccountText.foundTitle);
    await found.getByText(Msg.screenshotAccount).waitFor();
    const shown = await found.locator('.acc-cred strong').allInnerTexts();
    expect(shown[0]).toBe(account);
    const newPassword = shown[1]!;
    expect(newPassword).not.toBe(oldPassword);
    // The password the user was told to screenshot on 我的 stops working: the dialog says so, above
    // the credentials, and names the shown one as the new password.
    const notice = found.getByText(FindAccountText.passwordReset);
    await notice.waitFor();
    const [noticeBox, credBox] = [
      await notice.boundingBox(),
      await found.locator('.acc-cred').first().boundingBox(),
    ];
    expect(noticeBox!.y).toBeLessThan(credBox!.y);
    const lines = await found.locator('.acc-cred').allInnerTexts();
    expect(lines[1]).toMatch(new RegExp(`^${FindAccountText.newPassword}${CommonText.colon}`));

    // The user leaves without tapping 我已保存，直接登录.
    await page.goBack();
    await page.goto('/user');
    await page.getByTestId('mine-coins').waitFor();
    await waitForCoins(page, 60);
    await expect(text(page, 'mine-account')).resolves.toBe(account);
    await expect(text(page, 'mine-password')).resolves.toBe(newPassword);

    // A reload starts from what the device kept: still the found account.
    await page.reload();
    await waitForCoins(page, 60);
    await expect(text(page, 'mine-account')).resolves.toBe(account);
    expect(registers).toEqual([]);
  });
});
