import { chromium } from 'playwright-core';
const base = process.argv[2];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36' });
const page = await ctx.newPage();
const problems = [];
page.on('console', (m) => { if (m.type() === 'error' || /Content.Security/i.test(m.text())) problems.push(`${page.url()} console: ${m.text().slice(0, 300)}`); });
page.on('pageerror', (e) => problems.push(`${page.url()} pageerror: ${e.message.slice(0, 300)}`));
page.on('response', (r) => { if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`); });
for (const path of ['/home', '/vod', '/user', '/book/1', '/book/read/1/1', '/vod/detail?vodId=1', '/purchase', '/h5/report?returnUrl=/user']) {
  await page.goto(base + path, { waitUntil: 'networkidle' }).catch((e) => problems.push(`goto ${path}: ${e.message}`));
  await page.waitForTimeout(1500);
}
console.log(problems.length ? problems.join('\n') : 'no problems');
await browser.close();
