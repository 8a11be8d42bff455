/**
 * What a phone visitor who came from a link waits for after tapping play on a video's page: Lighthouse's
 * phone (slow 4G: 150 ms round trip, 1.6 Mbps down; 4× CPU slowdown), 390×844, a new visitor (fresh
 * profile), and a phone's autoplay rule (play() with sound is refused until a tap).
 * - the tap is made 4 s after the play prompt shows (a reader of the title, say), the service worker
 *   allowed as on a real first visit (it precaches the app's code, the player's included);
 * - tap → started: from the tap until the player answers it: the video's clock moves, or the start
 *   advert (spec §4: it plays before the video) shows over it.
 * Median of 3 tries. LIGHTHOUSE_URL measures a server already running; LIGHTHOUSE_REFERENCE_URL
 * adds another build (e.g. an older commit) to the same run.
 *
 * Runnable alone: `npx tsx tests/bench/tap-to-play.ts`.
 */
import { pathToFileURL } from 'node:url';
import { buildDist, distIsStale } from '../e2e/global-setup';
import { phoneAutoplayRule } from '../e2e/phone-autoplay';
import { newPhone } from './phone.js';
import { startServer } from './server.js';
import { median } from './median.js';

const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1_638.4 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const TRIES = 3;
const SETTLE_MS = 4_000;

async function tapToPlay(url: string, vodId: number): Promise<number> {
  const p = await newPhone(url, { reducedMotion: 'reduce' });
  try {
    await p.context.addInitScript(phoneAutoplayRule, {});
    const page = await p.context.newPage();
    const cdp = await p.context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`/vod/detail?vodId=${vodId}`);
    const prompt = page.locator('.ink-autoplay');
    await prompt.waitFor({ timeout: 60_000 });
    await page.waitForTimeout(SETTLE_MS);
    const start = Date.now();
    await prompt.click();
    await page.waitForFunction(
      () => {
        if (document.querySelector('[data-player-ad]')) return true;
        const v = document.querySelector<HTMLVideoElement>('.ink-player video');
        return !!v && !v.paused && v.currentTime > 0.05;
      },
      undefined,
      { timeout: 60_000, polling: 'raf' },
    );
    return Date.now() - start;
  } finally {
    await p.close();
  }
}

export interface TapToPlayFigure {
  build: string;
  medianMs: number;
  triesMs: string;
}

async function firstVideo(url: string): Promise<number> {
  const res = await fetch(`${url}/api/vod/page/0/1`);
  const body = (await res.json()) as { data: { list: { vodId: number }[] } };
  return body.data.list[0]!.vodId;
}

export async function benchTapToPlay(): Promise<TapToPlayFigure[]> {
  const own = process.env.LIGHTHOUSE_URL;
  if (!own && distIsStale()) buildDist();
  const server = own ? null : await startServer();
  try {
    const builds: [string, string][] = [['this build', own ?? server!.url]];
    const ref = process.env.LIGHTHOUSE_REFERENCE_URL;
    if (ref) builds.push(['reference', ref]);
    const tries = new Map<string, number[]>(builds.map(([name]) => [name, []]));
    const ids = new Map<string, number>();
    for (const [name, url] of builds) ids.set(name, await firstVideo(url));
    // Builds take turns, so both meet the same machine load.
    for (let i = 0; i < TRIES; i++) {
      for (const [name, url] of builds) tries.get(name)!.push(await tapToPlay(url, ids.get(name)!));
    }
    return builds.map(([name]) => {
      const xs = tries.get(name)!;
      return { build: name, medianMs: median(xs), triesMs: xs.join('/') };
    });
  } finally {
    await server?.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchTapToPlay()
    .then((rows) => console.table(rows))
    .catch((err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    });
}
