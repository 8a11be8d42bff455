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
