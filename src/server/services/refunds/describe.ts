import type { RefundResult } from './request.js';

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

/** Seconds as days, hours and minutes ("29 days 23 hours 5 minutes"; "0 minutes"). */
export function spell(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const parts = [
    d && `${d} day${d === 1 ? '' : 's'}`,
    h && `${h} hour${h === 1 ? '' : 's'}`,
    m && `${m} minute${m === 1 ? '' : 's'}`,
  ];
  const text = parts.filter(Boolean).join(' ');
  return text || (seconds > 0 ? `${seconds} seconds` : '0 minutes');
}

/**
 * A refund's outcome in plain words, for the operator who asked (the CLI prints it). Says what went
 * back, what was taken back and, when the rule held something back, what was not and why.
 */
export function describeRefund(r: RefundResult): string[] {
  const { refund, order } = r;
  const lines: string[] = [];
  const head = `Refund ${refund.refund_no} of order ${order.outTradeNo}: ${yuan(refund.amount)} (${refund.amount} fen) of ${yuan(order.amount)} paid, through ${refund.provider}.`;
  lines.push(head);
  if (r.replayed)
    lines.push(
      'This refund was asked for before (same order, amount and reason): its state is shown; nothing was refunded again.',
    );
  switch (refund.status) {
    case 'SUCCESS': {
      lines.push(
        `Refunded: the money went back to the payer (provider refund ${refund.provider_refund_no ?? 'n/a'}).`,
      );
      if (order.status !== 'PAID') {
        lines.push(
          'Nothing to take back: the order had been closed when the payment reached the provider, so it was never credited.',
        );
      } else if (order.purpose === 'vip') {
        if (refund.vip_seconds_due === 0)
          lines.push('VIP: this share of the package is under a minute; VIP is unchanged.');
        else if (refund.vip_seconds_shortened === refund.vip_seconds_due)
          lines.push(
            `VIP shortened by ${spell(refund.vip_seconds_shortened)} (the refunded share of the package).`,
          );
        else
          lines.push(
            `VIP shortened by ${spell(refund.vip_seconds_shortened)} of the refunded share's ${spell(refund.vip_seconds_due)}; ${spell(refund.vip_seconds_due - refund.vip_seconds_shortened)} NOT taken back: that VIP time was already used.`,
          );
      } else {
        const notReversed = refund.coins_due - refund.coins_reversed;
        if (notReversed === 0)
          lines.push(
            `Coins taken back: ${refund.coins_reversed} of ${refund.coins_due} (the refunded share of the order's coins).`,
          );
        else
          lines.push(
            `Coins taken back: ${refund.coins_reversed} of ${refund.coins_due}; ${notReversed} NOT taken back: the user had already spent them (only coins still in the balance are reversed; what they bought stays bought).`,
          );
      }
      lines.push(
        `Order ${order.outTradeNo}: ${yuan(order.refunded)} of ${yuan(order.amount)} refunded so far.`,
      );
      break;
    }
    case 'FAILED':
      lines.push(
        `FAILED at the provider: ${refund.failure ?? 'no reason given'}. Nothing was taken back; the amount may be refunded again under another reason.`,
      );
      break;
    default:
      if (r.inProgressElsewhere)
        lines.push(
          `Being processed by another call (${refund.status}); run the same command again to see its outcome.`,
        );
      else
        lines.push(
          `Not final yet (${refund.status}${refund.failure ? `: ${refund.failure}` : ''}): the refund sweep asks the provider every minute and settles it exactly once; run the same command again to see its outcome.`,
        );
  }
  return lines;
}
