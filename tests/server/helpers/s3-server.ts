import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { S3Settings } from '../../../src/server/config.js';

export interface TestS3Server {
  settings: S3Settings;
  /** The settings as the service reads them, with MEDIA_STORE=s3: pass to createTestApp. */
  env: Record<string, string>;
  /** Stops the server process, keeping its objects: the store is down until `restart`. */
  kill(): Promise<void>;
  /** Starts it again on the same port with the same objects. */
  restart(): Promise<void>;
  /** Stops the server (if running) and removes its objects. */
  stop(): Promise<void>;
}

const SCRIPT = join(import.meta.dirname, '..', '..', '..', 'scripts', 's3-server.mjs');

/**
 * A local S3 server (scripts/s3-server.mjs: s3rver) in its own process on a free port, its objects in
 * a fresh temp folder, with one bucket. It takes any credentials (s3rver does not check signatures:
 * tests/unit/s3-requests.test.ts checks the adapter's).
 */
export async function startS3Server(bucket = 'media'): Promise<TestS3Server> {
  const dir = mkdtempSync(join(tmpdir(), 'inkreel-s3-'));
  let child: ChildProcess;
  let endpoint: string;
  try {
    ({ child, endpoint } = await launch(dir, bucket, '0'));
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  const settings: S3Settings = {
    endpoint,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
  return {
    settings,
    env: {
      MEDIA_STORE: 's3',
      S3_ENDPOINT: settings.endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
    },
    kill: () => stopProcess(child),
    async restart() {
      await stopProcess(child);
      ({ child } = await launch(dir, bucket, new URL(endpoint).port));
    },
    async stop() {
      await stopProcess(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function launch(dir: string, bucket: string, port: string) {
  // The legacy provider up front: one process (the script re-runs itself without it).
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', SCRIPT, '--dir', dir, '--bucket', bucket, '--port', port],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    const { endpoint } = await firstLine(child);
    return { child, endpoint };
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
}

function firstLine(child: ChildProcess): Promise<{ endpoint: string }> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const onExit = (code: number | null) =>
      reject(new Error(`s3 server exited (${code}) before it listened`));
    child.once('exit', onExit);
    lines.once('line', (line) => {
      child.off('exit', onExit);
      resolve(JSON.parse(line) as { endpoint: string });
    });
  });
}

/** SIGTERM, and resolves when the process has exited (at once if it already had). */
function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
