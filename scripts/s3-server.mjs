#!/usr/bin/env node
// A local S3-compatible server for tests and the one-machine cluster: s3rver (npm) on disk, one bucket,
// in its own process. No full S3 implementation installs here (operations.md, "Object storage").
//
//   node scripts/s3-server.mjs --dir <folder> [--bucket media] [--address 127.0.0.1] [--port 0]
//
// Prints one JSON line when listening — {"endpoint": "http://127.0.0.1:PORT", "bucket": …, "pid": …} —
// and stops on SIGTERM or SIGINT. s3rver does not check signatures: any access key is taken.
import { spawn } from 'node:child_process';
import { createCipheriv } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

// s3rver makes ListObjectsV2 continuation tokens with DES, which OpenSSL 3 keeps in its legacy
// provider: without it every truncated listing is a 500. Run again with the provider when it is off.
function desAvailable() {
  try {
    createCipheriv('des', Buffer.alloc(8), Buffer.alloc(8));
    return true;
  } catch {
    return false;
  }
}

if (!desAvailable()) {
  const args = ['--openssl-legacy-provider', fileURLToPath(import.meta.url), ...process.argv.slice(2)];
  const child = spawn(process.execPath, args, { stdio: 'inherit' });
  for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string' },
      bucket: { type: 'string', default: 'media' },
      address: { type: 'string', default: '127.0.0.1' },
      port: { type: 'string', default: '0' },
    },
  });
  if (!values.dir) {
    process.stderr.write('usage: node scripts/s3-server.mjs --dir <folder> [--bucket media] [--port 0]\n');
    process.exit(2);
  }
  mkdirSync(values.dir, { recursive: true });
  const { default: S3rver } = await import('s3rver');
  const server = new S3rver({
    address: values.address,
    port: Number(values.port),
    directory: values.dir,
    silent: true,
    // Path-style only, as the service addresses it.
    vhostBuckets: false,
    configureBuckets: [{ name: values.bucket, configs: [] }],
  });
  const { address, port } = await server.run();
  process.stdout.write(
    `${JSON.stringify({ endpoint: `http://${address}:${port}`, bucket: values.bucket, pid: process.pid })}\n`,
  );
  let closing = false;
  const stop = async () => {
    if (closing) return;
    closing = true;
    await server.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}
