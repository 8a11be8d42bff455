import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:27613';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--disable-quic'] });
const ctx = await b.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'zh-CN',
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36' });
const p = await ctx.newPage();
p.on('pageerror', (e) => console.log('pageerror', e.message));
p.on('console', (m) => { if (m.type() === 'error' && !m.text().includes('WEBVTT')) console.log('console', m.text().slice(0, 200)); });
await p.goto(base + '/vod/detail?vodId=1'); await p.waitForTimeout(3000);
if (await p.locator('.ink-autoplay').count()) await p.locator('.ink-autoplay').click();
await p.waitForTimeout(1000);
for (const w of ['好看！', '<b>not bold</b>', '第三条弹幕']) { await p.getByPlaceholder('发个弹幕吧').fill(w); await p.getByRole('button', { name: '发送' }).click(); await p.waitForTimeout(400); }
await p.waitForTimeout(700);
await p.screenshot({ path: '/tmp/vidwork/v-danmu.png' });
console.log(await p.locator('.ink-danmu-item').allTextContents(), await p.locator('.ink-danmu b').count());
await p.waitForTimeout(4500);
console.log('after life', await p.locator('.ink-danmu-item').count());
await p.goto(base + '/vod'); await p.waitForTimeout(500);
await b.close();
