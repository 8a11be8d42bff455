import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReportPageText } from '../../src/contract/index.js';
import { safeReturnUrl, safeServiceUrl } from '../../src/server/http/safe-urls.js';
import { FAST_HASHING } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const CHAT = 'https://kf.inkreel.example/chat/room';

/** The support link of the report page, as rendered (null: none). */
function serviceLink(html: string): string | null {
  const m = /<a class="service" href="([^"]*)"/.exec(html);
  return m ? m[1]!.replaceAll('&amp;', '&') : null;
}

/** Links the service renders or redirects to come from this site or its configuration, never a query. */
describe('security: links on our own pages', () => {
  let t: TestApp;
  let bare: TestApp;
  const report = (app: TestApp, q: Record<string, string>) =>
    app.app.inject({ method: 'GET', url: `/h5/report?${new URLSearchParams(q).toString()}` });

  beforeAll(async () => {
    [t, bare] = await Promise.all([
      createTestApp({ ...FAST_HASHING, SUPPORT_CHAT_URL: CHAT }),
      createTestApp(FAST_HASHING),
    ]);
  });
  afterAll(async () => {
    await Promise.all([t?.close(), bare?.close()]);
  });

  it("GET /h5/report?serviceUrl=https://evil.example/chat shows no attacker's link", async () => {
    for (const app of [t, bare]) {
      for (const serviceUrl of [
        'https://evil.example/chat',
        'https://evil.example/chat/room',
        `https://kf.inkreel.example.evil.example/chat/room`,
        'http://kf.inkreel.example/chat/room', // another origin: the scheme differs
        '//evil.example/chat',
        '/\\evil.example/chat',
        '/.//evil.example/chat', // the path '//evil.example/chat' after normalising
        '/..//evil.example/chat',
        'javascript:alert(1)',
      ]) {
        const page = await report(app, { serviceUrl, returnUrl: '/mine' });
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain(ReportPageText.title);
        expect(page.body, serviceUrl).not.toContain('evil.example');
        expect(serviceLink(page.body), serviceUrl).toBeNull();
      }
    }
  });

  it('keeps the configured chat link (with the account the app adds) and same-origin pages', async () => {
    const withAccount = `${CHAT}?account=u123&userId=5`;
    expect(serviceLink((await report(t, { serviceUrl: withAccount })).body)).toBe(withAccount);
    // Not configured on the bare install: not shown there.
    expect(serviceLink((await report(bare, { serviceUrl: withAccount })).body)).toBeNull();
    expect(serviceLink((await report(bare, { serviceUrl: '/h5/help?x=1' })).body)).toBe('/h5/help?x=1');
    expect(serviceLink((await report(bare, { serviceUrl: 'http://localhost:80/h5/help' })).body)).toBe(
      '/h5/help',
    );
  });

  it('a refused form keeps the same rules when it re-renders', async () => {
    const page = await t.app.inject({
      method: 'POST',
      url: '/h5/report',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        message: ' ',
        serviceUrl: 'https://evil.example/chat',
        returnUrl: 'https://evil.example/x',
      }).toString(),
    });
    expect(page.statusCode).toBe(400);
    expect(serviceLink(page.body)).toBeNull();
    expect(page.body).toContain('href="/home"');
  });

  it('GET /h5/report?returnUrl=/.//evil.example/ links back to this site only', async () => {
    const page = await report(t, { returnUrl: '/.//evil.example/phish' });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('evil.example');
    const sent = await t.app.inject({
      method: 'POST',
      url: '/h5/report',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        reason: '其他',
        message: '页面打不开',
        returnUrl: '/.//evil.example/',
      }).toString(),
    });
    expect(sent.statusCode).toBe(303);
    const next = await t.app.inject({ method: 'GET', url: String(sent.headers.location) });
    expect(next.body).not.toContain('evil.example');
  });

  it('one return-URL rule for the report page and the pay return', () => {
    const own = ['https://app.example', 'https://pay.example'];
    const cases: [string | undefined, string][] = [
      [undefined, '/'],
      ['/purchase?paid=1#x', '/purchase?paid=1#x'],
      ['purchase', '/purchase'],
      ['https://app.example/mine', 'https://app.example/mine'],
      ['https://pay.example/done', 'https://pay.example/done'],
      ['https://evil.example/x', '/'],
      ['//evil.example/x', '/'],
      ['/\\evil.example/x', '/'],
      ['/.//evil.example/x', '/'],
      ['/./\\evil.example/x', '/'],
      ['purchase/..//evil.example/x', '/'],
      ['javascript:alert(1)', '/'],
      ['data:text/html,x', '/'],
      ['/ho\nme', '/home'],
    ];
    for (const [raw, want] of cases) expect(safeReturnUrl(raw, own), String(raw)).toBe(want);
    expect(safeReturnUrl('https://evil.example', own, '/home')).toBe('/home');
    expect(safeServiceUrl('https://evil.example/chat', 'https://app.example', [CHAT])).toBeNull();
    expect(safeServiceUrl(`${CHAT}?a=1`, 'https://app.example', [CHAT, ''])).toBe(`${CHAT}?a=1`);
  });
});
