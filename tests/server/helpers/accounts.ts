import { randomBytes } from 'node:crypto';
import type { SessionData } from '../../../src/contract/index.js';
import type { App } from '../../../src/server/context.js';

/** Low hashing cost for test apps: createTestApp(FAST_HASHING). Production stays at 2^17. */
export const FAST_HASHING = { SCRYPT_COST_LOG2: '10' } as const;

let ipCounter = 0;
/**
 * A fresh client address per call: register and login are rate limited per IP (10 a minute), and
 * test apps are called from 127.0.0.1, a trusted proxy, so X-Forwarded-For names the client.
 */
export const freshIp = () => {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

export const newDeviceId = () => randomBytes(16).toString('hex');

/** Headers the app sends on every call, for a signed-in user. */
export function authHeaders(s: Pick<SessionData, 'token' | 'userId' | 'account'>): Record<string, string> {
  return {
    authorization: `Bearer ${s.token}`,
    'x-user-id': String(s.userId),
    'x-account': s.account,
    'x-trace-id': `t-${randomBytes(6).toString('hex')}`,
  };
}

/** Registers an anonymous user through the real call and returns its session data (with password). */
export async function registerUser(
  app: App,
  opts: { deviceId?: string; branchId?: number; fromDomain?: string } = {},
): Promise<SessionData> {
  const headers: Record<string, string> = {
    'x-trace-id': `t-${randomBytes(6).toString('hex')}`,
    'x-forwarded-for': freshIp(),
  };
  if (opts.deviceId) headers['x-device-id'] = opts.deviceId;
  if (opts.branchId !== undefined) headers['x-branch-id'] = String(opts.branchId);
  const query = opts.fromDomain ? `?fromDomain=${encodeURIComponent(opts.fromDomain)}` : '';
  const res = await app.inject({ method: 'POST', url: `/api/user/register${query}`, headers });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { result: boolean; data: SessionData };
  if (!body.result) throw new Error(`register refused: ${res.body}`);
  return body.data;
}

/** `count` new users, one after another (registration is rate limited per address). */
export async function registerUsers(app: App, count: number): Promise<SessionData[]> {
  const users: SessionData[] = [];
  for (let i = 0; i < count; i++) users.push(await registerUser(app));
  return users;
}
