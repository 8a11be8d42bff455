import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:27613';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--disable-quic','--autoplay-policy=no-user-gesture-required'] });
const ctx = await b.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'zh-CN',
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1' });
const p = await ctx.newPage();
p.on('console', (m) => console.log('console', m.type(), m.text().slice(0, 300)));
p.on('pageerror', (e) => console.log('pageerror', e.message));
p.on('request', (r) => { if (r.url().includes('/media/vod')) console.log('req', r.url().replace(base, '')); });
await p.goto(base + '/vod/detail?vodId=21');
await p.waitForTimeout(6000);
console.log(await p.evaluate(() => { const v = document.querySelector('video'); return v && { t: v.currentTime, paused: v.paused, d: v.duration, rs: v.readyState, tracks: [...v.textTracks].map(t => t.label + ':' + t.mode) }; }));
await p.screenshot({ path: '/tmp/vidwork/detail1.png' });
await b.close();
