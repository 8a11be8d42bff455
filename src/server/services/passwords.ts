import { randomBytes, randomInt, scrypt, type ScryptOptions } from 'node:crypto';
import { MAX_COST_LOG2, MIN_COST_LOG2 } from '../config.js';

/**
 * Password hashing with scrypt (OWASP: N=2^17, r=8, p=1). The encoded hash carries its own
 * parameters, so hashes made at another cost still verify after the cost changes.
 * Format: `scrypt$<log2N>$<r>$<p>$<salt b64url>$<key b64url>`.
 */
export const R = 8;
export const P = 1;
const KEY_LEN = 32;
export const SALT_LEN = 16;

export function scryptKey(password: string, salt: Buffer, costLog2: number, r: number, p: number) {
  const N = 2 ** costLog2;
  const options: ScryptOptions = { N, r, p, maxmem: 128 * N * r * p + 16 * 1024 * 1024 };
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LEN, options, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export const encode = (costLog2: number, salt: Buffer, key: Buffer) =>
  ['scrypt', costLog2, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');

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

/** No 0/O, 1/l/I: users copy these by hand from a screenshot. */
const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const GENERATED_PASSWORD_LENGTH = 12;

/** A generated password: 12 characters of a 56-letter alphabet, about 70 bits. */
export function generatePassword(length: number = GENERATED_PASSWORD_LENGTH): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}
