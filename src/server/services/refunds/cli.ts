import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { exitOnConfigError, loadConfig } from '../../config.js';
import type { RefundResult } from './request.js';

const USAGE = `usage:
  npm run refund -- <orderNo> [amountFen] --reason "…" [--operator <name>]
      Refunds a paid order through its pay provider: the whole of what is left to refund, or amountFen
      (fen, e.g. 600 for ¥6.00). Coins: the refunded share of the order's coins is taken back, but only
      as many as the user still holds (spent coins stay spent). VIP: the end moves earlier by the
      refunded share, never before now. The same order, amount and reason again is the same refund:
      its outcome is shown and nothing is refunded twice.
Exit status: 0 refunded; 1 refused or failed at the provider; 2 bad arguments; 3 not final yet (the
refund sweep of a running server finishes it; run the same command again to see it).
Uses DATA_DIR / DATABASE_URL / PAY_PROVIDER like the server.`;

/** Who runs the command, by default: the OS account (a container may have no name for it). */
function osUser(): string {
  try {
    return userInfo().username;
  } catch {
    return `uid ${process.getuid?.() ?? '?'}`;
  }
}

function usage(msg: string): never {
  process.stderr.write(`${msg}\n\n${USAGE}\n`);
  process.exit(2);
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      reason: { type: 'string' },
      operator: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const [orderNo, amountText, ...extra] = positionals;
  if (!orderNo || extra.length) usage('expected: <orderNo> [amountFen]');
  if (amountText !== undefined && !/^[1-9]\d{0,11}$/.test(amountText))
    usage(`amountFen must be a whole number of fen, at least 1 (got "${amountText}")`);
  const reason = values.reason?.trim();
  if (!reason) usage('--reason "…" is required: it is kept with the refund and sent to the provider');

  // Loaded only once the arguments are good: a usage error answers at once.
  const [{ openService }, { describeRefund }, { RefundRefused, requestRefund }] = await Promise.all([
    import('../../composition-root.js'),
    import('./describe.js'),
    import('./request.js'),
  ]);
  const { database, ctx } = await openService(loadConfig());
  try {
    const r: RefundResult = await requestRefund(
      {
        db: ctx.db,
        providers: ctx.payProviders,
        clock: ctx.clock,
        log: (level, msg, extra) => {
          if (level === 'warn') process.stderr.write(`${msg} ${JSON.stringify(extra ?? {})}\n`);
        },
      },
      {
        orderNo,
        amount: amountText === undefined ? undefined : Number(amountText),
        reason,
        operator: `cli:${values.operator ?? osUser()}`,
      },
    );
    process.stdout.write(`${describeRefund(r).join('\n')}\n`);
    if (r.refund.status === 'SUCCESS') return 0;
    return r.refund.status === 'FAILED' ? 1 : 3;
  } catch (err) {
    if (!(err instanceof RefundRefused)) throw err;
    process.stdout.write(`Refused: ${err.message}. Nothing was refunded.\n`);
    return 1;
  } finally {
    await database.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    exitOnConfigError(err);
    process.stderr.write(`refund failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
