import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { prepared } from '../db/prepared.js';
import type { DB } from '../db/schema.js';

/** Sessions live 180 days after their last use. */
export const SESSION_TTL_MS = 180 * 24 * 3600 * 1000;
/** last_seen_at (and so the expiry) moves at most once an hour: one write per hour per session, not per call. */
export const SESSION_TOUCH_MS = 3600 * 1000;
/** 32 random bytes: 256 bits, base64url (43 characters). */
const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

type Db = Kysely<DB> | Transaction<DB>;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface SessionUser {
  sessionId: number;
  userId: number;
  account: string;
}

/** A new opaque token for the user; only its sha256 is stored. */
export async function createSession(db: Db, userId: number, now: Date = new Date()): Promise<string> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const iso = now.toISOString();
  await db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      created_at: iso,
      last_seen_at: iso,
      expires_at: new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
      revoked_at: null,
    })
    .execute();
  return token;
}

// Every signed-in call asks this first: prepared once (db/prepared.ts).
const sessionByTokenHash = prepared((db, p: { tokenHash: string }) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as sessionId',
      'sessions.last_seen_at as lastSeen',
      'sessions.expires_at as expiresAt',
      'sessions.revoked_at as revokedAt',
      'users.id as userId',
      'users.account as account',
    ])
    .where('sessions.token_hash', '=', p.tokenHash),
);

/** The live session behind a token, or null (unknown, expired or revoked). Slides the expiry hourly. */
export async function resolveSession(
  db: Db,
  token: string,
  now: Date = new Date(),
): Promise<SessionUser | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const row = await sessionByTokenHash.executeTakeFirst(db, { tokenHash: hashToken(token) });
  if (!row || row.revokedAt !== null || Date.parse(row.expiresAt) <= now.getTime()) return null;
  if (now.getTime() - Date.parse(row.lastSeen) >= SESSION_TOUCH_MS) {
    const iso = now.toISOString();
    await db
      .updateTable('sessions')
      .set({ last_seen_at: iso, expires_at: new Date(now.getTime() + SESSION_TTL_MS).toISOString() })
      .where('id', '=', row.sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }
  return { sessionId: row.sessionId, userId: row.userId, account: row.account };
}

/** Revokes every live session of the user except `keepSessionId` (the caller's own). */
export async function revokeSessions(db: Db, userId: number, keepSessionId?: number, now: Date = new Date()) {
  let q = db
    .updateTable('sessions')
    .set({ revoked_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepSessionId !== undefined) q = q.where('id', '<>', keepSessionId);
  await q.execute();
}
