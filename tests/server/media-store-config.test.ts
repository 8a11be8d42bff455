import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { buildMediaStore, checkConfig } from '../../src/server/composition-root.js';
import { CONFIG_ERROR_EXIT, ConfigError, loadConfig } from '../../src/server/config.js';
import { FsMediaStore } from '../../src/server/infra/media/fs-media-store.js';
import { S3MediaStore } from '../../src/server/infra/media/s3-media-store.js';
import { startS3Server } from './helpers/s3-server.js';

/**
 * MEDIA_STORE and the S3_* settings: the store the composition root builds, the one line a missing or
 * wrong setting stops the start with, and no key ever printed or logged.
 */
const SECRET = 'sEcReT/sHoUlD+nEvEr=bE+pRiNtEd';
const KEY_ID = 'AKIDNEVERPRINTED';
const S3_ENV = {
  MEDIA_STORE: 's3',
  S3_ENDPOINT: 'https://s3.example.com',
  S3_BUCKET: 'inkreel-media',
  S3_ACCESS_KEY_ID: KEY_ID,
  S3_SECRET_ACCESS_KEY: SECRET,
};
const without = (name: string) => Object.fromEntries(Object.entries(S3_ENV).filter(([k]) => k !== name));

describe('media store settings', () => {
  it('keeps media on the disk unless MEDIA_STORE says s3, and refuses any other store', () => {
    expect(loadConfig({}).mediaStore).toBe('fs');
    expect(buildMediaStore(loadConfig({ DATA_DIR: tmpdir() }))).toBeInstanceOf(FsMediaStore);
    expect(loadConfig({ MEDIA_STORE: ' S3 ' }).mediaStore).toBe('s3');
    expect(() => loadConfig({ MEDIA_STORE: 'gcs' })).toThrow(
      new ConfigError('MEDIA_STORE: expected fs or s3, got "gcs"'),
    );
  });

  it('builds the S3 store from complete settings, the region us-east-1 unless set', () => {
    const config = loadConfig(S3_ENV);
    checkConfig(config);
    expect(config.s3.region).toBe('us-east-1');
    expect(loadConfig({ ...S3_ENV, S3_REGION: 'oss-cn-hangzhou' }).s3.region).toBe('oss-cn-hangzhou');
    const store = buildMediaStore(config);
    expect(store).toBeInstanceOf(S3MediaStore);
    (store as S3MediaStore).destroy();
    // The S3 settings matter only with MEDIA_STORE=s3.
    expect(() => checkConfig(loadConfig(without('MEDIA_STORE')))).not.toThrow();
    expect(() => checkConfig(loadConfig({ ...without('MEDIA_STORE'), S3_BUCKET: '' }))).not.toThrow();
  });

  it('names the first missing or wrong S3 setting, never a key', () => {
    const refusal = (env: Record<string, string>) => {
      try {
        checkConfig(loadConfig(env));
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as Error).message;
      }
      throw new Error('accepted');
    };
    for (const name of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'])
      expect(refusal(without(name)), name).toBe(`${name}: required with MEDIA_STORE=s3`);
    expect(refusal({ ...S3_ENV, S3_BUCKET: '  ' })).toBe('S3_BUCKET: required with MEDIA_STORE=s3');
    expect(refusal({ ...S3_ENV, S3_ENDPOINT: 's3.example.com' })).toMatch(
      /^S3_ENDPOINT: expected an http\(s\) origin/,
    );
    expect(refusal({ ...S3_ENV, S3_ENDPOINT: `https://${KEY_ID}:x@s3.example.com` })).toMatch(
      /^S3_ENDPOINT: /,
    );
    expect(refusal({ ...S3_ENV, S3_BUCKET: 'Media_Files' })).toBe(
      'S3_BUCKET: not a bucket name S3 accepts: "Media_Files"',
    );
    for (const name of Object.keys(S3_ENV).filter((n) => n !== 'MEDIA_STORE'))
      expect(refusal(without(name) as Record<string, string>) ?? '').not.toContain(SECRET);
  });
});

/** The server's entry point as `npm start` runs it, with only these settings. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: process.cwd(),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

describe('start-up with MEDIA_STORE=s3', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  const dataDir = () => {
    const d = mkdtempSync(join(tmpdir(), 'inkreel-s3-config-'));
    dirs.push(d);
    return d;
  };

  it(
    'stops with one line naming a missing setting, before it opens the database',
    { timeout: 60_000 },
    async () => {
      const dir = dataDir();
      const s = startServer({ ...without('S3_BUCKET'), DATA_DIR: dir });
      expect(await s.exited).toBe(CONFIG_ERROR_EXIT);
      const { stdout, stderr } = s.output();
      expect(stderr.split('\n').filter((l) => l.trim())).toEqual(['S3_BUCKET: required with MEDIA_STORE=s3']);
      expect(stdout).toBe('');
      expect(readdirSync(dir)).toEqual([]);
    },
  );

  it(
    'starts on the bucket and never logs its keys, even when the store is down',
    { timeout: 90_000 },
    async () => {
      const s3 = await startS3Server();
      const dir = dataDir();
      const s = startServer({
        // s3rver knows one access key id (S3RVER, refusing others) and takes any secret.
        ...s3.env,
        S3_SECRET_ACCESS_KEY: SECRET,
        DATA_DIR: dir,
        DEMO: '0',
        LOG_LEVEL: 'debug',
      });
      try {
        // The started line names the store and carries the port it listens on.
        const started = await new Promise<{ port: number; media: string }>((resolve, reject) => {
          s.exited.then((code) => reject(new Error(`exited ${code}: ${s.output().stderr}`)));
          createInterface({ input: s.child.stdout }).on('line', (line) => {
            if (line.includes('inkreel started'))
              resolve(JSON.parse(line) as { port: number; media: string });
          });
        });
        expect(started.media).toBe('s3');
        const address = s.output().stdout.match(/listening at (http:\/\/127\.0\.0\.1:\d+)/)?.[1];
        expect(address).toBeTruthy();
        const picture = `${address}/media/img/${'ab'.repeat(16)}_200_0.img`;
        expect((await fetch(picture)).status).toBe(204);
        await s3.kill();
        const down = await fetch(picture);
        expect(down.status).toBe(503);
        // The store's failure was logged (a warning), without a key.
        await expect.poll(() => s.output().stdout).toContain('media store unavailable');
      } finally {
        s.child.kill('SIGTERM');
        await s.exited;
        await s3.stop();
      }
      const { stdout, stderr } = s.output();
      expect(stdout + stderr).not.toContain(SECRET);
      expect(stdout + stderr).not.toContain(s3.env.S3_ACCESS_KEY_ID);
    },
  );
});
