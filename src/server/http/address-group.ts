import { isIPv6 } from 'node:net';

/**
 * The client an address stands for when work is shared between clients (the demo's drawing on
 * demand): an IPv4 address as it is (an IPv4-mapped IPv6 address as its IPv4), an IPv6 address as its
 * /64. An IPv6 host is routinely given a whole /64 and may use any of its 2^64 addresses, so keyed by
 * the full address one host is as many clients as it likes and a per-client cap holds nothing.
 */
export function addressGroupOf(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const bare = ip.split('%')[0]!; // a zone id (fe80::1%eth0) names an interface, not a host
  if (!isIPv6(bare)) return ip;
  const [head, tail] = bare.split('::') as [string, string | undefined];
  const groups = (s: string | undefined) => (s ? s.split(':') : []);
  const left = groups(head);
  // Without '::' every group is written out; a written-out network half is all a /64 needs.
  const right = tail === undefined ? [] : groups(tail);
  const width = (g: string[]) => g.reduce((n, x) => n + (x.includes('.') ? 2 : 1), 0);
  const full = [...left, ...Array<string>(8 - width(left) - width(right)).fill('0'), ...right];
  return `${full
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * The key every per-address limit and throttle counts a caller by (rate limits, login and SMS
 * throttles, hashing guard, anonymous read counts): its address group, so one IPv6 host is one caller.
 * `request.ip` believes X-Forwarded-For only from TRUST_PROXY.
 */
export const callerAddressOf = (request: { ip: string }): string => addressGroupOf(request.ip);
