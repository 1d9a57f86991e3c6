import { describe, expect, it } from 'vitest';
import { HTTP_ADDRESS_MAX_LENGTH, httpAddress } from './http-address.js';

describe('httpAddress', () => {
  it.each([
    ['https://shop.example.com/admin/orders/7', 'https://shop.example.com/admin/orders/7'],
    ['HTTP://labels.example:8080/a.pdf?x=1#p', 'HTTP://labels.example:8080/a.pdf?x=1#p'],
    ['  https://shop.example.com  ', 'https://shop.example.com'],
    ['https://shop.example.com?x=1', 'https://shop.example.com?x=1'],
  ])('takes %j as %j', (raw, address) => {
    expect(httpAddress(raw)).toBe(address);
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html,<b>x</b>',
    'ftp://files.example.com/a',
    '//shop.example.com/x',
    'https://',
    'https:///path',
    'https://user@evil.example',
    'https://shop.example.com/a b',
    'https://shop.example.com/\ta',
    'https:\\\\evil.example',
    'not a url',
    '',
  ])('refuses %j', (raw) => {
    expect(httpAddress(raw)).toBeNull();
  });

  it('refuses non-strings and over-long addresses', () => {
    expect(httpAddress(null)).toBeNull();
    expect(httpAddress(42)).toBeNull();
    expect(httpAddress(`https://a.example/${'x'.repeat(HTTP_ADDRESS_MAX_LENGTH)}`)).toBeNull();
  });
});
