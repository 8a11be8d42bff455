import type { Clock } from '../ports/clock.js';

/** The machine's clock: what the composition root gives every node outside tests. */
export const systemClock: Clock = { now: () => new Date() };
