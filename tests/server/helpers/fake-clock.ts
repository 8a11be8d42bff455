import type { Clock } from '../../../src/server/ports/clock.js';

/**
 * A clock a test moves: pass it to createTestApp(env, hooks, { clock }) and the app's rules (order
 * windows, SMS codes, sign-in days, VIP, job claims) run on it. It follows the real time, shifted by
 * what `advance` added, until `set` pins it to an instant; `reset` returns it to the real time.
 */
export class FakeClock implements Clock {
  private pinned: number | null = null;
  private offsetMs = 0;

  constructor(start?: Date | number) {
    if (start !== undefined) this.set(start);
  }

  now(): Date {
    return new Date(this.pinned ?? Date.now() + this.offsetMs);
  }

  /** Stops the clock at `at`. */
  set(at: Date | number): void {
    this.pinned = typeof at === 'number' ? at : at.getTime();
  }

  /** Moves the clock on by `ms` (pinned or running). */
  advance(ms: number): void {
    if (this.pinned !== null) this.pinned += ms;
    else this.offsetMs += ms;
  }

  /** Back to the real time. */
  reset(): void {
    this.pinned = null;
    this.offsetMs = 0;
  }
}
