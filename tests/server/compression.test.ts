import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, apiPath } from '../../src/contract/index.js';
import { FAST_HASHING } from './helpers/accounts.js';
import { anonHeaders } from './helpers/catalogue.js';
import { insertFixtureCatalogue } from './helpers/fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const SCRIPT = `export const words = ${JSON.stringify('漫画 '.repeat(2000))};`;
const INDEX = `<!doctype html><html><head><title>Inkreel</title></head><body>${'<p>x</p>'.repeat(300)}</body></html>`;

/** A build output as vite.config.ts leaves it: text assets beside their .br and .gz twins. */
function builtDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'inkreel-dist-'));
  mkdirSync(join(dir, 'assets'));
  const write = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    writeFileSync(join(dir, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(dir, `${name}.gz`), gzipSync(text));
  };
  write('index.html', INDEX);
  write('assets/index-AbC123.js', SCRIPT);
  return dir;
}

describe('compression on the wire', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = builtDist();
    t = await createTestApp({ ...FAST_HASHING, DIST_DIR: dist });
    await insertFixtureCatalogue(t.database.db);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url, headers: { ...anonHeaders(), ...headers } });

  it('sends the precompressed twin of a hashed asset by Accept-Encoding, with Vary', async () => {
    const br = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 5);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-AbC123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('compresses the app page served for a deep link', async () => {
    const page = await get('/book/read/1/2', { accept: 'text/html', 'accept-encoding': 'br' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(INDEX);
  });

  it('compresses API JSON above the threshold and leaves small answers alone', async () => {
    const url = apiPath(Api.homeIndex);
    const plain = await get(url, { 'accept-encoding': 'identity' });
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await get(url, { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(JSON.parse(plain.body));

    const small = await get('/healthz', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('leaves encrypted images as they are (ciphertext does not shrink)', async () => {
    const home = await get(apiPath(Api.homeIndex), {});
    const img = /"(\/media\/img\/[^"]+)"/.exec(home.body)?.[1];
    expect(img).toBeTruthy();
    const res = await get(img!, { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
