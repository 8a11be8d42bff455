import type { BrowserContext, Page } from 'playwright-core';
import { AccountText } from '../../src/contract';

/** The newest code the sandbox SMS provider delivered to `mobile`, read on its test outbox page. */
export async function readOutboxCode(context: BrowserContext, mobile: string): Promise<string> {
  const outbox = await context.newPage();
  try {
    await outbox.goto(`/h5/sms/outbox?mobile=${mobile}`);
    return await outbox.locator('.text strong').first().innerText();
  } finally {
    await outbox.close();
  }
}

/**
 * Binds `mobile` on /user/bind as a tester does with the sandbox SMS provider: 发送验证码, the code
 * from the test outbox, 立即绑定. The caller waits for what follows (the success alert, /user).
 */
export async function bindMobileInApp(page: Page, mobile: string): Promise<void> {
  await page.goto('/user/bind');
  await page.getByLabel(AccountText.mobileLabel).fill(mobile);
  await page.getByRole('button', { name: AccountText.sendSmsCode }).click();
  await page.getByRole('button', { name: /^重新发送\(\d+s\)$/ }).waitFor();
  const code = await readOutboxCode(page.context(), mobile);
  await page.getByLabel(AccountText.smsCodeLabel).fill(code);
  await page.getByRole('button', { name: AccountText.bind }).click();
}
