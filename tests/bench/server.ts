import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
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
 * videos with ffmpeg (server/seed finishDemoVideos, ~45 s on 2 cores). A browser measured meanwhile
 * shares the CPU with the encoder: the first pages measured came out up to 4× slower than the same
 * page a minute later. This waits for the seed's "complete" mark (only where a demo seed runs).
 */
export async function waitForDemoVideos(dataDir: string, timeoutMs = 300_000): Promise<void> {
  const demo = join(dataDir, 'media', 'demo');
  const deadline = Date.now() + timeoutMs;
  while (existsSync(join(demo, 'recipes.json')) && !existsSync(join(demo, 'videos-complete'))) {
    if (Date.now() > deadline) throw new Error(`demo videos not made in ${timeoutMs / 1000} s`);
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
  await waitForDemoVideos(dataDir);
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
