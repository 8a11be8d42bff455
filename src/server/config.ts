import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEFAULT_IMAGE_KEY, DEFAULT_SHELL_UA_MARKER, VOD_TRIAL_SECONDS } from '../contract/index.js';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… to run on PostgreSQL; unset for the embedded SQLite in dataDir. */
  databaseUrl: string | undefined;
  /** Base64 AES-256 key for images (the app build reads the same IMAGE_KEY). */
  imageKey: string;
  /** Public base URL of this service (used in pay return and notify URLs). Empty: derived per request. */
  publicUrl: string;
  /**
   * Hosts the app calls for static reads and dynamic calls, as origins or bare host names
   * (originOfHost); empty means same origin. Pay apply links are built on the dynamic host.
   */
  staticApiHost: string;
  dynamicHost: string;
  /**
   * The pay providers this node offers (PAY_PROVIDER, a comma list; default sandbox). A pay channel whose
   * provider is not among them is neither listed nor payable.
   */
  /**
   * DEMO: the demo catalogue plugin (demo/plugin.ts) — seeded into an empty database, its pictures drawn
   * on demand and ahead, its videos made as jobs. On by default so `npm start` shows a catalogue; 0 starts
   * an empty service.
   */
  demo: boolean;
  payProviders: readonly string[];
  /** SMS provider of the bind code (SMS_PROVIDER); 'sandbox' delivers to the test outbox /h5/sms/outbox. */
  smsProvider: string;
  /**
   * Providers' own settings: every set variable named PAY_<PROVIDER>_…, SMS_<PROVIDER>_…, ALIPAY_… or
   * WECHATPAY_… (the names the providers' own documents use), read and checked by the provider's entry
   * in its table when the registry is built.
   */
  providerSettings: Readonly<Record<string, string>>;
  /**
   * Signs sandbox pay notifications and pay links; media URL and apply-ticket keys derive from it.
   * PAY_SECRET, else a random secret generated on first start and kept in the database (loadSecrets).
   */
  paySecret: string;
  /**
   * Trial length of every video that has none of its own (VOD_TRIAL_SECONDS; the spec's 40 s). The watch
   * answer, the trial playlists and their segment gate all read it through services/catalogue/trial.ts.
   */
  vodTrialSeconds: number;
  /** How long a signed full-video URL lasts (MEDIA_URL_TTL_S; 600 s, shorter only for tests). */
  mediaUrlTtlS: number;
  /** How often this node sweeps unpaid orders past their window (ORDER_SWEEP_MS); 0 turns it off. */
  orderSweepMs: number;
  /**
   * Where media lives (MEDIA_STORE): 'fs' keeps it under DATA_DIR/media on this node's disk; 's3' in a
   * bucket of S3-compatible storage that every node shares (settings in `s3`, checked by s3SettingsOf).
   */
  mediaStore: MediaStoreKind;
  /** S3_* settings as given (any may be missing until s3SettingsOf checks them). */
  s3: Partial<S3Settings>;
  /** Folder of the built PWA served on the same port. */
  distDir: string;
  logLevel: string;
  /**
   * Addresses whose X-Forwarded-For is believed (TRUST_PROXY, proxy-addr names or CIDRs): the reverse
   * proxies in front of this service. Rate limits count the address this yields.
   */
  trustProxy: string;
  /** Redis URL for rate-limit counters shared by several API nodes; unset keeps them per node. */
  redisUrl: string | undefined;
  /** log2 of scrypt's N for new password hashes: 17 unless SCRYPT_COST_LOG2 says otherwise (tests only). */
  scryptCostLog2: number;
  /** Password hashes that may wait for one of this node's two hashing slots (HASH_QUEUE_MAX, default 4). */
  hashQueueMax: number;
  /**
   * CHECK_ANSWERS=1 (tests): every JSON answer is checked against its call's schema on the way out. Off
   * by default: the check costs a third of read_chapter's throughput, and the tests hold the contract.
   */
  checkAnswers: boolean;
  /**
   * Our native shell's user-agent marker, for the server's render of first screens; the app's build
   * reads the same variable (VITE_SHELL_UA_MARKER).
   */
  shellUaMarker: string;
  /** Support contacts answered by /api/common/info/v2/:branchId. */
  support: {
    appDownloadUrl: string;
    email: string;
    qq: string;
    chatUrl: string;
    complaintUrl: string;
  };
}

export const MEDIA_STORE_KINDS = ['fs', 's3'] as const;
export type MediaStoreKind = (typeof MEDIA_STORE_KINDS)[number];

/** The bucket of S3-compatible storage media is kept in (MEDIA_STORE=s3, npm run media -- copy). */
export interface S3Settings {
  /** S3_ENDPOINT: the service's origin (http or https), addressed path-style: {endpoint}/{bucket}/{key}. */
  endpoint: string;
  bucket: string;
  /** S3_REGION: the region requests are signed for (us-east-1 unless set). */
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * Only a proxy on this machine is believed by default. Trusting every private range let any client
 * behind container address translation or on a shared LAN rotate X-Forwarded-For past every
 * per-address limit (30 of 30 registrations got through against 8 of 15 without it): a balancer
 * elsewhere is named in TRUST_PROXY, as the cluster's configuration does.
 */
export const DEFAULT_TRUSTED_PROXIES = 'loopback';

/** scrypt's N for new password hashes is 2^17 (OWASP); stored hashes carry their own cost. */
export const DEFAULT_SCRYPT_COST_LOG2 = 17;
/** Costs accepted when reading a stored hash or the override: outside this a hash is refused. */
export const MIN_COST_LOG2 = 10;
export const MAX_COST_LOG2 = 20;

/**
 * The cost for new hashes. Only the explicit SCRYPT_COST_LOG2 variable lowers it (tests do, for
 * speed); anything else, or a value outside 10..20, means the production default.
 */
export function scryptCostFromEnv(env: NodeJS.ProcessEnv): number {
  const raw = env.SCRYPT_COST_LOG2;
  const n = raw === undefined || raw === '' ? NaN : Number(raw);
  return Number.isInteger(n) && n >= MIN_COST_LOG2 && n <= MAX_COST_LOG2 ? n : DEFAULT_SCRYPT_COST_LOG2;
}

/** Hashes allowed to wait for a hashing slot (HASH_QUEUE_MAX); each adds about a quarter second of wait. */
export const DEFAULT_HASH_QUEUE_MAX = 4;

/** HASH_QUEUE_MAX: how many hashes may wait; a non-negative integer, else the default. */
export function hashQueueMaxFromEnv(env: NodeJS.ProcessEnv): number {
  const raw = env.HASH_QUEUE_MAX;
  const n = raw === undefined || raw === '' ? NaN : Number(raw);
  return Number.isInteger(n) && n >= 0 ? n : DEFAULT_HASH_QUEUE_MAX;
}

/** Trial lengths a video may have, in seconds (VOD_TRIAL_SECONDS and a video's own). */
export const TRIAL_SECONDS_RANGE = { min: 1, max: 3600 } as const;

/** VOD_TRIAL_SECONDS: a whole number of seconds in TRIAL_SECONDS_RANGE, else the spec's 40. */
export function trialSecondsFromEnv(env: NodeJS.ProcessEnv): number {
  const raw = env.VOD_TRIAL_SECONDS;
  const n = raw === undefined || raw === '' ? NaN : Number(raw);
  const { min, max } = TRIAL_SECONDS_RANGE;
  return Number.isInteger(n) && n >= min && n <= max ? n : VOD_TRIAL_SECONDS;
}

/** ORDER_SWEEP_MS: 30 s unless set; 0 (or anything but a positive number) turns the sweep off. */
function sweepInterval(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 30_000;
  const ms = Number(raw);
  return Number.isFinite(ms) && ms > 0 ? ms : 0;
}

/**
 * A setting the service cannot start with. Entry points print its message as the one line an operator
 * reads (it starts with the setting's name) and exit with EX_CONFIG, never with a stack trace.
 */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** sysexits' EX_CONFIG: a supervisor can be told not to restart a service that will only fail again. */
export const CONFIG_ERROR_EXIT = 78;

/** An entry point's last word on a ConfigError: its one line on stderr, then exit; anything else returns. */
export function exitOnConfigError(err: unknown): void {
  if (!(err instanceof ConfigError)) return;
  process.stderr.write(`${err.message}\n`);
  process.exit(CONFIG_ERROR_EXIT);
}

const DEFAULT_PROVIDER = 'sandbox';

/** PAY_PROVIDER: provider names, comma-separated, each once; unset or blank means sandbox. */
function payProvidersFromEnv(env: NodeJS.ProcessEnv): string[] {
  const names = (env.PAY_PROVIDER ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return names.length ? [...new Set(names)] : [DEFAULT_PROVIDER];
}

/** SMS_PROVIDER: the one provider bind codes go through; unset or blank means sandbox. */
function smsProviderFromEnv(env: NodeJS.ProcessEnv): string {
  const name = env.SMS_PROVIDER?.trim() || DEFAULT_PROVIDER;
  if (name.includes(','))
    throw new ConfigError(`SMS_PROVIDER: one provider expected, got "${name}" (codes go through one)`);
  return name;
}

const PROVIDER_SETTING = /^(?:(?:PAY|SMS)_[A-Z0-9]+|ALIPAY|WECHATPAY)_/;

function providerSettingsFromEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const [name, value] of Object.entries(env))
    if (PROVIDER_SETTING.test(name) && value?.trim()) settings[name] = value.trim();
  return settings;
}

/**
 * A key setting's text: the value itself when it is key material (a PEM block, or the bare base64 body
 * the providers' consoles show), else the file it names. A file that cannot be read is a ConfigError
 * naming the setting and the path, never the key.
 */
export function keySettingText(setting: string, value: string): string {
  if (value.includes('-----BEGIN') || /^[A-Za-z0-9+/=\s]{64,}$/.test(value)) return value;
  try {
    return readFileSync(value, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'unreadable';
    // Key material that is not quite bare (quoted, literal \n) lands here too: quote only what
    // cannot be a key (short, no long base64 run), as this line is printed at start-up.
    const path = value.length <= 255 && !/[A-Za-z0-9+/=]{40,}/.test(value);
    throw new ConfigError(
      `${setting}: neither a PEM key nor a readable file (${path ? `"${value}": ` : ''}${code})`,
    );
  }
}

/** DEMO: 1 (default) or 0; anything else stops the start rather than guess. */
export function demoFromEnv(env: NodeJS.ProcessEnv): boolean {
  const raw = env.DEMO?.trim().toLowerCase() ?? '';
  if (raw === '' || raw === '1' || raw === 'true' || raw === 'on') return true;
  if (raw === '0' || raw === 'false' || raw === 'off') return false;
  throw new ConfigError(`DEMO: expected 1 or 0, got "${env.DEMO}"`);
}

/** MEDIA_STORE: fs (default) or s3; anything else stops the start rather than guess. */
export function mediaStoreFromEnv(env: NodeJS.ProcessEnv): MediaStoreKind {
  const raw = env.MEDIA_STORE?.trim().toLowerCase() || 'fs';
  if (!(MEDIA_STORE_KINDS as readonly string[]).includes(raw))
    throw new ConfigError(`MEDIA_STORE: expected fs or s3, got "${env.MEDIA_STORE}"`);
  return raw as MediaStoreKind;
}

function s3SettingsFromEnv(env: NodeJS.ProcessEnv): Partial<S3Settings> {
  const given = (name: string) => env[name]?.trim() || undefined;
  return {
    endpoint: given('S3_ENDPOINT')?.replace(/\/+$/, ''),
    bucket: given('S3_BUCKET'),
    region: given('S3_REGION') ?? 'us-east-1',
    accessKeyId: given('S3_ACCESS_KEY_ID'),
    // Kept as given (a secret may end in spaces only by mistake, but it is not ours to change).
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
  };
}

const S3_SETTING_NAMES: Record<keyof S3Settings, string> = {
  endpoint: 'S3_ENDPOINT',
  bucket: 'S3_BUCKET',
  region: 'S3_REGION',
  accessKeyId: 'S3_ACCESS_KEY_ID',
  secretAccessKey: 'S3_SECRET_ACCESS_KEY',
};

/**
 * The S3 settings, complete and checked, or a ConfigError naming the first one missing or wrong (its
 * value is named only for the endpoint and bucket: keys are never printed).
 */
export function s3SettingsOf(config: Pick<Config, 's3'>): S3Settings {
  const s = config.s3;
  for (const field of Object.keys(S3_SETTING_NAMES) as (keyof S3Settings)[])
    if (!s[field]) throw new ConfigError(`${S3_SETTING_NAMES[field]}: required with MEDIA_STORE=s3`);
  const endpoint = s.endpoint!;
  let url: URL | null = null;
  try {
    url = new URL(endpoint);
  } catch {
    // reported below
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.username || url.password || url.search || url.hash)
    throw new ConfigError(
      `S3_ENDPOINT: expected an http(s) origin such as https://s3.example.com, got "${endpoint}"`,
    );
  // Bucket names as S3 takes them (lower case, digits, dots and hyphens, 3 to 63): a typo fails here.
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(s.bucket!))
    throw new ConfigError(`S3_BUCKET: not a bucket name S3 accepts: "${s.bucket}"`);
  return s as S3Settings;
}

/**
 * The origin of a configured host (STATIC_API_HOST, DYNAMIC_HOST, PUBLIC_URL): written as an origin
 * (https://api.example) or as a bare host name (api.example, taken as https). Null when empty or
 * unparsable.
 */
export function originOfHost(value: string): string | null {
  if (!value) return null;
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`).origin;
  } catch {
    return null;
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = resolve(env.DATA_DIR ?? './data');
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    imageKey: env.IMAGE_KEY ?? DEFAULT_IMAGE_KEY,
    publicUrl: (env.PUBLIC_URL ?? '').replace(/\/$/, ''),
    staticApiHost: env.STATIC_API_HOST ?? '',
    dynamicHost: env.DYNAMIC_HOST ?? '',
    demo: demoFromEnv(env),
    payProviders: payProvidersFromEnv(env),
    smsProvider: smsProviderFromEnv(env),
    providerSettings: providerSettingsFromEnv(env),
    paySecret: env.PAY_SECRET ?? '',
    orderSweepMs: sweepInterval(env.ORDER_SWEEP_MS),
    vodTrialSeconds: trialSecondsFromEnv(env),
    mediaUrlTtlS: Math.min(3600, Math.max(90, Number(env.MEDIA_URL_TTL_S) || 600)),
    trustProxy: env.TRUST_PROXY?.trim() || DEFAULT_TRUSTED_PROXIES,
    mediaStore: mediaStoreFromEnv(env),
    s3: s3SettingsFromEnv(env),
    distDir: resolve(env.DIST_DIR ?? './dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    redisUrl: env.REDIS_URL || undefined,
    scryptCostLog2: scryptCostFromEnv(env),
    hashQueueMax: hashQueueMaxFromEnv(env),
    checkAnswers: env.CHECK_ANSWERS === '1',
    shellUaMarker: env.VITE_SHELL_UA_MARKER || DEFAULT_SHELL_UA_MARKER,
    support: {
      // Empty: no native app, the app offers add-to-home-screen instead.
      appDownloadUrl: env.APP_DOWNLOAD_URL ?? '',
      email: env.SUPPORT_EMAIL ?? 'support@inkreel.example',
      qq: env.SUPPORT_QQ ?? '',
      // Without a chat service the contact form of /h5/report takes the messages.
      chatUrl: env.SUPPORT_CHAT_URL ?? '/h5/report',
      complaintUrl: env.COMPLAINT_URL ?? '/h5/report',
    },
  };
}
