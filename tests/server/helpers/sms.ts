import { randomInt } from 'node:crypto';
import type { SessionData } from '../../../src/contract/index.js';
import type { App } from '../../../src/server/context.js';
import { authHeaders, freshIp } from './accounts.js';

type Session = Pick<SessionData, 'token' | 'userId' | 'account'>;
const form = 'application/x-www-form-urlencoded';

/** A mobile no other test of the run uses (11 digits starting with 1). */
export const freshMobile = () => `1${String(randomInt(3e9, 1e10)).padStart(10, '0')}`;

/** POST /api/user/send_bind_code as the user, from a fresh address unless one is given. */
export function sendBindCode(app: App, s: Session, mobile: string, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/user/send_bind_code',
    headers: { ...authHeaders(s), 'x-forwarded-for': freshIp(), 'content-type': form, ...headers },
    payload: new URLSearchParams({ mobile }).toString(),
  });
}

/** POST /api/user/bind_mobile with whatever fields are given. */
export function postBind(app: App, s: Session, fields: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: '/api/user/bind_mobile',
    headers: { ...authHeaders(s), 'x-forwarded-for': freshIp(), 'content-type': form },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** The newest code the sandbox delivered to this mobile, read from its test outbox page. */
export async function readOutboxCode(app: App, mobile: string): Promise<string | null> {
  const res = await app.inject({ method: 'GET', url: `/h5/sms/outbox?mobile=${mobile}` });
  if (res.statusCode !== 200) throw new Error(`outbox answered ${res.statusCode}`);
  return /<strong>(\d{6})<\/strong>/.exec(res.body)?.[1] ?? null;
}

/** Sends a code to the mobile and reads it from the outbox (the sandbox flow a tester follows). */
export async function requestCode(app: App, s: Session, mobile: string): Promise<string> {
  const sent = await sendBindCode(app, s, mobile);
  const body = sent.json<{ result: boolean }>();
  if (!body.result) throw new Error(`send_bind_code refused: ${sent.body}`);
  const code = await readOutboxCode(app, mobile);
  if (!code) throw new Error(`no code in the outbox for ${mobile}`);
  return code;
}
