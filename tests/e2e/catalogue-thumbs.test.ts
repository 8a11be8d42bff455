/**
 * The comic catalogue on a 390×844 phone: every chapter shows its own thumbnail (the opening panel of
 * its first page, not the book's wide cover repeated), loaded, in the 16:9 box, and long titles stay
 * inside their row.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dismissDialogs, launchMobile, type Mobile } from './helpers';

const SCREENS_DIR = resolve(import.meta.dirname, '..', 'bench', 'reports', 'screens');
let m: Mobile;

beforeAll(async () => {
  mkdirSync(SCREENS_DIR, { recursive: true });
  m = await launchMobile();
});
afterAll(async () => {
  await m?.close();
});

describe('comic catalogue', () => {
  it('shows a different, loaded first-page thumbnail for each chapter', async () => {
    const { page } = m;
    await page.goto('/book/1/catalog');
    await dismissDialogs(page, 800);
    const rows = page.locator('.chapter-row');
    await rows.nth(4).waitFor();
    // The first five chapters' thumbnails are decoded.
    await page.waitForFunction(
      () => {
        const imgs = [...document.querySelectorAll('.chapter-list > li')]
          .slice(0, 5)
          .map((li) => li.querySelector<HTMLImageElement>('.chapter-cover img'));
        return imgs.every((img) => img?.complete && img.naturalWidth > 0);
      },
      undefined,
      { timeout: 30_000, polling: 200 },
    );
    const shown = await page.$$eval('.chapter-list > li .chapter-cover img', (imgs) =>
      imgs.slice(0, 5).map((i) => {
        const img = i as HTMLImageElement;
        // A small canvas fingerprint of what is drawn: equal URLs or equal pictures would match.
        const c = document.createElement('canvas');
        c.width = 16;
        c.height = 9;
        c.getContext('2d')!.drawImage(img, 0, 0, 16, 9);
        const px = c.getContext('2d')!.getImageData(0, 0, 16, 9).data;
        return {
          src: img.currentSrc,
          ratio: img.naturalWidth / img.naturalHeight,
          print: Array.from(px.filter((_, k) => k % 4 !== 3)).join(','),
        };
      }),
    );
    expect(shown).toHaveLength(5);
    expect(new Set(shown.map((s) => s.src)).size).toBe(5);
    expect(new Set(shown.map((s) => s.print)).size).toBe(5);
    for (const s of shown) expect(s.ratio).toBeCloseTo(16 / 9, 1);
    // Titles stay in their row: nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(SCREENS_DIR, 'book-catalog-thumbs.png') });
  });
});
