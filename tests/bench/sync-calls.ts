/**
 * Synchronous calls into the browser during a new visitor's first load of /home (Chromium, 390×844, 5
 * loads, each in a fresh profile): how many of each kind the page makes in its first 6 s, and the time
 * they took (the sum per load, median of the loads, and the longest single call seen). Each such call
 * waits on another process of the browser (storage, cookies, blob and history registries): here one
 * took anywhere from 0.3 to 15 ms during a load (in Lighthouse traces on a busy host up to 62 ms for
 * one blob URL), whatever the page's own code costs, and a phone's slower CPU makes every task around
 * it longer. Reading localStorage loads the whole of it, once. "layout asked" is a script asking where
 * an element is: while the page's layout is out of date it is laid out then and there, in the script's
 * task.
 *
 * Runnable alone: `npx tsx tests/bench/sync-calls.ts` (builds when dist/ is stale, starts its own
 * server); SYNC_CALLS_URL measures a server already running, SYNC_CALLS_REFERENCE_URL another build in
 * the same run, load for load in turns.
 */
import { pathToFileURL } from 'node:url';
import { buildDist, distIsStale } from '../e2e/global-setup';
import { median } from './median.js';
import { newPhone } from './phone.js';
import { startServer } from './server.js';

const LOADS = 5;
const KINDS = [
  'localStorage',
  'sessionStorage',
  'cookie',
  'history',
  'createObjectURL',
  'new Blob',
  'layout asked',
  'matchMedia',
  'indexedDB.open',
] as const;
type Kind = (typeof KINDS)[number];
type Call = { kind: Kind; ms: number };

// A string, not a function: tsx would wrap a function's inner functions in a helper the page lacks.
const WATCH = `(() => {
  const calls = (window.__syncCalls = []);
  const timed = (kind, f) => function (...args) {
    const t = performance.now();
    try { return f.apply(this, args); } finally { calls.push({ kind: typeof kind === 'function' ? kind(this) : kind, ms: performance.now() - t }); }
  };
  const storage = (s) => (s === window.localStorage ? 'localStorage' : 'sessionStorage');
  for (const m of ['getItem', 'setItem', 'removeItem']) Storage.prototype[m] = timed(storage, Storage.prototype[m]);
  for (const m of ['replaceState', 'pushState']) History.prototype[m] = timed('history', History.prototype[m]);
  URL.createObjectURL = timed('createObjectURL', URL.createObjectURL);
  const B = window.Blob;
  window.Blob = new Proxy(B, { construct: (t, args) => timed('new Blob', () => Reflect.construct(t, args))() });
  for (const m of ['getBoundingClientRect', 'getClientRects']) Element.prototype[m] = timed('layout asked', Element.prototype[m]);
  window.matchMedia = timed('matchMedia', window.matchMedia);
  IDBFactory.prototype.open = timed('indexedDB.open', IDBFactory.prototype.open);
  const c = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
  Object.defineProperty(Document.prototype, 'cookie', {
    configurable: true,
    get: timed('cookie', c.get),
    set: timed('cookie', c.set),
  });
})();`;

async function load(url: string): Promise<Call[]> {
  const p = await newPhone(url);
  try {
    const page = await p.context.newPage();
    await page.addInitScript({ content: WATCH });
    await page.goto('/home');
    await page.waitForTimeout(6_000);
    return await page.evaluate(() => (window as unknown as { __syncCalls: Call[] }).__syncCalls);
  } finally {
    await p.close();
  }
}

export interface SyncCallsRow {
  build: string;
  kind: Kind | 'all';
  /** Calls per load (median). */
  calls: number;
  /** Their time per load, ms (median). */
  ms: number;
  /** The longest single call in any load, ms. */
  longestMs: number;
}

const round = (x: number) => Math.round(x * 10) / 10;

export async function benchSyncCalls(): Promise<SyncCallsRow[]> {
  const external = process.env.SYNC_CALLS_URL;
  if (!external && distIsStale()) buildDist();
  const server = external ? null : await startServer();
  const reference = process.env.SYNC_CALLS_REFERENCE_URL;
  const builds: [string, string][] = [['this build', external ?? server!.url]];
  if (reference) builds.push(['reference', reference]);
  try {
    const loads = new Map<string, Call[][]>(builds.map(([b]) => [b, []]));
    for (let i = 0; i < LOADS; i++) for (const [b, url] of builds) loads.get(b)!.push(await load(url));
    return builds.flatMap(([b]) =>
      (['all', ...KINDS] as const).map((kind) => {
        const per = loads.get(b)!.map((calls) => calls.filter((c) => kind === 'all' || c.kind === kind));
        return {
          build: b,
          kind,
          calls: median(per.map((c) => c.length)),
          ms: round(median(per.map((c) => c.reduce((s, x) => s + x.ms, 0)))),
          longestMs: round(Math.max(0, ...per.flat().map((c) => c.ms))),
        };
      }),
    );
  } finally {
    await server?.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchSyncCalls()
    .then((rows) => console.table(rows))
    .catch((err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    });
}
