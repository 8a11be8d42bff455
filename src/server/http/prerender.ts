import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { BootEntry, PrerenderVisitor } from '../../contract/index.js';

/** Built by `vite build` (vite.config.ts, prerenderBuild): the app's first-screen renderer. */
const RENDERER = join('.ssr', 'render.mjs');
/** A page never waits longer than this for its prerender: past it, it goes out without one. */
const BUDGET_MS = 400;
/**
 * The same answers for the same cookies and user agent render the same screen: a render is kept this
 * long for the next such visitor of the page (a first screen shows public catalogue data only; the
 * answers themselves are cached as long or longer).
 */
const KEEP_MS = 10_000;
const KEEP_MAX = 200;

// Runs in the worker: a render is CPU work, and the app's code must never touch the server's globals
// (it sets `location`, and a stray promise of the app's may reject there harmlessly). One render at a
// time: a render keeps its page, answers and visitor in the app's module state across its awaits, and
// two at once would read each other's. A render whose page has gone out without it (past its budget)
// is skipped, so a burst of pages cannot queue up work nobody waits for.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
process.on('unhandledRejection', () => {});
const loaded = import(workerData.renderer);
let queue = Promise.resolve();
parentPort.on('message', ({ id, pageUrl, entries, visitor, deadline }) => {
  queue = queue.then(async () => {
    if (Date.now() > deadline) return parentPort.postMessage({ id, html: null });
    try {
      const { renderFirstScreen } = await loaded;
      parentPort.postMessage({ id, html: await renderFirstScreen(pageUrl, entries, visitor) });
    } catch (err) {
      parentPort.postMessage({ id, error: String(err && err.stack || err) });
    }
  });
});`;

export interface Prerenderer {
  render(pageUrl: string, entries: BootEntry[], visitor: PrerenderVisitor): Promise<string | null>;
  close(): Promise<void>;
}

interface Running {
  worker: Worker;
  builtAt: number;
  waiting: Map<number, (html: string | null) => void>;
}

/**
 * The server side of the prerender: one worker thread with the built renderer, started on the first
 * page and again when a new build replaces it. Null when the build has no renderer.
 */
export function createPrerenderer(
  distDir: string,
  log: (msg: string) => void,
  budgetMs = BUDGET_MS,
): Prerenderer | null {
  const file = join(distDir, RENDERER);
  if (!existsSync(file)) return null;
  let running: Running | undefined;
  let nextId = 0;
  const kept = new Map<string, { html: string; at: number; builtAt: number }>();

  const start = (builtAt: number): Running => {
    const renderer = `${pathToFileURL(file).href}?v=${builtAt}`;
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { renderer } });
    worker.unref();
    const r: Running = { worker, builtAt, waiting: new Map() };
    worker.on('message', (m: { id: number; html?: string; error?: string }) => {
      if (m.error) log(`prerender failed: ${m.error.split('\n')[0]}`);
      r.waiting.get(m.id)?.(m.html ?? null);
      r.waiting.delete(m.id);
    });
    const fail = () => {
      for (const done of r.waiting.values()) done(null);
      r.waiting.clear();
      if (running === r) running = undefined;
    };
    worker.on('error', (err) => {
      log(`prerender worker stopped: ${err.message}`);
      fail();
    });
    worker.on('exit', fail);
    return r;
  };

  // Started now, so the first visitor's page does not wait for the renderer to load.
  running = start(statSync(file).mtimeMs);

  const render = (
    pageUrl: string,
    entries: BootEntry[],
    visitor: PrerenderVisitor,
  ): Promise<string | null> => {
    let builtAt: number;
    try {
      builtAt = statSync(file).mtimeMs;
    } catch {
      return Promise.resolve(null);
    }
    const key = createHash('sha1')
      .update(pageUrl)
      .update('\0')
      .update(JSON.stringify(entries))
      .update('\0')
      .update(JSON.stringify(visitor))
      .digest('base64');
    const hit = kept.get(key);
    if (hit && hit.builtAt === builtAt && Date.now() - hit.at < KEEP_MS) return Promise.resolve(hit.html);
    if (running && running.builtAt !== builtAt) {
      void running.worker.terminate();
      running = undefined;
    }
    const r = (running ??= start(builtAt));
    const id = nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        r.waiting.delete(id);
        resolve(null);
      }, budgetMs);
      r.waiting.set(id, (html) => {
        clearTimeout(timer);
        if (html !== null) {
          kept.delete(key);
          kept.set(key, { html, at: Date.now(), builtAt });
          if (kept.size > KEEP_MAX) kept.delete(kept.keys().next().value!);
        }
        resolve(html);
      });
      r.worker.postMessage({ id, pageUrl, entries, visitor, deadline: Date.now() + budgetMs });
    });
  };
  return {
    render,
    close: async () => {
      await running?.worker.terminate();
      running = undefined;
    },
  };
}
