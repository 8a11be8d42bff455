import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningServer {
  url: string;
  dataDir: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * A new data directory's server answers once the catalogue is in, then makes the rest of the demo
 * videos with ffmpeg (server/seed finishDemoVideos: two at a time, about three CPU-minutes). A browser measured meanwhile
 * shares the CPU with the encoder: the first pages measured came out up to 4× slower than the same
 * page a minute later. This waits for the demo plugin's jobs to be done — the videos and the drawing of
 * covers, thumbnails and first chapters ahead of demand — by their marks (only where a demo seed runs).
 */
export async function waitForDemoVideos(
  dataDir: string,
  opts: { stallMs?: number; alive?: () => boolean } = {},
): Promise<void> {
  // Waits on the work's progress, not on a clock: on a loaded machine (CI, helpers encoding beside it)
  // making every video can take several minutes, which is fine while videos keep coming. It gives up
  // when neither a new video nor a new picture has appeared for stallMs, or the server has gone.
  const { stallMs = 180_000, alive = () => true } = opts;
  const media = join(dataDir, 'media');
  const demo = join(media, 'demo');
  const done = () => existsSync(join(demo, 'videos-complete')) && existsSync(join(demo, 'drawn-ahead'));
  const count = (dir: string) => (existsSync(join(media, dir)) ? readdirSync(join(media, dir)).length : 0);
  // Videos made, and pictures drawn ahead (the drawing's progress), and the two marks.
  const progress = () =>
    [
      count('vod'),
      count('img'),
      existsSync(join(demo, 'videos-complete')),
      existsSync(join(demo, 'drawn-ahead')),
    ].join(':');
  let seen = progress();
  let movedAt = Date.now();
  while (existsSync(join(demo, 'recipes.json')) && !done()) {
    if (!alive()) throw new Error('the server stopped while making the demo videos');
    const now = progress();
    if (now !== seen) [seen, movedAt] = [now, Date.now()];
    else if (Date.now() - movedAt > stallMs)
      throw new Error(
        `demo videos stalled: no progress in ${stallMs / 1000} s (videos:pictures:complete:drawn ${now})`,
      );
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * Starts the real server (`src/server/main.ts`) on a free loopback port and waits for /healthz, then
 * for the demo seed's background work (waitForDemoVideos).
 */
export async function startServer(
  opts: { dataDir?: string; env?: Record<string, string> } = {},
): Promise<RunningServer> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'inkreel-bench-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...opts.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('server did not become healthy in 120 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await waitForDemoVideos(dataDir, { alive: () => child.exitCode === null });
  return {
    url,
    dataDir,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
