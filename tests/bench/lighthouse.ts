/**
 * Lighthouse 12 (mobile preset: simulated slow 4G, 4× CPU slowdown) against the served build, the four
 * pages a visitor lands on from a link, 3 runs each in a fresh profile; the median run by performance
 * score is reported. Targets (issue 11): performance ≥ 95, LCP ≤ 2.0 s, TBT ≤ 150 ms, CLS ≤ 0.02,
 * accessibility 100.
 *
 * Runnable alone: `npx tsx tests/bench/lighthouse.ts` (LIGHTHOUSE_URL uses a server already running).
 * LIGHTHOUSE_REFERENCE_URL: a server of another build (e.g. an older commit) measured in the same run,
 * page for page, for a before/after under the same machine load.
 */
import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildDist, distIsStale } from '../e2e/global-setup';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './phone.js';
import { startServer } from './server.js';

const FLAGS = ['--headless=new', ...CHROMIUM_ARGS];
export const LIGHTHOUSE_PAGES = ['/home', '/book/1', '/book/read/1/1', '/vod/detail?vodId=1'];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

export interface LighthouseFigure {
  build: string;
  page: string;
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  accessibility: number;
  scores: string;
}

interface Run {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

async function once(url: string): Promise<Run> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    // A run Lighthouse could not finish scores 0: not a figure of the page.
    const failed = result.lhr.runtimeError;
    if (failed) throw new Error(`Lighthouse could not finish ${url}: ${failed.code} ${failed.message}`);
    const { categories, audits } = result.lhr;
    const num = (id: string) => Number(audits[id]?.numericValue ?? NaN);
    return {
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      fcp: num('first-contentful-paint'),
      lcp: num('largest-contentful-paint'),
      tbt: num('total-blocking-time'),
      cls: num('cumulative-layout-shift'),
    };
  } finally {
    chrome.kill();
  }
}

/** A run Lighthouse could not finish is said and tried again, twice at most. */
async function onceRetried(url: string): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await once(url);
    } catch (err) {
      if (attempt === 3) throw err;
      console.warn(`[lighthouse] try ${attempt} of ${url}: ${(err as Error).message}`);
    }
  }
}

export async function benchLighthouse(): Promise<LighthouseFigure[]> {
  const external = process.env.LIGHTHOUSE_URL;
  if (!external && distIsStale()) buildDist();
  const server = external ? null : await startServer();
  const base = external ?? server!.url;
  const reference = process.env.LIGHTHOUSE_REFERENCE_URL;
  const builds = reference
    ? ([
        ['this build', base],
        ['reference', reference],
      ] as const)
    : ([['this build', base]] as const);
  try {
    const rows: LighthouseFigure[] = [];
    for (const page of LIGHTHOUSE_PAGES) {
      for (const [build, origin] of builds) {
        const runs: Run[] = [];
        for (let i = 0; i < RUNS; i++) runs.push(await onceRetried(origin + page));
        const sorted = [...runs].sort((a, b) => a.performance - b.performance);
        const median = sorted[Math.floor(sorted.length / 2)]!;
        rows.push({
          build,
          page,
          performance: median.performance,
          fcpMs: Math.round(median.fcp),
          lcpMs: Math.round(median.lcp),
          tbtMs: Math.round(median.tbt),
          cls: Math.round(median.cls * 1000) / 1000,
          accessibility: median.accessibility,
          scores: runs.map((r) => r.performance).join('/'),
        });
      }
    }
    return rows;
  } finally {
    await server?.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchLighthouse()
    .then((rows) => console.table(rows))
    .catch((err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    });
}
