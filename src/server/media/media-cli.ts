import { parseArgs } from 'node:util';
import { exitOnConfigError, loadConfig, MEDIA_STORE_KINDS, type MediaStoreKind } from '../config.js';
import { buildMediaStore } from '../composition-root.js';
import { copyMediaStore } from './copy-store.js';

const USAGE = `usage:
  npm run media -- copy --to s3 [--from fs] [--parallel 4]
      Copies every object of the media store on this node's disk (DATA_DIR/media) to the bucket of
      the S3_* settings, checking each copy's SHA-256; objects already there with the same bytes are
      skipped, so it can be run again (e.g. once more just before switching MEDIA_STORE=s3).
      --to fs --from s3 copies the bucket back to the disk. Exits 1 when any object failed.
Uses DATA_DIR and S3_ENDPOINT / S3_BUCKET / S3_REGION / S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY
like the server.`;

function fail(msg: string): never {
  process.stderr.write(`${msg}\n\n${USAGE}\n`);
  process.exit(2);
}

const kindOf = (value: string | undefined, name: string): MediaStoreKind | undefined => {
  if (value === undefined) return undefined;
  if (!(MEDIA_STORE_KINDS as readonly string[]).includes(value)) fail(`--${name}: expected fs or s3`);
  return value as MediaStoreKind;
};

/** `npm run media -- copy --to s3`: the stores built through the composition root, as the server's. */
async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      to: { type: 'string' },
      from: { type: 'string' },
      parallel: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return void process.stdout.write(`${USAGE}\n`);
  if (positionals[0] !== 'copy' || positionals.length > 1) fail('expected: copy --to <fs|s3>');
  const to = kindOf(values.to, 'to') ?? fail('--to is required');
  const from = kindOf(values.from, 'from') ?? (to === 's3' ? 'fs' : 's3');
  if (from === to) fail('--from and --to name the same store');
  const parallel = values.parallel === undefined ? 4 : Number(values.parallel);
  if (!Number.isInteger(parallel) || parallel < 1 || parallel > 64) fail('--parallel: 1 to 64');

  const config = loadConfig();
  const source = buildMediaStore(config, from);
  const target = buildMediaStore(config, to);
  const where = (kind: MediaStoreKind) =>
    kind === 's3' ? `bucket ${config.s3.bucket} at ${config.s3.endpoint}` : `${config.dataDir}/media`;
  console.log(`copying media from ${where(from)} to ${where(to)}`);
  let seen = 0;
  const report = await copyMediaStore(source, target, {
    parallel,
    onObject(outcome) {
      seen++;
      if (outcome.result === 'failed') process.stderr.write(`failed ${outcome.key}: ${outcome.why}\n`);
      else if (seen % 500 === 0) process.stderr.write(`${seen} objects…\n`);
    },
  });
  for (const store of [source, target]) if ('destroy' in store) (store as { destroy(): void }).destroy();
  const mib = (report.bytes / 2 ** 20).toFixed(1);
  console.log(
    `${report.copied} copied (${mib} MiB), ${report.skipped} already there, ${report.failed.length} failed`,
  );
  if (report.failed.length) process.exitCode = 1;
}

main().catch((err: unknown) => {
  exitOnConfigError(err);
  console.error('media copy failed', err);
  process.exitCode = 1;
});
