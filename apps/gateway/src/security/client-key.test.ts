import { describe, expect, it } from 'vitest';
import { clientKey } from './client-key.js';

describe('clientKey', () => {
  it('counts an IPv6 client by its /64, however the address is written', () => {
    const key = '2001:db8:ab:cd::/64';
    expect(clientKey('2001:db8:ab:cd::1')).toBe(key);
    expect(clientKey('2001:0db8:00ab:00cd:ffff:1:2:3')).toBe(key);
    expect(clientKey('2001:DB8:AB:CD:1234::')).toBe(key);
    expect(clientKey('2001:db8:ab:ce::1')).not.toBe(key);
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });

  it('counts an IPv4 client alone, also written as IPv4-mapped IPv6', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('203.0.113.8')).not.toBe(clientKey('203.0.113.7'));
  });

  it('leaves anything else as it is', () => {
    expect(clientKey('unknown')).toBe('unknown');
  });
});
