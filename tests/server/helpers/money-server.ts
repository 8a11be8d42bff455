import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { openDatabase, migrateToLatest, type Database } from '../../../src/server/db/database.js';

const ROOT = resolve(import.meta.dirname, '../../..');

export async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => res(port));
    });
  });
}

/** A data dir (SQLite) or a fresh PostgreSQL schema (TEST_DATABASE_URL) shared by restarts. */
export interface ServerStore {
  dataDir: string;
  databaseUrl: string | undefined;
  open(): Database;
  drop(): Promise<void>;
}

export async function createStore(): Promise<ServerStore> {
  const dataDir = mkdtempSync(join(tmpdir(), 'inkreel-money-'));
  const pgUrl = process.env.TEST_DATABASE_URL;
  let databaseUrl: string | undefined;
  let schema: string | undefined;
  if (pgUrl) {
    schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = openDatabase({ databaseUrl: pgUrl, dataDir });
    await sql`create schema ${sql.id(schema)}`.execute(admin.db);
    await admin.destroy();
    databaseUrl = `${pgUrl}${pgUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  }
  const store: ServerStore = {
    dataDir,
    databaseUrl,
    open: () => openDatabase({ databaseUrl, dataDir }),
    async drop() {
      if (pgUrl && schema) {
        const admin = openDatabase({ databaseUrl: pgUrl, dataDir });
        await sql`drop schema ${sql.id(schema)} cascade`.execute(admin.db);
        await admin.destroy();
      }
    },
  };
  const db = store.open();
  await migrateToLatest(db.db, schema);
  await db.destroy();
  return store;
}

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  exited: Promise<number | null>;
}

/**
 * The real server (src/server/main.ts) as a child process: node itself runs it (through tsx's loader),
 * so a SIGKILL hits the server and not a wrapper.
 */
export async function startServer(
  store: ServerStore,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: store.dataDir,
      DATABASE_URL: store.databaseUrl ?? '',
      LOG_LEVEL: 'warn',
      SCRYPT_COST_LOG2: '10',
      CHECK_ANSWERS: '1',
      PUBLIC_URL: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-4000)));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    try {
      const res = await fetch(`${base}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return { child, base, exited };
}

export async function stopServer(p: ServerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  p.child.kill(signal);
  await p.exited;
}
