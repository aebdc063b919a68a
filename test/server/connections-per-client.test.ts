/** What the per-client connection cap counts as one client: an IPv4 address, an IPv6 /64. */
import { describe, expect, it } from 'vitest';
import { clientOf } from '../../src/server/connections-per-client.js';

describe('clientOf', () => {
  it('is an IPv4 address itself, unwrapped from its IPv6-mapped form', () => {
    expect(clientOf('203.0.113.7')).toBe('203.0.113.7');
    expect(clientOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientOf('::FFFF:127.0.0.1')).toBe('127.0.0.1');
  });

  it("is an IPv6 address's /64, however the address is written", () => {
    const prefix = '2001:db8:0:1::/64';
    for (const address of [
      '2001:db8:0:1::5',
      '2001:db8::1:0:0:0:5',
      '2001:0db8:0000:0001:ffff:ffff:ffff:ffff',
      '2001:DB8:0:1:a::',
      '2001:db8:0:1::7%eth0',
    ])
      expect([address, clientOf(address)]).toEqual([address, prefix]);
    expect(clientOf('2001:db8:0:2::5')).toBe('2001:db8:0:2::/64');
    expect(clientOf('::1')).toBe('0:0:0:0::/64');
    expect(clientOf('fe80::1')).toBe('fe80:0:0:0::/64');
    expect(clientOf('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });

  it('is undefined without an address (a socket closed before it was counted)', () => {
    expect(clientOf(undefined)).toBeUndefined();
    expect(clientOf('')).toBeUndefined();
    expect(clientOf('not an address')).toBeUndefined();
  });
});
