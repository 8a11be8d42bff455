import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPrerenderer, type Prerenderer } from '../../src/server/http/prerender.js';

/** A build whose renderer answers with what it was given (and counts its renders). */
function distWith(renderer: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'inkreel-ssr-'));
  mkdirSync(join(dir, '.ssr'));
  writeFileSync(join(dir, '.ssr', 'render.mjs'), renderer);
  return dir;
}
const ECHO = `let n = 0;
export async function renderFirstScreen(url, entries, visitor) { n++; return '<p>' + url + ' ' + entries.length + visitor.cookie + ' #' + n + '</p>'; }`;
/** A visitor with no cookies. */
const V = { cookie: '', userAgent: 'Mozilla/5.0 (Linux; Android 14) Mobile' };

describe('the server prerender of first screens', () => {
  let p: Prerenderer | null = null;
  let dir = '';
  const logs: string[] = [];
  afterEach(async () => {
    await p?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('renders in its worker and keeps a render for the same page, answers and visitor', async () => {
    dir = distWith(ECHO);
    // A generous budget: the first render also starts the worker (slow on a busy machine).
    p = createPrerenderer(dir, (m) => logs.push(m), 20_000);
    const entries = [{ url: '/api/x', anonymousOnly: false, body: { a: 1 } }];
    expect(await p!.render('http://h/home', entries, V)).toBe('<p>http://h/home 1 #1</p>');
    expect(await p!.render('http://h/home', entries, V)).toBe('<p>http://h/home 1 #1</p>');
    // Other answers, another render.
    expect(await p!.render('http://h/home', [], V)).toBe('<p>http://h/home 0 #2</p>');
    // The render is given the visitor's cookies (home's download tip may have been closed): another
    // visitor's cookies, another render, never the kept one.
    const closed = { ...V, cookie: ' downloadTip=1' };
    expect(await p!.render('http://h/home', entries, closed)).toBe('<p>http://h/home 1 downloadTip=1 #3</p>');
    expect(await p!.render('http://h/home', entries, V)).toBe('<p>http://h/home 1 #1</p>');
  });

  it('renders one page at a time: a render keeps its state in module globals across its awaits', async () => {
    dir = distWith(`let page;
    export async function renderFirstScreen(url, entries, visitor) {
      page = url + visitor.cookie;
      await new Promise((r) => setTimeout(r, 50));
      return '<p>' + page + '</p>';
    }`);
    p = createPrerenderer(dir, (m) => logs.push(m), 20_000);
    const [a, b] = await Promise.all([
      p!.render('http://h/a', [], V),
      p!.render('http://h/b', [], { ...V, cookie: ' downloadTip=1' }),
    ]);
    expect([a, b]).toEqual(['<p>http://h/a</p>', '<p>http://h/b downloadTip=1</p>']);
  });

  it('skips a render whose page has already gone out without it', async () => {
    dir = distWith(`let n = 0;
    export async function renderFirstScreen(url) {
      n++;
      if (url.endsWith('/slow')) await new Promise((r) => setTimeout(r, 1500));
      return '<p>' + url + ' #' + n + '</p>';
    }`);
    p = createPrerenderer(dir, (m) => logs.push(m), 1_000);
    // Warm: the worker and its renderer loaded (the first render may take longer than the budget).
    await expect.poll(() => p!.render('http://h/warm', [], V), { timeout: 20_000 }).not.toBeNull();
    const before = Number(/#(\d+)/.exec((await p!.render('http://h/count', [], V))!)![1]);
    // /x waits behind /slow past its budget: both pages go out without a prerender, and /x is never rendered.
    expect(await Promise.all([p!.render('http://h/slow', [], V), p!.render('http://h/x', [], V)])).toEqual([
      null,
      null,
    ]);
    await new Promise((r) => setTimeout(r, 700));
    expect(await p!.render('http://h/y', [], V)).toBe(`<p>http://h/y #${before + 2}</p>`);
  });

  it('sends the page without a prerender when the renderer fails or is too slow', async () => {
    dir = distWith(`export async function renderFirstScreen(url) {
      if (url.endsWith('/fail')) throw new Error('boom');
      await new Promise((r) => setTimeout(r, 5000));
      return '<p>late</p>';
    }`);
    p = createPrerenderer(dir, (m) => logs.push(m), 1_000);
    expect(await p!.render('http://h/fail', [], V)).toBeNull();
    await expect.poll(() => logs.some((l) => l.includes('boom')), { timeout: 20_000 }).toBe(true);
    const started = Date.now();
    expect(await p!.render('http://h/slow', [], V)).toBeNull();
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it('follows a new build under a running server', async () => {
    dir = distWith(ECHO);
    p = createPrerenderer(dir, () => undefined, 20_000);
    expect(await p!.render('http://h/a', [], V)).toContain('#1');
    writeFileSync(join(dir, '.ssr', 'render.mjs'), ECHO.replace("'<p>'", "'<p>v2 '"));
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(dir, '.ssr', 'render.mjs'), later, later);
    expect(await p!.render('http://h/a', [], V)).toBe('<p>v2 http://h/a 0 #1</p>');
  });

  it('is off when the build has no renderer', () => {
    dir = mkdtempSync(join(tmpdir(), 'inkreel-ssr-'));
    expect(createPrerenderer(dir, () => undefined)).toBeNull();
  });
});
