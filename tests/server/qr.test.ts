import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** The desktop page's QR code carries a link to this site only, whatever Host a caller sends. */
describe('GET /qr.svg', () => {
  let bare: TestApp;
  let published: TestApp;
  beforeAll(async () => {
    [bare, published] = await Promise.all([
      createTestApp(),
      createTestApp({ PUBLIC_URL: 'https://m.inkreel.example' }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([bare?.close(), published?.close()]);
  });
  const qr = (t: TestApp, u: string, host: string) =>
    t.app.inject({ method: 'GET', url: `/qr.svg?u=${encodeURIComponent(u)}`, headers: { host } });

  it('draws a code of a link on the site called, keyed by Host for shared caches', async () => {
    const res = await qr(bare, 'http://app.example/home', 'app.example');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.body).toContain('<svg');
    expect(res.headers.vary).toMatch(/host/i);
    expect((await qr(bare, 'https://evil.example/', 'app.example')).statusCode).toBe(400);
    expect((await qr(bare, 'javascript:alert(1)', 'app.example')).statusCode).toBe(400);
  });

  it("with PUBLIC_URL, a forged Host gets no code of the forger's site", async () => {
    expect((await qr(published, 'http://evil.example/', 'evil.example')).statusCode).toBe(400);
    const own = await qr(published, 'https://m.inkreel.example/home', 'evil.example');
    expect(own.statusCode).toBe(200);
    expect(own.headers.vary ?? '').not.toMatch(/host/i);
  });
});
