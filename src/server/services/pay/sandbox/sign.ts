import { createHmac, timingSafeEqual } from 'node:crypto';

/** Alipay-style canonical string: fields but sign/sign_type, empty values dropped, sorted, k=v&k=v. */
export function canonical(fields: Record<string, string>): string {
  return Object.keys(fields)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && fields[k] !== '')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
}

export function signFields(fields: Record<string, string>, secret: string): string {
  if (!secret) throw new Error('server secret not loaded');
  return createHmac('sha256', secret).update(canonical(fields), 'utf8').digest('hex');
}

export function verifyFields(fields: Record<string, string>, secret: string): boolean {
  const given = fields.sign ?? '';
  if (!/^[0-9a-f]{64}$/.test(given)) return false;
  const expected = Buffer.from(signFields(fields, secret), 'hex');
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}
