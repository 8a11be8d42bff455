import ky from 'ky';
import { Api, Header, type SessionData, type UserInfo } from '../../contract';
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
    })
    .json<{ result: boolean; data: SessionData }>();
  if (!res.result) throw new Error('register failed');
  const { token, password, ...user } = res.data;
  const s: StoredSession = { token, user, password: password ?? '' };
  await setSession(s);
  return s;
}

/**
 * The stored session, registering an anonymous user first when there is none —
 * exactly once even when many calls start together.
 */
export async function ensureSession(): Promise<StoredSession> {
  const s = await loadSession();
  if (current) return current;
  if (s) return s;
  registering ??= register().finally(() => {
    registering = undefined;
  });
  return registering;
}
