import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_ERROR_EXIT } from '../../src/server/config.js';
import { FsMediaStore, fsMediaRoot } from '../../src/server/infra/media/fs-media-store.js';
import { S3MediaStore } from '../../src/server/infra/media/s3-media-store.js';
import { copyMediaStore } from '../../src/server/media/copy-store.js';
import type { MediaStore } from '../../src/server/ports/media-store.js';
import { startS3Server, type TestS3Server } from './helpers/s3-server.js';

/**
 * `npm run media -- copy --to s3`: every object of the disk store reaches the bucket with the same
 * bytes (SHA-256 checked after the copy), a second run copies nothing, a changed or missing object is
 * copied again, and any failure is counted and ends the run with a non-zero exit.
 */
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const BIG = Buffer.from(Array.from({ length: 6 << 20 }, (_, i) => (i * 31) & 0xff));
const OBJECTS: Record<string, Buffer> = {
  'img/ab12_200_0.img': Buffer.from('sealed picture'),
  'pages/ab12_1.json': Buffer.from('{"w":1}'),
  'vod/k1/master.m3u8': Buffer.from('#EXTM3U\n'),
  'vod/k1/v360/index.m3u8': Buffer.from('#EXTM3U\n#EXTINF:4,\nseg_000.ts\n'),
  'vod/k1/v360/seg_000.ts': BIG,
  'ads/a1.mp4': Buffer.alloc(3000, 5),
  'demo/videos-complete': Buffer.alloc(0),
};

let s3: TestS3Server;
let dataDir: string;
let bucket: S3MediaStore;

function runCli(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/media/media-cli.ts', ...args], {
    cwd: process.cwd(),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr: withoutNodeSupportWarning(stderr) })),
  );
}

/**
 * The AWS SDK's own warning on Node 20 (its releases after January 2027 need Node 22; ours are
 * pinned) is true and left for operators to see; the CLI's own output is what these tests read.
 */
const withoutNodeSupportWarning = (text: string) =>
  text.replace(
    /^\(node:\d+\) Warning: NodeVersionSupportWarning:[\s\S]*?\(Use `node --trace-warnings[^\n]*\n/m,
    '',
  );

/** The S3 settings without MEDIA_STORE: the copy is made before the service switches to the bucket. */
const s3Env = () => Object.fromEntries(Object.entries(s3.env).filter(([k]) => k !== 'MEDIA_STORE'));

beforeAll(async () => {
  s3 = await startS3Server();
  bucket = new S3MediaStore(s3.settings);
  dataDir = mkdtempSync(join(tmpdir(), 'inkreel-copy-'));
  const disk = new FsMediaStore(fsMediaRoot(dataDir));
  for (const [key, bytes] of Object.entries(OBJECTS)) await disk.write(key, bytes);
  // A half-written temp file of the disk store is no object: never copied.
  writeFileSync(join(fsMediaRoot(dataDir), 'img', '.ab12_200_0.img.123.tmp'), 'partial');
});
afterAll(async () => {
  bucket?.destroy();
  await s3?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run media -- copy --to s3', () => {
  const total = Object.keys(OBJECTS).length;

  it('copies every object with its bytes, and prints the counts', { timeout: 90_000 }, async () => {
    const r = await runCli(['copy', '--to', 's3'], s3Env());
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`${total} copied`);
    expect(r.stdout).toContain('0 already there, 0 failed');
    const keys: string[] = [];
    for await (const k of bucket.list('')) keys.push(k);
    expect(keys.sort()).toEqual(Object.keys(OBJECTS).sort());
    for (const [key, bytes] of Object.entries(OBJECTS))
      expect(sha((await bucket.readAll(key))!), key).toBe(sha(bytes));
    expect(r.stdout).not.toContain(s3.env.S3_SECRET_ACCESS_KEY);
  });

  it(
    'copies nothing the second time, and again only what changed or went missing',
    { timeout: 90_000 },
    async () => {
      const again = await runCli(['copy', '--to', 's3'], s3Env());
      expect(again.code).toBe(0);
      expect(again.stdout).toContain(`0 copied (0.0 MiB), ${total} already there, 0 failed`);

      // Same size, other bytes; and one object gone from the bucket.
      await bucket.write('img/ab12_200_0.img', Buffer.from('SEALED PICTURE'));
      await bucket.delete('ads/a1.mp4');
      const third = await runCli(['copy', '--to', 's3'], s3Env());
      expect(third.code).toBe(0);
      expect(third.stdout).toContain(`2 copied`);
      expect(third.stdout).toContain(`${total - 2} already there, 0 failed`);
      expect((await bucket.readAll('img/ab12_200_0.img'))!.toString()).toBe('sealed picture');
      expect(await bucket.exists('ads/a1.mp4')).toBe(true);
    },
  );

  it('exits non-zero naming each object that could not be copied', { timeout: 90_000 }, async () => {
    const r = await runCli(['copy', '--to', 's3'], { ...s3Env(), S3_BUCKET: 'no-such-bucket' });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`0 copied (0.0 MiB), 0 already there, ${total} failed`);
    expect(r.stderr).toContain('failed vod/k1/v360/seg_000.ts: media store unavailable');
    expect(r.stderr.match(/^failed /gm)).toHaveLength(total);
  });

  it('stops with one line when an S3 setting is missing, and with usage on bad arguments', async () => {
    const r = await runCli(['copy', '--to', 's3'], { ...s3Env(), S3_SECRET_ACCESS_KEY: '' });
    expect(r.code).toBe(CONFIG_ERROR_EXIT);
    expect(r.stderr.trim()).toBe('S3_SECRET_ACCESS_KEY: required with MEDIA_STORE=s3');
    const bad = await runCli(['copy', '--to', 'gcs'], s3Env());
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--to: expected fs or s3');
  });
});

describe('copyMediaStore', () => {
  it('fails an object whose copy reads back other bytes, and counts the rest', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'inkreel-copy-target-'));
    try {
      const source = new FsMediaStore(fsMediaRoot(dataDir));
      const real = new FsMediaStore(dir);
      // A target that flips a byte of one object on its way in (a bad disk, a broken proxy).
      const flaky: MediaStore = Object.assign(Object.create(real) as MediaStore, {
        async write(key: string, data: Uint8Array | string | Readable) {
          if (key !== 'pages/ab12_1.json') return real.write(key, data);
          const chunks: Buffer[] = [];
          for await (const c of data as Readable) chunks.push(c as Buffer);
          const bytes = Buffer.concat(chunks);
          bytes[0] = bytes[0]! ^ 1;
          return real.write(key, bytes);
        },
      });
      const report = await copyMediaStore(source, flaky, { parallel: 2 });
      expect(report.failed).toEqual([
        { key: 'pages/ab12_1.json', why: expect.stringMatching(/^SHA-256 differs after copy/) },
      ]);
      expect(report.copied).toBe(Object.keys(OBJECTS).length - 1);
      expect(report.bytes).toBe(
        Object.entries(OBJECTS)
          .filter(([k]) => k !== 'pages/ab12_1.json')
          .reduce((n, [, b]) => n + b.length, 0),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
