/**
 * Amounts as Alipay writes them: yuan with at most two decimals ("6.00"). Parsed to fen on the digits,
 * never through a float: "6.000001" or "6e0" are not amounts and are refused, not rounded.
 */
const YUAN = /^(\d{1,10})(?:\.(\d{1,2}))?$/;

/** Fen of a yuan string, or null when it is not exactly one. */
export function fenOfYuan(text: string): number | null {
  const m = YUAN.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** The yuan string of a whole number of fen ("6.00" for 600). */
export function yuanOfFen(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError(`not an amount in fen: ${fen}`);
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}
