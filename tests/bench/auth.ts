import { pathToFileURL } from 'node:url';
import { startServer } from './server.js';

/**
 * Issue 10 item 3: a flood of password-hashing calls must not stall other users' logins. The real
 * server at the production scrypt cost (N=2^17), an unrelated user logging in alone, then while
 * 200 hashing calls arrive at once: wrong-password bind_mobile from one anonymous session (the
 * finding), and logins to unknown names from 200 different addresses (a distributed flood).
 */
export interface AuthFigure {
  scenario: string;
  floodCalls: number;
  floodAnswered200: number;
  floodAnswered429: number;
  floodSeconds: number;
  /** The unrelated user's login during the flood. */
  loginStatus: number;
  loginSeconds: number;
  /** When the first try was refused (429), one retry after Retry-After: total time to signed in (null: refused again). */
  loginSignedInSeconds: number | null;
}

interface Session {
  token: string;
  userId: number;
  account: string;
  password: string;
}

let addressCounter = 0;
/** Distinct client addresses (the bench calls from loopback, a trusted proxy, via X-Forwarded-For). */
const nextAddress = () => {
  addressCounter++;
  return `10.99.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

const FORM = 'application/x-www-form-urlencoded';
const trace = () => `bench-auth-${Math.random().toString(36).slice(2, 10)}`;

const DEVICE = 'bench0auth0device0000000000000001';

async function register(url: string, deviceId?: string): Promise<Session> {
  const headers: Record<string, string> = { 'x-trace-id': trace(), 'x-forwarded-for': nextAddress() };
  if (deviceId) headers['x-device-id'] = deviceId;
  const res = await fetch(`${url}/api/user/register`, { method: 'POST', headers });
  const body = (await res.json()) as { result: boolean; data: Session };
  if (!body.result) throw new Error(`register answered ${res.status}`);
  return body.data;
}

async function timedLogin(url: string, s: Session, address: string, deviceId?: string) {
  const t0 = performance.now();
  const headers: Record<string, string> = {
    'x-trace-id': trace(),
    'content-type': FORM,
    'x-forwarded-for': address,
  };
  if (deviceId) headers['x-device-id'] = deviceId;
  const res = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers,
    body: new URLSearchParams({ account: s.account, password: s.password }).toString(),
  });
  const body = (await res.json()) as { result: boolean };
  if (res.status === 200 && !body.result) throw new Error('unrelated login refused its own password');
  return {
    status: res.status,
    seconds: (performance.now() - t0) / 1000,
    retryAfter: res.headers.get('retry-after'),
  };
}

/** The unrelated login during a flood; a refused first try is retried once after Retry-After. */
async function loginDuringFlood(url: string, s: Session, address: string, deviceId?: string) {
  const t0 = performance.now();
  const first = await timedLogin(url, s, address, deviceId);
  if (first.status === 200) return { ...first, signedIn: first.seconds };
  await new Promise((r) => setTimeout(r, Number(first.retryAfter ?? 1) * 1000));
  const second = await timedLogin(url, s, address, deviceId);
  return { ...first, signedIn: second.status === 200 ? (performance.now() - t0) / 1000 : null };
}

async function flood(
  url: string,
  scenario: string,
  calls: () => Promise<Response>,
  victim: Session,
  deviceId?: string,
): Promise<AuthFigure> {
  const N = 200;
  const t0 = performance.now();
  const pending = Array.from({ length: N }, () => calls().then((r) => r.status));
  // The flood is in: its hashes run or wait (or were refused) when the unrelated user logs in.
  await new Promise((r) => setTimeout(r, 100));
  const login = await loginDuringFlood(url, victim, nextAddress(), deviceId);
  const codes = await Promise.all(pending);
  return {
    scenario,
    floodCalls: N,
    floodAnswered200: codes.filter((c) => c === 200).length,
    floodAnswered429: codes.filter((c) => c === 429).length,
    floodSeconds: Number(((performance.now() - t0) / 1000).toFixed(2)),
    loginStatus: login.status,
    loginSeconds: Number(login.seconds.toFixed(2)),
    loginSignedInSeconds: login.signedIn === null ? null : Number(login.signedIn.toFixed(2)),
  };
}

export async function benchAuth(): Promise<AuthFigure[]> {
  // Production hashing cost and queue: whatever the caller's environment says (empty means default).
  const server = await startServer({ env: { SCRYPT_COST_LOG2: '', HASH_QUEUE_MAX: '' } });
  const { url } = server;
  try {
    const victim = await register(url, DEVICE);
    const attacker = await register(url);
    const figures: AuthFigure[] = [];

    const quiet: number[] = [];
    for (let i = 0; i < 3; i++) quiet.push((await timedLogin(url, victim, nextAddress())).seconds);
    const median = quiet.sort((a, b) => a - b)[1]!;
    figures.push({
      scenario: 'no flood',
      floodCalls: 0,
      floodAnswered200: 0,
      floodAnswered429: 0,
      floodSeconds: 0,
      loginStatus: 200,
      loginSeconds: Number(median.toFixed(2)),
      loginSignedInSeconds: Number(median.toFixed(2)),
    });

    const attackerAddress = nextAddress();
    figures.push(
      await flood(
        url,
        '200 bind_mobile, wrong password, one anonymous session',
        () =>
          fetch(`${url}/api/user/bind_mobile`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${attacker.token}`,
              'x-trace-id': trace(),
              'content-type': FORM,
              'x-forwarded-for': attackerAddress,
            },
            body: new URLSearchParams({ mobile: '13800138000', password: 'wrong-password' }).toString(),
          }),
        victim,
      ),
    );

    let n = 0;
    const distributed = () =>
      fetch(`${url}/api/user/login`, {
        method: 'POST',
        headers: { 'x-trace-id': trace(), 'content-type': FORM, 'x-forwarded-for': nextAddress() },
        body: new URLSearchParams({ account: `u${30_000_000 + n++}`, password: 'guess-1234' }).toString(),
      });
    figures.push(
      await flood(
        url,
        '200 logins to unknown names from 200 addresses; user on a new device',
        distributed,
        victim,
      ),
    );
    figures.push(
      await flood(
        url,
        '200 logins to unknown names from 200 addresses; user on own device',
        distributed,
        victim,
        DEVICE,
      ),
    );
    return figures;
  } finally {
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchAuth().then((f) => console.table(f));
}
