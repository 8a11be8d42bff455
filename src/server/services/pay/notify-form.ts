import type { RejectedNotify } from '../../ports/pay-provider.js';

/**
 * A form notify's fields as posted: plain strings only. A repeated field arrives as an array, and
 * anything that is not a flat form is not a notify (null).
 */
export function formFields(body: unknown): Record<string, string> | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
    if (typeof v !== 'string') return null;
    out[k] = v;
  }
  return out;
}

/** A refused form notify, naming the order and notify id it claims (for the audit), if any. */
export function rejectForm(reason: string, fields: Record<string, string> | null): RejectedNotify {
  return { ok: false, reason, outTradeNo: fields?.out_trade_no ?? null, notifyId: fields?.notify_id ?? null };
}
