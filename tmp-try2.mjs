import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const context = await browser.newContext({ baseURL: 'http://127.0.0.1:8250', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true,
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36', locale: 'zh-CN', serviceWorkers: 'allow', reducedMotion: 'reduce' });
const page = await context.newPage();
page.on('pageerror', (e) => console.log('[pageerror]', e.message));
await page.goto('/home');
await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, { timeout: 60000 });
await page.keyboard.press('Escape');
await page.goto('/book/1');
await page.getByRole('button', { name: '下载' }).click();
await page.getByRole('button', { name: '开始下载' }).click();
await page.goto('/user/downloads');
await page.waitForFunction(() => /已下载 2\/2 话/.test(document.querySelector('[data-testid="dl-overall"]')?.textContent ?? ''), undefined, { timeout: 120000 });
const r = await page.evaluate(async () => {
  const c = await caches.open('inkreel-downloads');
  const out = [];
  for (const k of await c.keys()) { const res = await c.match(k); const b = await res.arrayBuffer(); out.push([new URL(k.url).pathname.slice(-30), res.headers.get('content-length'), b.byteLength]); }
  return out;
});
console.log(r);
console.log(await page.locator('.dl-chapter-state').allInnerTexts());
await browser.close();
