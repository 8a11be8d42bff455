import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const context = await browser.newContext({ baseURL: 'http://127.0.0.1:8250', serviceWorkers: 'allow', userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36', isMobile: true });
const page = await context.newPage();
await page.goto('/home');
await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, { timeout: 60000 });
const r = await page.evaluate(async () => {
  const reg = await navigator.serviceWorker.ready;
  if (!('backgroundFetch' in reg)) return 'no api';
  try {
    const f = await reg.backgroundFetch.fetch('t1', ['/healthz'], { title: 't' });
    await new Promise(r => setTimeout(r, 10000));
    return { id: f.id, result: f.result, failureReason: f.failureReason, downloaded: f.downloaded };
  } catch (e) { return 'err ' + e.name + ' ' + e.message; }
});
console.log(r);
await browser.close();
