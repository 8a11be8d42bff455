import ky, { HTTPError, type KyInstance } from 'ky';
import {
  apiPath,
  Code,
  endpoints,
  Header,
  KEPT_ANSWER_HEADER,
  Msg,
  REQUEST_TIMEOUT_MS,
  type DataOf,
  type Endpoint,
  type EndpointId,
  type Envelope,
  type InputOf,
} from '../../../contract';
import { getAppType } from '../app-type';
import { bootKey, takeBootAnswer } from './boot';
import { isPrerendering, NotPrerendered, prerenderAnswer } from '../prerendering';
import { dynamicHost, staticHost } from '../hosts';
import { getDeviceId, getTraceId } from '../ids';
import { kvGet, KvKey } from '../kv';
import {
  ensureSession,
  loadSession,
  loginWith,
  peekSession,
  recoverySettled,
  resumeRecovery,
  setSession,
} from '../session';

export type FormBody = Record<string, string | number | boolean | null | undefined>;
export type Search = Record<string, string | number | boolean | undefined>;

interface SendOptions {
  /** 'static' reads go to the static-API host, everything else to the dynamic host. */
  host: 'static' | 'dynamic';
  /** 'required': register anonymously first if needed. 'optional': send the token when there is one. */
  auth: 'required' | 'optional';
  searchParams?: Search;
  body?: FormBody;
  signal?: AbortSignal;
  kept?: boolean;
}

/** What a call site may add to the table's facts. */
export interface CallOptions {
  /** Another host than the table's (the sign-in strip reads today_update on the dynamic host). */
  host?: 'static' | 'dynamic';
  /** Register a visitor first even for a public call, when the caller's own answer is wanted. */
  ensureSession?: boolean;
  signal?: AbortSignal;
  /**
   * Only the answer the service worker keeps (KEPT_ANSWER_HEADER), never the network: null when it keeps
   * none or no worker controls the page (the header would then reach the server as a real call).
   */
  kept?: boolean;
}

function toForm(body: FormBody): URLSearchParams {
  const f = new URLSearchParams();
  for (const [k, v] of Object.entries(body)) if (v !== undefined && v !== null) f.append(k, String(v));
  return f;
}

function cleanSearch(s: Search | undefined): Record<string, string> | undefined {
  if (!s) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(s)) if (v !== undefined) out[k] = String(v);
  return out;
}

/** Every call carries the spec's headers plus the session token (§7). */
async function identityHeaders(): Promise<Record<string, string>> {
  // Read together: each is its own IndexedDB request, and the first call of a page waits for all of them.
  const [s, traceId, deviceId, branchId] = await Promise.all([
    peekSession() ?? loadSession(),
    getTraceId(),
    getDeviceId(),
    kvGet<number>(KvKey.branchId),
  ]);
  const h: Record<string, string> = {
    [Header.traceId]: traceId,
    [Header.deviceId]: deviceId,
    [Header.branchId]: String(branchId ?? 0),
    [Header.appType]: getAppType(),
  };
  if (s) {
    h[Header.userId] = String(s.user.userId);
    h[Header.account] = s.user.account;
    h[Header.authorization] = `Bearer ${s.token}`;
  }
  return h;
}

const client: KyInstance = ky.create({
  timeout: REQUEST_TIMEOUT_MS,
  retry: 0,
  throwHttpErrors: true,
  hooks: {
    beforeRequest: [
      async (request) => {
        for (const [k, v] of Object.entries(await identityHeaders())) request.headers.set(k, v);
      },
    ],
  },
});

let recovering: Promise<void> | undefined;

/**
 * A revoked token (password changed elsewhere, or the account recovered): sign in to the recovered
 * account when there is one, else log in again with the stored password, else start anew — once,
 * however many calls were refused together.
 */
function recoverSession(refusedToken: string | undefined): Promise<void> {
  recovering ??= relogin(refusedToken).finally(() => {
    recovering = undefined;
  });
  return recovering;
}

async function relogin(refusedToken: string | undefined): Promise<void> {
  // A find_account in flight ends this device's session and brings the found account's: wait for it.
  await recoverySettled();
  if (await resumeRecovery()) return;
  const s = peekSession();
  if (s && s.token !== refusedToken) return; // signed in anew meanwhile
  if (s?.password) {
    // Only a refused password leads on to a new account; a failed call (offline, 429) keeps this one.
    const renewed = await loginWith(s.user.account, s.password);
    if (renewed) {
      await setSession(renewed);
      return;
    }
  }
  await setSession(null);
  await ensureSession();
}

async function send<T>(method: 'get' | 'post', path: string, opts: SendOptions): Promise<Envelope<T>> {
  if (isPrerendering()) {
    const key = bootKey(path, cleanSearch(opts.searchParams));
    // A kept copy is only shown while the caller's own answer is on its way: an inlined one will do.
    if (method !== 'get' || (opts.auth === 'required' && !opts.kept)) throw new NotPrerendered(key);
    return prerenderAnswer(key) as Envelope<T>;
  }
  if (opts.kept) {
    // On a first visit the page may carry it (a free chapter, for a visitor with no session yet).
    const key = bootKey(path, cleanSearch(opts.searchParams));
    const inlined = takeBootAnswer(key, Boolean(peekSession() ?? (await loadSession())));
    if (inlined) return inlined as Envelope<T>;
    if (!navigator.serviceWorker?.controller) throw new NotKept(path);
  }
  if (opts.auth === 'required') await ensureSession();
  const host = opts.host === 'static' ? staticHost() : dynamicHost();
  if (method === 'get' && opts.auth !== 'required') {
    const key = bootKey(path, cleanSearch(opts.searchParams));
    const inlined = takeBootAnswer(key, Boolean(peekSession() ?? (await loadSession())));
    if (inlined) return inlined as Envelope<T>;
  }
  const run = () =>
    client(`${host}${path}`, {
      method,
      searchParams: cleanSearch(opts.searchParams),
      body: opts.body ? toForm(opts.body) : method === 'post' ? new URLSearchParams() : undefined,
      signal: opts.signal,
      headers: opts.kept ? { [KEPT_ANSWER_HEADER]: '1' } : undefined,
    }).json<Envelope<T>>();
  // Nothing kept is an empty 204 (a worker's error status would be logged by the browser as a failure).
  if (opts.kept)
    return run().then(
      (r) => (r ? r : Promise.reject(new NotKept(path))),
      () => Promise.reject(new NotKept(path)),
    );
  try {
    return await run();
  } catch (err) {
    // Public calls carry the token too, so a revoked one is refused there as well.
    const hadSession = opts.auth === 'required' || Boolean(peekSession());
    if (err instanceof HTTPError && err.response.status === 401 && hadSession) {
      const refused = err.request.headers.get(Header.authorization)?.replace(/^Bearer /, '');
      await recoverSession(refused);
      try {
        return await run();
      } catch (again) {
        throw await rejected(method, path, again);
      }
    }
    throw await rejected(method, path, err);
  }
}

/**
 * Non-200: the call is rejected and logged; the UI keeps what it shows (§8). An answer that carries the
 * envelope (400 invalid input, 401, 404 no such book, 429) becomes an ApiError with its code and msg so a
 * screen may show it. Such an answer is the server's deliberate refusal, not a fault of the app: it is
 * logged as a warning. A network failure, a timeout or a 5xx is an error.
 */
async function rejected(method: string, path: string, err: unknown): Promise<unknown> {
  const what = `[api] ${method.toUpperCase()} ${path} failed`;
  if (!(err instanceof HTTPError)) {
    console.error(what, err);
    return err;
  }
  const status = err.response.status;
  const body = (await err.response
    .clone()
    .json()
    .catch(() => null)) as Partial<Envelope<unknown>> | null;
  if (body && typeof body.msg === 'string') {
    const refusal = new ApiError(body.code ?? status, body.msg, body.data ?? null, status);
    if (isRefusal(refusal)) console.warn(what, status, body.code, body.msg);
    else console.error(what, err);
    return refusal;
  }
  console.error(what, err);
  return new ApiError(status, Msg.loadFailed, null, status);
}

type CallArgs<K extends EndpointId> =
  unknown extends InputOf<K>
    ? [input?: InputOf<K>, opts?: CallOptions]
    : [input: InputOf<K>, opts?: CallOptions];
interface WireInput {
  params?: Record<string, string | number>;
  query?: Search;
  body?: FormBody;
}

/**
 * Makes the call `id` of the contract's table with its typed input: method, path, host and whether a
 * session is needed come from the table, so no call site spells them.
 */
export function call<K extends EndpointId>(
  id: K,
  ...[input, opts = {}]: CallArgs<K>
): Promise<Envelope<DataOf<K>>> {
  const e: Endpoint = endpoints[id];
  const { params, query, body } = (input ?? {}) as WireInput;
  return send<DataOf<K>>(e.method === 'GET' ? 'get' : 'post', apiPath(e.path, params), {
    host: opts.host ?? e.host ?? 'dynamic',
    auth: e.auth !== 'public' || opts.ensureSession ? 'required' : 'optional',
    searchParams: query,
    body,
    signal: opts.signal,
    kept: opts.kept,
  });
}

/** No kept answer for a `kept` call (nothing kept, or no service worker): not a failure to log. */
export class NotKept extends Error {
  constructor(path: string) {
    super(`nothing kept for ${path}`);
    this.name = 'NotKept';
  }
}

/** Data of a successful answer, or an ApiError carrying the answer's code and msg. */
export class ApiError extends Error {
  constructor(
    readonly code: number | string,
    message: string,
    readonly data: unknown = null,
    /** HTTP status when the call was rejected (non-200); undefined for a 200 answer with result false. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
/**
 * A call the server refused on purpose with a 4xx status and its envelope (invalid input, no such book,
 * too many attempts): asking again gets the same answer, so it is neither retried nor an error.
 */
export const isRefusal = (err: unknown): err is ApiError =>
  err instanceof ApiError && err.status !== undefined && err.status >= 400 && err.status < 500;

export function unwrap<T>(res: Envelope<T>): T {
  if (!res.result || res.code !== Code.OK) throw new ApiError(res.code, res.msg, res.data);
  return res.data;
}

/** Where an answer came from, for codes whose words depend on the call (400 is also the generic refusal). */
export type CodeContext = 'read' | 'buy' | 'find-account' | 'other';

/**
 * The words to show for a failed answer (spec §8): the contract's message for codes with a fixed text,
 * else the server's msg, else 加载失败.
 */
export function messageForCode(
  code: number | string | undefined,
  serverMsg?: string,
  context: CodeContext = 'other',
): string {
  if (code === Code.CONGESTION) return Msg.congestion;
  if (code === Code.NO_CHAPTER && context === 'read') return Msg.noMoreChapters;
  if (code === Code.UNPAID && context === 'buy') return Msg.notEnoughCoins;
  if (code === Code.NOT_FOUND && context === 'find-account') return Msg.accountNotFound;
  if (code === Code.UNAUTHORIZED) return serverMsg || Msg.loginRequired;
  if (code === Code.RATE_LIMITED) return serverMsg || Msg.tooManyAttempts;
  return serverMsg || Msg.loadFailed;
}

/** messageForCode for anything a call may throw. */
export const messageForError = (err: unknown, context: CodeContext = 'other') =>
  err instanceof ApiError ? messageForCode(err.code, err.message, context) : Msg.loadFailed;
