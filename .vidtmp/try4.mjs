import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:27613';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--disable-quic'] });
const ctx = await b.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'zh-CN',
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1' });
const p = await ctx.newPage();
p.on('pageerror', (e) => console.log('pageerror', e.message));
const dump = () => p.evaluate(() => new Promise((res) => { const r = indexedDB.open('inkreel'); r.onsuccess = () => { const db = r.result; const tx = db.transaction('watch'); const q = tx.objectStore('watch').getAll(); q.onsuccess = () => res(q.result); }; r.onerror = () => res('err'); }));
await p.goto(base + '/vod/detail?vodId=31');
await p.waitForTimeout(3000);
if (await p.locator('.ink-autoplay').count()) await p.locator('.ink-autoplay').click();
await p.waitForTimeout(3500);
console.log('t', await p.evaluate(() => document.querySelector('video').currentTime));
// SPA navigation away (dispose)
await p.getByRole('link', { name: '充值' }).first().click();
await p.waitForTimeout(800);
console.log('after dispose', await dump());
await p.goBack();
await p.waitForTimeout(3000);
console.log('resume', await p.locator('.ink-resume').textContent().catch(() => null));
await p.screenshot({ path: '/tmp/vidwork/d4a.png' });
await p.getByRole('button', { name: '跳转播放' }).click();
await p.waitForTimeout(1000);
console.log('t after jump', await p.evaluate(() => document.querySelector('video').currentTime), await p.locator('.ink-resume').count());
await b.close();
