import { randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { DEFAULT_HASH_QUEUE_MAX, DEFAULT_SCRYPT_COST_LOG2, MAX_COST_LOG2, MIN_COST_LOG2 } from '../config.js';

/**
 * Password hashing with scrypt (OWASP: N=2^17, r=8, p=1). The encoded hash carries its own
 * parameters, so hashes made at another cost still verify after the cost changes.
 * Format: `scrypt$<log2N>$<r>$<p>$<salt b64url>$<key b64url>`.
 */
const R = 8;
const P = 1;
const KEY_LEN = 32;
const SALT_LEN = 16;

/**
 * Each scrypt at N=2^17 holds 128 MiB and a core for about half a second while it runs on libuv's
 * pool: at most two run at once, and only a few more may wait. A hash that would have to wait
 * longer is refused at once (HashingBusyError, answered 429): under a flood, everyone else's login
 * keeps a bounded wait instead of a queue that grows with the attacker.
 */
const MAX_PARALLEL = 2;
let maxWaiting = DEFAULT_HASH_QUEUE_MAX;
let running = 0;
const waiting: Array<() => void> = [];

/** Thrown instead of queueing when the hashing queue is full. */
export class HashingBusyError extends Error {
  constructor() {
    super('password hashing queue full');
  }
}

/**
 * What the hashing queue did since the process started (tests and benches read it): hashes started,
 * refused, the longest queue, hashes that had to wait for a slot, and owner's hashes started in the
 * slot beyond the two because both were busy.
 */
export const hashingStats = { started: 0, refused: 0, peakWaiting: 0, waited: 0, ownerSlot: 0 };

/** Sets how many hashes may wait for a slot (config HASH_QUEUE_MAX); the app calls it at start. */
export function setHashQueueMax(n: number) {
  maxWaiting = Math.max(0, Math.floor(n));
}

/** Calls admitted to a hashing route and not yet answered (see takeHashingTicket). */
let tickets = 0;

/**
 * Admission at the door of a hashing route, before any database work: at most as many calls as the
 * queue can hold (running plus waiting) are in progress at once, so a burst is refused at once
 * instead of each call writing attempt counters for a hash the queue would refuse anyway.
 */
/** Calls admitted at the door, hashes running and waiting, now (for tests and diagnostics). */
export const hashingLoad = () => ({ tickets, running, waiting: waiting.length });

/** True when ordinary calls are refused at the door (the owner's device may still have a place). */
export const hashingDoorFull = () => tickets >= MAX_PARALLEL + maxWaiting;

export function takeHashingTicket(ownDevice = false): boolean {
  if (tickets >= MAX_PARALLEL + maxWaiting + (ownDevice ? OWNER_RESERVED : 0)) {
    hashingStats.refused++;
    return false;
  }
  tickets++;
  return true;
}

export function returnHashingTicket() {
  tickets = Math.max(0, tickets - 1);
}

/**
 * Places kept for the account owner's own device (a login whose x-device-id is the device the account
 * last signed in on): a flood from many addresses fills the ordinary places, not these, and the
 * owner's hash starts at once in a third slot rather than after the strangers' running ones.
 */
export const OWNER_RESERVED = 2;

async function withSlot<T>(fn: () => Promise<T>, owner = false): Promise<T> {
  // The owner's hash may use one slot beyond the two: it never waits behind strangers' hashes.
  if (running >= MAX_PARALLEL + (owner ? 1 : 0)) {
    if (waiting.length >= maxWaiting + (owner ? OWNER_RESERVED : 0)) {
      hashingStats.refused++;
      throw new HashingBusyError();
    }
    hashingStats.waited++;
    await new Promise<void>((resolve) => {
      if (owner) waiting.unshift(resolve);
      else waiting.push(resolve);
      hashingStats.peakWaiting = Math.max(hashingStats.peakWaiting, waiting.length);
    });
  } else if (++running > MAX_PARALLEL) hashingStats.ownerSlot++;
  hashingStats.started++;
  try {
    return await fn();
  } finally {
    // A slot beyond the two (the owner's) closes; any other passes to the next in line.
    const next = running > MAX_PARALLEL ? undefined : waiting.shift();
    if (next) next();
    else running--;
  }
}

function scryptKey(password: string, salt: Buffer, costLog2: number, r: number, p: number) {
  const N = 2 ** costLog2;
  const options: ScryptOptions = { N, r, p, maxmem: 128 * N * r * p + 16 * 1024 * 1024 };
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LEN, options, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

function derive(
  password: string,
  salt: Buffer,
  costLog2: number,
  r: number,
  p: number,
  owner = false,
): Promise<Buffer> {
  return withSlot(() => scryptKey(password, salt, costLog2, r, p), owner);
}

const encode = (costLog2: number, salt: Buffer, key: Buffer) =>
  ['scrypt', costLog2, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');

export function hashPassword(password: string, costLog2: number = DEFAULT_SCRYPT_COST_LOG2) {
  return hashIn(password, costLog2, false);
}

/** A hash at `costLog2`, in the owner's place of the queue when `owner` (see withSlot). */
async function hashIn(password: string, costLog2: number, owner: boolean) {
  const salt = randomBytes(SALT_LEN);
  return encode(costLog2, salt, await derive(password, salt, costLog2, R, P, owner));
}

/**
 * Cost of the hashes of passwords the server draws itself (registration, account recovery). A slow
 * hash protects what people choose, which can be guessed; a drawn password carries about 70 bits of
 * chance, beyond any guessing from a stolen hash at any cost (as with access tokens). Hashed at the full
 * cost, every new visitor's first call held a core for half a second and a place in the hashing queue,
 * in front of the first chapter's data, and a crowd arriving from one link was refused (429).
 */
export const GENERATED_COST_LOG2 = MIN_COST_LOG2;

/** Hash of a password from generatePassword: the lowest accepted cost, outside the hashing queue (about 1 MiB, 2 ms). */
export async function hashGeneratedPassword(password: string) {
  const salt = randomBytes(SALT_LEN);
  return encode(GENERATED_COST_LOG2, salt, await scryptKey(password, salt, GENERATED_COST_LOG2, R, P));
}

/** The cost an encoded hash was made with, or null when it is not one of ours. */
export const hashCostOf = (encoded: string) => parseHash(encoded)?.costLog2 ?? null;

interface ParsedHash {
  costLog2: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

export function parseHash(encoded: string): ParsedHash | null {
  const parts = encoded.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [costLog2, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4], 'base64url');
  const key = Buffer.from(parts[5], 'base64url');
  const sane =
    Number.isInteger(costLog2) &&
    costLog2 >= MIN_COST_LOG2 &&
    costLog2 <= MAX_COST_LOG2 &&
    r >= 1 &&
    r <= 32 &&
    p >= 1 &&
    p <= 4 &&
    salt.length >= SALT_LEN &&
    key.length === KEY_LEN;
  return sane ? { costLog2, r, p, salt, key } : null;
}

/** Constant-time check of a password against an encoded hash; a malformed hash never matches. */
export async function verifyPassword(
  password: string,
  encoded: string,
  opts: { ownDevice?: boolean } = {},
): Promise<boolean> {
  const parsed = parseHash(encoded);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.costLog2, parsed.r, parsed.p, opts.ownDevice);
  return timingSafeEqual(key, parsed.key);
}

const dummyHashes = new Map<number, Promise<string>>();

/**
 * Spend the same time as a real check when the account does not exist, so the answer time does not
 * tell whether an account is registered.
 */
export async function burnVerify(
  password: string,
  costLog2: number,
  opts: { ownDevice?: boolean } = {},
): Promise<false> {
  let dummy = dummyHashes.get(costLog2);
  if (!dummy) {
    dummy = hashIn(randomBytes(12).toString('base64url'), costLog2, opts.ownDevice ?? false);
    dummyHashes.set(costLog2, dummy);
    // Refused by a full queue: make it again next time, or unknown names would answer 429 for good.
    dummy.catch(() => dummyHashes.delete(costLog2));
  }
  await verifyPassword(password, await dummy, opts);
  return false;
}

/** No 0/O, 1/l/I: users copy these by hand from a screenshot. */
const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const GENERATED_PASSWORD_LENGTH = 12;

/** A generated password: 12 characters of a 56-letter alphabet, about 70 bits. */
export function generatePassword(length: number = GENERATED_PASSWORD_LENGTH): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}
