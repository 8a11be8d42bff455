import ky, { HTTPError } from 'ky';
import {
  Api,
  Header,
  REQUEST_TIMEOUT_MS,
  type Envelope,
  type FindAccountData,
  type SessionData,
  type UserInfo,
} from '../../contract';
import { getDeviceId, getTraceId } from './ids';
import { kvDel, kvGet, kvSet, KvKey } from './kv';
import { dynamicHost } from './hosts';

/** The signed-in (possibly anonymous) user as kept on the device. */
export interface StoredSession {
  token: string;
  user: UserInfo;
  /** The password shown on Mine: set at register, find-account, login and password change. */
  password: string;
}

type Listener = (s: StoredSession | null) => void;
const listeners = new Set<Listener>();
let current: StoredSession | null | undefined;
let loading: Promise<StoredSession | null> | undefined;
let registering: Promise<StoredSession> | undefined;

function emit() {
  for (const l of listeners) l(current ?? null);
}

export function subscribeSession(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** Synchronous view for React (undefined until loaded from storage). */
export const peekSession = () => current;

export function loadSession(): Promise<StoredSession | null> {
  loading ??= kvGet<StoredSession>(KvKey.session).then((s) => {
    if (current === undefined) current = s ?? null;
    emit();
    return current;
  });
  return loading;
}

export async function setSession(s: StoredSession | null): Promise<void> {
  current = s;
  if (s) await kvSet(KvKey.session, s);
  else await kvDel(KvKey.session);
  emit();
}

export async function updateUser(user: UserInfo, password?: string): Promise<void> {
  const s = current ?? (await loadSession());
  if (!s) return;
  await setSession({ ...s, user: { ...user, password: undefined }, password: password ?? s.password });
}

/** The headers of the identity calls made outside the api client (no token of the stored session). */
async function bareHeaders(): Promise<Record<string, string>> {
  return { [Header.traceId]: await getTraceId(), [Header.deviceId]: await getDeviceId() };
}

async function register(): Promise<StoredSession> {
  const fromDomain = (await kvGet<string>(KvKey.sourceDomain)) ?? location.hostname;
  const branchId = (await kvGet<number>(KvKey.branchId)) ?? 0;
  const res = await ky
    .post(`${dynamicHost()}${Api.register}`, {
      searchParams: { fromDomain },
      headers: {
        [Header.traceId]: await getTraceId(),
        [Header.deviceId]: await getDeviceId(),
        [Header.branchId]: String(branchId),
      },
      timeout: 30_000,
      // A burst of new visitors can find the server's password-hashing queue full (429 with
      // Retry-After): a new visitor waits and tries again rather than starting without an account.
      retry: {
        limit: 4,
        methods: ['post'],
        statusCodes: [429, 503],
        afterStatusCodes: [429, 503],
        maxRetryAfter: 10_000,
      },
    })
    .json<{ result: boolean; data: SessionData }>();
  if (!res.result) throw new Error('register failed');
  // An account recovered while this call was out is the user's: it is kept, not replaced.
  await recoverySettled();
  if (adopting) await adopting.catch(() => undefined);
  if (current) return current;
  const { token, password, ...user } = res.data;
  const s: StoredSession = { token, user, password: password ?? '' };
  await setSession(s);
  return s;
}

/**
 * Account recovery (find_account) gives the found account a new password and ends all its sessions —
 * the device's own one too when it was signed in to it. The device must then be signed in to the found
 * account at once, and nothing may register a new anonymous account meanwhile (a user with coins would
 * silently land on an empty account). So: while a recovery call is in flight, identity changes wait for
 * it; its answer is kept on the device before anything else; and a kept answer is signed in to wherever
 * a new account would otherwise be registered.
 */
let recoveryInFlight: Promise<unknown> | undefined;
let adopting: Promise<StoredSession> | undefined;

/** Runs a find_account call; registration and re-login wait until it (and its sign-in) settled. */
export function whileRecovering<T>(work: () => Promise<T>): Promise<T> {
  const run = work();
  const settled = run.catch(() => undefined);
  recoveryInFlight = settled;
  void settled.then(() => {
    if (recoveryInFlight === settled) recoveryInFlight = undefined;
  });
  return run;
}

/** Resolves once no recovery call is in flight. */
export async function recoverySettled(): Promise<void> {
  while (recoveryInFlight) await recoveryInFlight;
}

const isUnauthorized = (err: unknown) => err instanceof HTTPError && err.response.status === 401;

async function infoWithToken(token: string): Promise<UserInfo> {
  const res = await ky
    .get(`${dynamicHost()}${Api.info}`, {
      headers: { ...(await bareHeaders()), [Header.authorization]: `Bearer ${token}` },
      timeout: REQUEST_TIMEOUT_MS,
      retry: 0,
    })
    .json<Envelope<UserInfo>>();
  if (!res.result) throw new Error(`user info refused: ${res.msg}`);
  return res.data;
}

/** Logs in with an account and password; null when the server refuses them. */
export async function loginWith(account: string, password: string): Promise<StoredSession | null> {
  const body = new URLSearchParams({ account, password });
  const res = await ky
    .post(`${dynamicHost()}${Api.login}`, { body, headers: await bareHeaders(), timeout: REQUEST_TIMEOUT_MS })
    .json<Envelope<SessionData>>();
  if (!res.result) return null;
  const { token, password: _ignored, ...user } = res.data;
  return { token, user, password };
}

/** The server refuses the recovered account's token and password alike: there is nothing to sign in to. */
class RecoveryRefused extends Error {}

async function signInTo(found: FindAccountData): Promise<StoredSession> {
  let s: StoredSession | null;
  try {
    s = { token: found.token, user: await infoWithToken(found.token), password: found.password };
  } catch (err) {
    // The recovery's own token ended meanwhile (say, recovered again elsewhere): its password still works.
    if (!isUnauthorized(err)) throw err;
    s = await loginWith(found.account, found.password);
  }
  if (!s) {
    await kvDel(KvKey.recovered);
    throw new RecoveryRefused('recovered account refused');
  }
  await setSession(s);
  await kvDel(KvKey.recovered);
  return s;
}

/**
 * Signs the device in to the account find_account recovered: its answer is kept on the device first,
 * so a failed call or a closed page cannot lose it, then the session becomes the found account's.
 */
export function signInRecovered(found: FindAccountData): Promise<StoredSession> {
  adopting = kvSet(KvKey.recovered, found)
    .then(() => signInTo(found))
    .finally(() => {
      adopting = undefined;
    });
  return adopting;
}

/**
 * A recovered account not signed in to yet (its answer is kept on the device), signed in to now; null
 * when there is none, or when the server refuses its credentials (they no longer open anything).
 */
export async function resumeRecovery(): Promise<StoredSession | null> {
  await recoverySettled();
  const found = adopting ? null : await kvGet<FindAccountData>(KvKey.recovered);
  try {
    return await (adopting ?? (found ? signInRecovered(found) : null));
  } catch (err) {
    if (err instanceof RecoveryRefused) return null;
    throw err;
  }
}

/**
 * The stored session, registering an anonymous user first when there is none —
 * exactly once even when many calls start together — unless a recovered account is waiting:
 * then the device signs in to that one instead.
 */
export async function ensureSession(): Promise<StoredSession> {
  const s = await loadSession();
  if (current) return current;
  if (s) return s;
  registering ??= (async () => (await resumeRecovery()) ?? (current || register()))().finally(() => {
    registering = undefined;
  });
  return registering;
}
