import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { storedSecret } from '../secrets.js';

const SETTING = 'sms_code_key';
const keys = new WeakMap<Kysely<DB>, Promise<string>>();

/**
 * The install's own key for SMS code hashes: made at random by the first node that needs it and kept
 * in settings, so every node agrees and no two installs share it. A plain hash of a 6-digit code is
 * reversed by trying all million; a keyed one is not without the key.
 */
function codeKey(db: Kysely<DB>): Promise<string> {
  let key = keys.get(db);
  if (!key) {
    key = storedSecret(db, SETTING);
    // A failed read is not kept: the next call tries again.
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

export interface CodeSubject {
  purpose: string;
  mobile: string;
  userId: number;
}

/** The stored form of a code: bound to its purpose, number and user, so it proves nothing elsewhere. */
export async function hashCode(db: Kysely<DB>, s: CodeSubject, code: string): Promise<string> {
  const key = await codeKey(db);
  return createHmac('sha256', key).update(`${s.purpose}:${s.mobile}:${s.userId}:${code}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
