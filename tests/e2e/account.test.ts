/**
 * Account, coins and payment screens in a real phone-sized Chromium, as a new visitor: the generated
 * account on Mine, bind mobile, change password, switch account and log in, top-up and VIP through
 * the sandbox cashier, daily sign-in, and find account by the top-up's deduction date.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountText, Msg } from '../../src/contract';
import { launchMobile, type Mobile } from './helpers';

let m: Mobile;
let page: Page;
let account = '';
let password = '';

const text = (p: Page, testId: string) => p.getByTestId(testId).innerText();
const coins = async (p: Page) => Number(await text(p, 'mine-coins'));

/** An alert of spec §9 (3 s): waits for it, then taps it away so it does not cover the next tap. */
async function expectAlert(p: Page, msg: string) {
  const alert = p.getByRole('alertdialog', { name: msg });
  await alert.waitFor({ timeout: 10_000 });
  await alert.click();
  await alert.waitFor({ state: 'detached', timeout: 10_000 });
}

async function dialog(p: Page, title: string) {
  const d = p.getByRole('dialog', { name: title });
  await d.waitFor({ timeout: 15_000 });
  return d;
}

/** Polls the coins on Mine until they reach `want` (no reload: the page refreshes them itself). */
async function waitForCoins(p: Page, want: number, timeout = 30_000) {
  await p.waitForFunction(
    (w) => Number(document.querySelector('[data-testid="mine-coins"]')?.textContent) === w,
    want,
    { timeout, polling: 200 },
  );
}

/** Picks a package, pays it with the first channel at the sandbox cashier, and comes back to Mine. */
async function payAtSandbox(p: Page, packageName: RegExp) {
  await p.goto('/purchase');
  await p.getByRole('button', { name: packageName }).first().click();
  const sheet = await dialog(p, AccountText.choosePayChannel);
  await sheet.getByText(AccountText.payWithin).waitFor();
  await sheet.locator('button.channel').first().click();
  await p.waitForURL(/\/h5\/sandbox\/cashier\//, { timeout: 20_000 });
  await p.getByRole('button', { name: '支付' }).click();
  await p.waitForURL(/\/user$/, { timeout: 20_000 });
}

beforeAll(async () => {
  m = await launchMobile();
  await m.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  page = m.page;
});
afterAll(async () => {
  await m?.close();
});

describe('account screens', () => {
  it('shows the generated account and password on Mine, with copy buttons', async () => {
    await page.goto('/user');
    // A new visitor has not signed in today: the sign-in dialog opens by itself; close it for now.
    const sign = await dialog(page, AccountText.signTitle);
    await sign.getByRole('button', { name: AccountText.close }).click();
    await sign.waitFor({ state: 'detached' });

    account = await text(page, 'mine-account');
    password = await text(page, 'mine-password');
    expect(account).toMatch(/^\w{4,}$/);
    expect(password.length).toBeGreaterThanOrEqual(6);
    expect(await coins(page)).toBe(0);
    await expect(text(page, 'vip-expiry')).resolves.toBe(AccountText.noVip);

    await page.getByRole('button', { name: AccountText.copyAccount }).click();
    await page.getByRole('status').filter({ hasText: Msg.copied }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(account);
    await page.getByRole('button', { name: AccountText.copyPassword }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password);
  });

  it('binds a mobile proved by an SMS code from the sandbox outbox and shows the 40-coin reward', async () => {
    await page.getByRole('link', { name: new RegExp(AccountText.bindPhone) }).click();
    await page.waitForURL(/\/user\/bind$/);
    const mobile = page.getByLabel(AccountText.mobileLabel);
    const codeField = page.getByLabel(AccountText.smsCodeLabel);
    const bind = page.getByRole('button', { name: AccountText.bind });
    const send = page.getByRole('button', { name: AccountText.sendSmsCode });
    await bind.click();
    await expectAlert(page, Msg.enterMobile);
    await send.click();
    await expectAlert(page, Msg.enterMobile);
    await mobile.fill('2380013800');
    await bind.click();
    await expectAlert(page, Msg.badMobile);
    const number = `13${String(Date.now()).slice(-9)}`;
    await mobile.fill(number);
    await bind.click();
    await expectAlert(page, Msg.enterSmsCode);

    // 发送验证码 turns into a countdown that keeps the button's size (no layout shift).
    const before = await send.boundingBox();
    await send.click();
    const countdown = page.getByRole('button', { name: /^重新发送\((\d+)s\)$/ });
    await countdown.waitFor();
    expect(await countdown.isDisabled()).toBe(true);
    const secondsLeft = async () => Number(/\((\d+)s\)/.exec(await countdown.innerText())![1]);
    const started = await secondsLeft();
    expect(started).toBeGreaterThan(55);
    await expect.poll(secondsLeft, { timeout: 5_000 }).toBeLessThan(started);
    expect(await countdown.boundingBox()).toEqual(before);

    // In sandbox mode the screen links to the test outbox, which shows the code.
    const [outbox] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('link', { name: AccountText.smsSandboxOutbox }).click(),
    ]);
    await outbox.getByText('测试短信收件箱').first().waitFor();
    await outbox.getByText(number).first().waitFor();
    const code = await outbox.locator('.text strong').first().innerText();
    expect(code).toMatch(/^\d{6}$/);
    await outbox.screenshot({ path: '/tmp/sms-outbox-e2e.png' });
    await outbox.close();
    await codeField.fill(code);
    await page.screenshot({ path: '/tmp/bind-mobile-e2e.png' });

    await codeField.fill(code === '000000' ? '111111' : '000000');
    await bind.click();
    await expectAlert(page, Msg.smsCodeWrong);
    await codeField.fill(code);
    await bind.click();
    await page.getByRole('alertdialog', { name: Msg.bindSuccess }).waitFor();
    await page.waitForURL(/\/user$/);
    await waitForCoins(page, 40);
  });

  it('changes the password (mismatch, then match) and Mine shows the new one', async () => {
    await page.goto('/user/password');
    const pw = page.getByLabel(AccountText.newPassword);
    const confirm = page.getByLabel(AccountText.confirmNewPassword);
    const save = page.getByRole('button', { name: AccountText.save });
    await save.click();
    await expectAlert(page, Msg.enterPassword);
    await pw.fill('newpass123');
    await save.click();
    await expectAlert(page, Msg.confirmPassword);
    await confirm.fill('newpass124');
    await save.click();
    await expectAlert(page, Msg.passwordMismatch);
    await confirm.fill('newpass123');
    await save.click();
    const ok = await dialog(page, Msg.pwdUpdated);
    await ok.getByRole('button', { name: AccountText.ok }).click();
    await page.waitForURL(/\/user$/);
    password = 'newpass123';
    await expect(text(page, 'mine-password')).resolves.toBe(password);
  });

  it('switches account and logs back in with the new password', async () => {
    await page.getByRole('link', { name: new RegExp(AccountText.switchAccount) }).click();
    await page.waitForURL(/\/user\/login$/);
    const acc = page.getByLabel(AccountText.accountLabel);
    const pw = page.getByLabel(AccountText.password, { exact: true });
    const login = page.getByRole('button', { name: AccountText.login, exact: true });
    await login.click();
    await expectAlert(page, Msg.enterMobile);
    await acc.fill(account);
    await login.click();
    await expectAlert(page, Msg.enterPassword);
    await pw.fill('not-the-password');
    await login.click();
    await expectAlert(page, Msg.loginFailed);
    await pw.fill(password);
    await login.click();
    const ok = await dialog(page, AccountText.loginSuccess);
    await ok.getByRole('button', { name: AccountText.ok }).click();
    await page.waitForURL(/\/user$/);
    await expect(text(page, 'mine-account')).resolves.toBe(account);
    await expect(text(page, 'mine-password')).resolves.toBe(password);
    await waitForCoins(page, 40);
  });

  it('tops up a coin package through the sandbox cashier; the balance rises without a reload', async () => {
    await payAtSandbox(page, /^300金币/);
    const prompt = await dialog(page, AccountText.payResultQuestion);
    await waitForCoins(page, 40 + 330);
    await prompt.getByRole('button', { name: AccountText.paidYes }).click();
    const yes = await dialog(page, AccountText.paidYes);
    await yes.getByText(AccountText.rememberDomain(new URL(page.url()).host)).waitFor();
    await yes.getByRole('button', { name: AccountText.ok }).click();
    // Once only: back on Mine, no second prompt.
    await page.goto('/user');
    await page.getByTestId('mine-coins').waitFor();
    // The prompt follows the user's info and orders: once every call is answered it would be up.
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('dialog', { name: AccountText.payResultQuestion }).count()).toBe(0);
  });

  it('buys VIP; a VIP-free paid chapter then opens without a buy dialog', async () => {
    // A VIP-free book with a paid chapter, from the public catalogue.
    const target = await page.evaluate(async () => {
      for (let id = 1; id <= 40; id++) {
        const res = await fetch(`/api/book/detail/${id}`);
        if (!res.ok) continue;
        const body = (await res.json()) as {
          result: boolean;
          data: { book: { vipFree: boolean }; chapterList: { number: number; price: number }[] };
        };
        const paid =
          body.result && body.data.book.vipFree ? body.data.chapterList.find((c) => c.price > 0) : undefined;
        if (paid) return { id, number: paid.number };
      }
      return null;
    });
    expect(target).not.toBeNull();
    const readerUrl = `/book/read/${target!.id}/${target!.number}`;
    // Before VIP the chapter asks to be bought.
    await page.goto(readerUrl);
    await page.getByRole('button', { name: Msg.buyChapter }).first().waitFor({ timeout: 20_000 });

    await payAtSandbox(page, /^月度VIP/);
    await (
      await dialog(page, AccountText.payResultQuestion)
    )
      .getByRole('button', { name: AccountText.paidNo })
      .click();
    const fix = await dialog(page, AccountText.payFixTitle);
    await fix.getByText(AccountText.payFixSteps[0]).waitFor();
    await fix.getByRole('button', { name: AccountText.ok }).click();
    await page.waitForFunction(
      () =>
        /^\d{4}-\d{2}-\d{2}/.test(document.querySelector('[data-testid="vip-expiry"]')?.textContent ?? ''),
      undefined,
      { timeout: 30_000, polling: 200 },
    );

    await page.goto(readerUrl);
    await page.locator('.chapter-page').first().waitFor({ timeout: 20_000 });
    // A buy dialog would follow the chapter's answer: once every call is answered it would be up.
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('button', { name: Msg.buyChapter }).count()).toBe(0);
  });

  it('signs in daily (VIP list) and the coins arrive', async () => {
    await page.goto('/user');
    await page.getByTestId('mine-coins').waitFor();
    const before = await coins(page);
    await page.getByRole('button', { name: AccountText.dailySign }).click();
    const sign = await dialog(page, AccountText.signTitle);
    // VIP users see the doubled list.
    await sign.getByText('+60').waitFor();
    await sign.getByRole('button', { name: AccountText.signNow }).click();
    const status = sign.getByRole('status');
    await status.waitFor();
    const got = Number(/(\d+)/.exec(await status.innerText())![1]);
    expect(await status.innerText()).toBe(AccountText.signReceived(got));
    expect(got).toBeGreaterThan(0);
    await sign.getByRole('button', { name: AccountText.close }).click();
    await waitForCoins(page, before + got);
    // Signing again the same day shows the server's message and a close button.
    await page.getByRole('button', { name: AccountText.dailySign }).click();
    const again = await dialog(page, AccountText.signTitle);
    await again.getByText(AccountText.signedToday, { exact: false }).waitFor();
    await again.getByRole('button', { name: AccountText.close }).click();
  });

  it('finds the account by the deduction date of the top-up and logs in with what it shows', async () => {
    await page.goto('/user/find-account');
    const find = page.getByRole('button', { name: AccountText.findButton, exact: true });
    await find.click();
    await expectAlert(page, Msg.pickChargeDate);
    // A day without a top-up on this device: code '404'.
    await page.getByRole('button', { name: AccountText.prevMonth }).click();
    await page.getByRole('button', { name: /月1日$/ }).click();
    await find.click();
    const missing = await dialog(page, AccountText.findTitle);
    await missing.getByText(Msg.accountNotFound).waitFor();
    await missing.getByRole('button', { name: AccountText.ok }).click();
    await missing.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: AccountText.nextMonth }).click();
    await page.getByRole('button', { name: new RegExp(`（${AccountText.todayMark}）`) }).click();
    await find.click();
    const found = await dialog(page, AccountText.foundTitle);
    await found.getByText(Msg.screenshotAccount).waitFor();
    const shown = await found.locator('.acc-cred strong').allInnerTexts();
    expect(shown[0]).toBe(account);
    const newPassword = shown[1]!;
    expect(newPassword.length).toBeGreaterThanOrEqual(6);
    await found.getByRole('button', { name: Msg.savedLogin }).click();
    await page.waitForURL(/\/user$/);
    await expect(text(page, 'mine-account')).resolves.toBe(account);
    await expect(text(page, 'mine-password')).resolves.toBe(newPassword);

    // The shown password logs in.
    await page.goto('/user/login');
    await page.getByLabel(AccountText.accountLabel).fill(account);
    await page.getByLabel(AccountText.password, { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: AccountText.login, exact: true }).click();
    await (
      await dialog(page, AccountText.loginSuccess)
    )
      .getByRole('button', { name: AccountText.ok })
      .click();
    await page.waitForURL(/\/user$/);
    await expect(text(page, 'mine-account')).resolves.toBe(account);
  });
});

describe('support and the in-app pay frame', () => {
  it('online chat says when it is closed, and carries the account when open', async () => {
    await page.clock.setFixedTime(new Date('2026-11-22T20:00:00+08:00'));
    await page.goto('/user');
    await page.getByTestId('mine-coins').waitFor();
    await page.getByRole('link', { name: new RegExp(AccountText.onlineChat) }).click();
    const closed = await dialog(page, AccountText.onlineChat);
    await closed.getByText(AccountText.serviceClosed).waitFor();
    await closed.getByRole('button', { name: AccountText.close }).click();
    await closed.waitFor({ state: 'detached' });

    await page.clock.setFixedTime(new Date('2026-11-22T14:00:00+08:00'));
    const recorded = page.waitForResponse((r) => r.url().includes('/api/user/submit_contact'));
    await page.getByRole('link', { name: new RegExp(AccountText.onlineChat) }).click();
    // The contact is recorded (and answered) before the page leaves for the chat.
    const res = await recorded;
    expect(res.ok()).toBe(true);
    await page.waitForURL(/\/h5\/report\?/);
    expect(new URL(page.url()).searchParams.get('account')).toBe(account);
    expect(new URL(page.url()).searchParams.get('returnUrl')).toBe('/user');
  });

  it('says 充值通道维护中...... with a contact link when there are no pay channels', async () => {
    await page.route('**/api/user/recharge?*', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { data: { subTypes: unknown[] } };
      body.data.subTypes = [];
      await route.fulfill({ response: res, json: body });
    });
    try {
      await page.goto('/purchase?bookId=2');
      await page.getByRole('link', { name: new RegExp(AccountText.backToBook) }).waitFor();
      await page.getByRole('button', { name: AccountText.payNow }).click();
      const sheet = await dialog(page, AccountText.choosePayChannel);
      await sheet.getByText(Msg.channelsDown).waitFor();
      await sheet.getByRole('link', { name: AccountText.contactSupport }).waitFor();
      expect(await sheet.locator('button.channel').count()).toBe(0);
    } finally {
      await page.unrouteAll();
    }
  });

  it('an iOS home-screen app pays inside the pay frame and comes back to Mine', async () => {
    const ios = await launchMobile({
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    });
    try {
      // Launched from the home screen: Safari reports navigator.standalone.
      await ios.context.addInitScript(() =>
        Object.defineProperty(navigator, 'standalone', { get: () => true }),
      );
      const p = ios.page;
      await p.goto('/user');
      await (await dialog(p, AccountText.signTitle)).getByRole('button', { name: AccountText.close }).click();
      await p.goto('/purchase');
      await p.getByRole('button', { name: /^60金币/ }).click();
      await (await dialog(p, AccountText.choosePayChannel)).locator('button.channel').first().click();
      await p.waitForURL(/\/user\/purchase\/pay\?goUrl=/);
      const frame = p.frameLocator(`iframe[title="${AccountText.payFrameTitle}"]`);
      await frame.getByRole('button', { name: '支付' }).click();
      await p.waitForURL(/\/user$/, { timeout: 20_000 });
      await dialog(p, AccountText.payResultQuestion);
      await waitForCoins(p, 60);
    } finally {
      await ios.close();
    }
  });
});
