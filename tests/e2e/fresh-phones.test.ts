/**
 * The suite opens a fresh phone (a new anonymous visitor) every few seconds. The server allows 10 new
 * accounts a minute per address, so phones that all came from 127.0.0.1 met 429s after a file of
 * fresh phones, and the next test that watches the console failed. Each phone now has an address of its
 * own (bench/phone.ts phoneAddress): more new visitors than the limit register without one 429.
 */
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH, phoneContext } from '../bench/phone';
import { RateLimits } from '../../src/server/http/rate-limits';
import { baseUrl } from './helpers';

describe('fresh phones', () => {
  it('more new visitors than one address may register in a minute all get accounts, none a 429', async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      const phones = RateLimits.register.max + 2;
      const answers: number[] = [];
      for (let i = 0; i < phones; i++) {
        // No service worker: the registration is the page's own request, seen here.
        const context = await browser.newContext(phoneContext(baseUrl(), { serviceWorkers: 'block' }));
        const page = await context.newPage();
        const registered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/user/register', {
          timeout: 30_000,
        });
        await page.goto('/user');
        answers.push((await registered).status());
        await context.close();
      }
      expect(answers).toEqual(Array(phones).fill(200));
    } finally {
      await browser.close();
    }
  });
});
