import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { clearAttempts, releaseAttempt, reserveAttempt, throttleKey, type ThrottleRule } from './throttle.js';

/**
 * Who may have a password checked for a login name, decided before the hash runs. Every attempt is
 * reserved with an atomic increment in the database (shared by all API nodes), so however many
 * arrive at once, no more than the rules allow are ever evaluated; a success or an attempt that never
 * got evaluated gives its reservations back.
 *
 * - Per login name and client address: 10 per 15 minutes, then that address is refused for that name.
 * - Per login name overall: 10 at full speed per 15 minutes, then one every 30 seconds. Strangers
 *   guessing from many addresses are slowed down to a trickle, but the owner is never locked out:
 *   the next free slot evaluates the owner's password like anyone's.
 * - The device the account last signed in on (x-device-id equal to users.device_id) skips the overall
 *   slowdown, with its own 10 per 15 minutes: strangers' guesses never delay the owner's own phone.
 */
export const LOGIN_PAIR: ThrottleRule = { limit: 10, windowMs: 15 * 60_000 };
export const LOGIN_ACCOUNT: ThrottleRule = { limit: 10, windowMs: 15 * 60_000 };
export const LOGIN_SLOW: ThrottleRule = { limit: 1, windowMs: 30_000 };
export const LOGIN_DEVICE: ThrottleRule = { limit: 10, windowMs: 15 * 60_000 };

/** Keys of two parts stay short and never collide by truncation. */
const digest = (a: string, b: string) => createHash('sha256').update(`${a}\n${b}`).digest('hex');

export type LoginAdmission =
  | { admitted: true; settle(outcome: 'success' | 'failure' | 'not-evaluated'): Promise<void> }
  | { admitted: false; retryAfterSeconds: number };

export async function admitLogin(
  db: Kysely<DB>,
  name: string,
  address: string,
  ownDevice: string | null,
): Promise<LoginAdmission> {
  const lower = name.toLowerCase();
  const pairKey = throttleKey('login-pair', digest(address, lower));
  const held: string[] = [];
  const refuse = async (retryAfterSeconds: number): Promise<LoginAdmission> => {
    for (const key of held) await releaseAttempt(db, key);
    return { admitted: false, retryAfterSeconds };
  };

  const pair = await reserveAttempt(db, pairKey, LOGIN_PAIR);
  if (!pair.admitted) return refuse(pair.retryAfterSeconds);
  held.push(pairKey);

  let forgiveOnSuccess: string[];
  if (ownDevice) {
    const deviceKey = throttleKey('login-device', digest(ownDevice, lower));
    const device = await reserveAttempt(db, deviceKey, LOGIN_DEVICE);
    if (!device.admitted) return refuse(device.retryAfterSeconds);
    held.push(deviceKey);
    forgiveOnSuccess = [pairKey, deviceKey, throttleKey('login', lower)];
  } else {
    const accountKey = throttleKey('login', lower);
    const account = await reserveAttempt(db, accountKey, LOGIN_ACCOUNT);
    if (account.admitted) {
      held.push(accountKey);
    } else {
      const slowKey = throttleKey('login-slow', lower);
      const slot = await reserveAttempt(db, slowKey, LOGIN_SLOW);
      if (!slot.admitted) return refuse(slot.retryAfterSeconds);
      held.push(slowKey);
    }
    forgiveOnSuccess = [pairKey, accountKey];
  }

  return {
    admitted: true,
    async settle(outcome) {
      if (outcome === 'not-evaluated') for (const key of held) await releaseAttempt(db, key);
      // The right password ends the count of failures against this name: only the owner can.
      else if (outcome === 'success') await clearAttempts(db, forgiveOnSuccess);
    },
  };
}

/** Whether `deviceId` is the device the account named `login` (account or bound mobile) last signed in on. */
export async function isOwnDevice(db: Kysely<DB>, login: string, deviceId: string | null): Promise<boolean> {
  if (!deviceId || !login) return false;
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb.or([eb('account', '=', login), eb('mobile', '=', login)]))
    .where('device_id', '=', deviceId)
    .executeTakeFirst();
  return row !== undefined;
}
