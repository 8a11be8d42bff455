import { randomBytes, timingSafeEqual } from 'node:crypto';
import { DEFAULT_HASH_QUEUE_MAX, DEFAULT_SCRYPT_COST_LOG2 } from '../config.js';
import { encode, P, parseHash, R, SALT_LEN, scryptKey } from './passwords.js';

/**
 * Each scrypt at N=2^17 holds 128 MiB and a core for about half a second while it runs on libuv's
 * pool: at most two run at once, and only a few more may wait. A hash that would have to wait
 * longer is refused at once (HashingBusyError, answered 429): under a flood, everyone else's login
 * keeps a bounded wait instead of a queue that grows with the attacker.
 */
const MAX_PARALLEL = 2;

/**
 * Places kept for the account owner's own device (a login whose x-device-id is the device the account
 * last signed in on): a flood from many addresses fills the ordinary places, not these, and the
 * owner's hash starts at once in a third slot rather than after the strangers' running ones.
 */
export const OWNER_RESERVED = 2;

/** Thrown instead of queueing when the hashing queue is full. */
export class HashingBusyError extends Error {
  constructor() {
    super('password hashing queue full');
  }
}

/**
 * Password hashing and checking through one node's bounded hashing queue. The composition root makes
 * one per app with HASH_QUEUE_MAX; its counters are the queue's own state, not settings.
 */
export class PasswordHasher {
  private readonly maxWaiting: number;
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  /** Calls admitted to a hashing route and not yet answered (see takeTicket). */
  private tickets = 0;
  private readonly dummyHashes = new Map<number, Promise<string>>();

  /**
   * What the queue did since it was made (tests and benches read it): hashes started, refused, the
   * longest queue, hashes that had to wait for a slot, and owner's hashes started in the slot beyond
   * the two because both were busy.
   */
  readonly stats = { started: 0, refused: 0, peakWaiting: 0, waited: 0, ownerSlot: 0 };

  constructor(maxWaiting: number = DEFAULT_HASH_QUEUE_MAX) {
    this.maxWaiting = Math.max(0, Math.floor(maxWaiting));
  }

  /** Calls admitted at the door, hashes running and waiting, now (for tests and diagnostics). */
  load() {
    return { tickets: this.tickets, running: this.running, waiting: this.waiting.length };
  }

  /**
   * Admission at the door of a hashing route, before any database work: at most as many calls as the
   * queue can hold (running plus waiting) are in progress at once, so a burst is refused at once
   * instead of each call writing attempt counters for a hash the queue would refuse anyway.
   */
  doorFull(): boolean {
    return this.tickets >= MAX_PARALLEL + this.maxWaiting;
  }

  takeTicket(ownDevice = false): boolean {
    if (this.tickets >= MAX_PARALLEL + this.maxWaiting + (ownDevice ? OWNER_RESERVED : 0)) {
      this.stats.refused++;
      return false;
    }
    this.tickets++;
    return true;
  }

  returnTicket(): void {
    this.tickets = Math.max(0, this.tickets - 1);
  }

  /** A new hash at `costLog2` (production: 2^17). */
  hash(password: string, costLog2: number = DEFAULT_SCRYPT_COST_LOG2): Promise<string> {
    return this.hashIn(password, costLog2, false);
  }

  /** Constant-time check of a password against an encoded hash; a malformed hash never matches. */
  async verify(password: string, encoded: string, opts: { ownDevice?: boolean } = {}): Promise<boolean> {
    const parsed = parseHash(encoded);
    if (!parsed) return false;
    const key = await this.withSlot(
      () => scryptKey(password, parsed.salt, parsed.costLog2, parsed.r, parsed.p),
      opts.ownDevice,
    );
    return timingSafeEqual(key, parsed.key);
  }

  /**
   * Spend the same time as a real check when the account does not exist, so the answer time does not
   * tell whether an account is registered.
   */
  async burnVerify(password: string, costLog2: number, opts: { ownDevice?: boolean } = {}): Promise<false> {
    let dummy = this.dummyHashes.get(costLog2);
    if (!dummy) {
      dummy = this.hashIn(randomBytes(12).toString('base64url'), costLog2, opts.ownDevice ?? false);
      this.dummyHashes.set(costLog2, dummy);
      // Refused by a full queue: make it again next time, or unknown names would answer 429 for good.
      dummy.catch(() => this.dummyHashes.delete(costLog2));
    }
    await this.verify(password, await dummy, opts);
    return false;
  }

  /** A hash at `costLog2`, in the owner's place of the queue when `owner` (see withSlot). */
  private async hashIn(password: string, costLog2: number, owner: boolean) {
    const salt = randomBytes(SALT_LEN);
    const key = await this.withSlot(() => scryptKey(password, salt, costLog2, R, P), owner);
    return encode(costLog2, salt, key);
  }

  private async withSlot<T>(fn: () => Promise<T>, owner = false): Promise<T> {
    const { stats, waiting } = this;
    // The owner's hash may use one slot beyond the two: it never waits behind strangers' hashes.
    if (this.running >= MAX_PARALLEL + (owner ? 1 : 0)) {
      if (waiting.length >= this.maxWaiting + (owner ? OWNER_RESERVED : 0)) {
        stats.refused++;
        throw new HashingBusyError();
      }
      stats.waited++;
      await new Promise<void>((resolve) => {
        if (owner) waiting.unshift(resolve);
        else waiting.push(resolve);
        stats.peakWaiting = Math.max(stats.peakWaiting, waiting.length);
      });
    } else if (++this.running > MAX_PARALLEL) stats.ownerSlot++;
    stats.started++;
    try {
      return await fn();
    } finally {
      // A slot beyond the two (the owner's) closes; any other passes to the next in line.
      const next = this.running > MAX_PARALLEL ? undefined : waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
