import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const context = await browser.newContext({ baseURL: 'http://127.0.0.1:8250', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true,
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36', locale: 'zh-CN', serviceWorkers: 'allow', reducedMotion: 'reduce' });
const page = await context.newPage();
await page.goto('/home');
await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, { timeout: 60000 });
await page.keyboard.press('Escape');
await page.goto('/book/1');
await page.getByRole('button', { name: '下载' }).click();
await page.getByRole('button', { name: '开始下载' }).click();
await page.goto('/user/downloads');
page.on('console', m => console.log('[c]', m.text().slice(0,200)));
await page.waitForTimeout(8000); console.log(await page.locator('.dl-chapter-state').allInnerTexts(), await page.getByTestId('dl-overall').textContent());
await page.waitForFunction(() => /已下载 2\/2 话/.test(document.querySelector('[data-testid="dl-overall"]')?.textContent ?? ''), undefined, { timeout: 120000 });
await page.evaluate(async () => { await caches.delete('inkreel-images'); await caches.delete('inkreel-api'); });
await context.setOffline(true);
for (let k = 0; k < 0; k++) {
  const p = await context.newPage();
  const t0 = Date.now();
  await p.goto('/book/read/1/1', { waitUntil: 'commit' });
  await p.waitForFunction(() => { const img = document.querySelector('.chapter-page img'); return !!img && img.complete && img.naturalWidth > 0; }, undefined, { polling: 'raf', timeout: 30000 });
  const t = Date.now() - t0;
  const e = await p.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const res = performance.getEntriesByType('resource').filter(r => /read_chapter|\.img|user\/info|detail|\.js/.test(r.name)).map(r => [r.name.replace(location.origin,'').slice(0,60), Math.round(r.startTime), Math.round(r.responseEnd)]);
    return { dcl: Math.round(nav.domContentLoadedEventEnd), res };
  });
  console.log('total', t, JSON.stringify(e));
  await p.close();
}
// in-app: from downloads screen
const p = await context.newPage();
await p.goto('/user/downloads');
await p.getByRole('link', { name: /^第1话/ }).waitFor();
await p.waitForTimeout(3000);
const tp = await p.evaluate(() => performance.now());
const t0 = Date.now();
await p.getByRole('link', { name: /^第1话/ }).click();
await p.waitForFunction(() => { const img = document.querySelector('.chapter-page img'); return !!img && img.complete && img.naturalWidth > 0; }, undefined, { polling: 'raf', timeout: 30000 });
console.log('in-app', Date.now() - t0);
console.log(JSON.stringify(await p.evaluate((tp) => performance.getEntriesByType('resource').filter(r => r.startTime > tp).map(r => [r.name.replace(location.origin,'').slice(0,50), Math.round(r.startTime - tp), Math.round(r.responseEnd - tp)]), tp)));
await browser.close();
