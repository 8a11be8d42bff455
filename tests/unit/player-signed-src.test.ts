import { describe, expect, it } from 'vitest';
import {
  RENEW_AHEAD_MS,
  RETRY_MS,
  SignedSource,
  signedExpiryMs,
  sourceKey,
  withTokenOf,
  type Timers,
} from '../../src/app/features/player/signed-src';

const SIG = 'A'.repeat(43);
const url = (exp: number, rest = 'master.m3u8', vodId = 1) =>
  `/media/vod/demo-a-v1/s/${vodId}.7.${exp}.${SIG}/${rest}`;

/** A clock the test moves by hand; timers fire when it passes them. */
function fakeTimers(startMs: number): Timers & { advance(ms: number): Promise<void> } {
  let now = startMs;
  let seq = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  return {
    now: () => now,
    setTimeout: (fn, ms) => {
      timers.set(++seq, { at: now + ms, fn });
      return seq;
    },
    clearTimeout: (id) => void timers.delete(id as number),
    async advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const next = [...timers.entries()].sort((a, b) => a[1].at - b[1].at)[0];
        if (!next || next[1].at > end) break;
        timers.delete(next[0]);
        now = next[1].at;
        next[1].fn();
        for (let i = 0; i < 5; i++) await Promise.resolve();
      }
      now = end;
    },
  };
}

describe('signed video URLs in the player', () => {
  it('reads the expiry, swaps the token under the same prefix only, and keys the source without it', () => {
    expect(signedExpiryMs(url(1_000))).toBe(1_000_000);
    expect(signedExpiryMs('/media/vod/demo-a-v1/trial/40/master.m3u8')).toBeNull();
    expect(withTokenOf(url(1_000, 'v360/seg_004.ts'), url(2_000))).toBe(url(2_000, 'v360/seg_004.ts'));
    // Another video's URL never lends its token.
    expect(withTokenOf(url(1_000, 'v360/seg_004.ts'), url(2_000, 'master.m3u8', 4))).toBe(
      url(1_000, 'v360/seg_004.ts'),
    );
    // hls.js asks for absolute URLs; the renewal answers a path: the token still moves over.
    const abs = `http://127.0.0.1:8080${url(1_000, 'a1/index.m3u8')}`;
    expect(withTokenOf(abs, url(2_000))).toBe(`http://127.0.0.1:8080${url(2_000, 'a1/index.m3u8')}`);
    expect(sourceKey(url(1_000))).toBe(sourceKey(url(2_000)));
    expect(sourceKey(url(1_000))).not.toBe(sourceKey(url(1_000, 'master.m3u8', 4)));
  });

  it('renews ahead of expiry, again and again, so every request of a long play carries a valid token', async () => {
    const start = 1_700_000_000_000;
    const clock = fakeTimers(start);
    let exp = start / 1000 + 600;
    let calls = 0;
    const signed = new SignedSource(
      url(exp),
      async () => {
        calls++;
        exp = clock.now() / 1000 + 600;
        return url(exp);
      },
      clock,
    );
    signed.start();
    await clock.advance(600_000 - RENEW_AHEAD_MS - 1);
    expect(calls).toBe(0);
    await clock.advance(1);
    expect(calls).toBe(1);
    // A 35-minute play: at every moment the token in use is unexpired.
    for (let t = 0; t < 35 * 60; t += 10) {
      await clock.advance(10_000);
      const next = await signed.urlFor(url(start / 1000 + 600, 'v360/seg_100.ts'));
      expect(signedExpiryMs(next)! - clock.now()).toBeGreaterThan(0);
      expect(next.endsWith('/v360/seg_100.ts')).toBe(true);
    }
    expect(calls).toBeGreaterThanOrEqual(4);
    signed.stop();
    const before = calls;
    await clock.advance(60 * 60_000);
    expect(calls).toBe(before);
  });

  it('retries a failed renewal, and renews first when the device slept past the expiry', async () => {
    const start = 1_700_000_000_000;
    const clock = fakeTimers(start);
    let fail = true;
    let calls = 0;
    const signed = new SignedSource(
      url(start / 1000 + 120),
      async () => {
        calls++;
        if (fail) throw new Error('offline');
        return url(clock.now() / 1000 + 600);
      },
      clock,
    );
    signed.start();
    await clock.advance(60_000);
    expect(calls).toBe(1);
    await clock.advance(RETRY_MS);
    expect(calls).toBe(2);
    fail = false;
    signed.stop();
    // Asleep past the expiry, no timer ran: the next request renews before it goes out.
    await clock.advance(10 * 60_000);
    const next = await signed.urlFor(url(start / 1000 + 120, 'v360/seg_007.ts'));
    expect(calls).toBe(3);
    expect(signedExpiryMs(next)).toBe(clock.now() + 600_000);
  });

  it('keeps a longer-lived URL the page got meanwhile, of the same video only', () => {
    const signed = new SignedSource(url(1_000), async () => url(1_000));
    signed.offer(url(900));
    signed.offer(url(5_000, 'master.m3u8', 4));
    expect(signed.latest()).toBe(url(1_000));
    signed.offer(url(2_000));
    expect(signed.latest()).toBe(url(2_000));
  });
});
