import { createHmac, timingSafeEqual } from 'node:crypto';
import { derivedKey } from '../secrets.js';

/**
 * The single-use apply URL's ticket: HMAC-SHA256 (key derived from PAY_SECRET for this purpose only)
 * over order number, user id, expiry and the context fields the URL carries (branch, source domain,
 * return and api URLs), so none of them can be altered. It grants nothing but opening that one
 * order's payment; the order's own fields (amount, package, channel) are checked against the order.
 */
const ticketKey = (secret: string) => derivedKey(secret, 'inkreel/pay-apply-ticket/v2');

export interface ApplyTicketFields {
  orderNo: string;
  userId: number;
  expires: number;
  branchId: number;
  fromDomain: string;
  returnUrl: string;
  apiUrl: string;
}

export function applyTicket(secret: string, f: ApplyTicketFields): string {
  // JSON of a fixed field order: no separator inside a value can shift one field into another.
  const signed = JSON.stringify([
    f.orderNo,
    f.userId,
    f.expires,
    f.branchId,
    f.fromDomain,
    f.returnUrl,
    f.apiUrl,
  ]);
  return createHmac('sha256', ticketKey(secret)).update(signed).digest('base64url');
}

export function verifyApplyTicket(secret: string, f: ApplyTicketFields & { ticket: string }): boolean {
  const expected = Buffer.from(applyTicket(secret, f));
  const given = Buffer.from(f.ticket);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
