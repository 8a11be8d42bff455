import { describe, expect, it } from 'vitest';
import { addressGroupOf } from '../../src/server/http/address-group';

describe('addressGroupOf', () => {
  it('keeps an IPv4 address, and an IPv4-mapped IPv6 one as its IPv4', () => {
    expect(addressGroupOf('203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroupOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroupOf('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('names an IPv6 address by its /64, however it is written', () => {
    const group = '2001:db8:1:2::/64';
    for (const ip of [
      '2001:db8:1:2::1',
      '2001:DB8:1:2:ffff:ffff:ffff:ffff',
      '2001:0db8:0001:0002::',
      '2001:db8:1:2:0:0:0:9',
      '2001:db8:1:2:a:b:1.2.3.4',
    ])
      expect(addressGroupOf(ip), ip).toBe(group);
    expect(addressGroupOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressGroupOf('2001:db8:1:3::1')).not.toBe(group);
    expect(addressGroupOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('passes through what is not an address (never throws)', () => {
    expect(addressGroupOf('')).toBe('');
    expect(addressGroupOf('unknown')).toBe('unknown');
  });
});
