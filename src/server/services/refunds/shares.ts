/**
 * What a refund takes back, exactly. A refund of `amount` fen out of an order of `total` fen stands for
 * its share of what the order delivered (`delivered`: coins, or VIP seconds), counted cumulatively:
 * floor(delivered × (before + amount) / total) − floor(delivered × before / total), where `before` is
 * the fen already refunded. Parts therefore add up to exactly `delivered` once the whole order is
 * refunded, whatever the parts were, and no part ever rounds up.
 */
export function shareOf(delivered: number, total: number, before: number, amount: number): number {
  if (total <= 0 || delivered <= 0) return 0;
  // BigInt: coins × fen stays exact far beyond 2^53.
  const d = BigInt(delivered);
  const t = BigInt(total);
  const upto = (fen: number) => (d * BigInt(fen)) / t;
  return Number(upto(before + amount) - upto(before));
}

/**
 * The coins rule: a refund takes back its share of the order's coins, but never more than the user
 * holds at that moment. Coins are interchangeable; whatever the balance no longer covers was spent (on
 * chapters or videos, which stay bought) and is not taken back, so a balance never goes below zero and
 * every coin taken back is one ledger entry.
 */
export function coinsToReverse(due: number, balance: number): number {
  return Math.max(0, Math.min(due, balance));
}

/**
 * The VIP rule: the end moves earlier by the refund's share of the package's seconds, but never before
 * now: days already lived through cannot be taken back. Whole seconds, so what is recorded is what moved.
 */
export function vipSecondsToShorten(due: number, endMs: number | null, nowMs: number): number {
  if (endMs === null || Number.isNaN(endMs) || endMs <= nowMs) return 0;
  return Math.max(0, Math.min(due, Math.floor((endMs - nowMs) / 1000)));
}
