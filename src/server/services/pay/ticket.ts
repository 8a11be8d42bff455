import { createHmac, timingSafeEqual } from 'node:crypto';
import { derivedKey } from '../secrets.js';

/**
 * The single-use apply URL's ticket: HMAC-SHA256 (key derived from PAY_SECRET for this purpose only)
 * over order number, user id and expiry. It grants nothing but opening that one order's payment.
 */
const ticketKey = (secret: string) => derivedKey(secret, 'inkreel/pay-apply-ticket/v1');

export function applyTicket(secret: string, orderNo: string, userId: number, expires: number): string {
  return createHmac('sha256', ticketKey(secret))
    .update(`${orderNo}.${userId}.${expires}`)
    .digest('base64url');
}

export function verifyApplyTicket(
  secret: string,
  t: { orderNo: string; userId: number; expires: number; ticket: string },
): boolean {
  const expected = Buffer.from(applyTicket(secret, t.orderNo, t.userId, t.expires));
  const given = Buffer.from(t.ticket);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A return URL we may send the payer's browser to: a same-site path, or an absolute URL on one of our
 * own origins. Anything else (another site, javascript:, //host) falls back to '/'.
 */
export function safeReturnUrl(raw: string | undefined | null, ownOrigins: string[]): string {
  if (!raw) return '/';
  const hasControl = [...raw].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
  if (/^\/(?![/\\])/.test(raw) && !hasControl) return raw;
  try {
    const u = new URL(raw);
    if ((u.protocol === 'https:' || u.protocol === 'http:') && ownOrigins.includes(u.origin))
      return u.toString();
  } catch {
    // not a URL
  }
  return '/';
}
