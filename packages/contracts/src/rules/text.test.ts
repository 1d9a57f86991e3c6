import { describe, expect, it } from 'vitest';
import {
  countNoun,
  footerText,
  formatCount,
  formatOrderReference,
  forwardableState,
  initials,
  isCopyable,
  organizationLabel,
  productTitle,
  sellingChannelName,
  shortenLongText,
  shortenText,
  storeDisplayName,
  truncateEnd,
} from './text.js';

describe('shortenText: default 22, middle truncated with dots', () => {
  it.each([
    ['', ''],
    ['short', 'short'],
    ['exactly-22-characters!', 'exactly-22-characters!'],
    ['abcdefghijklmnopqrstuvw', 'abcdefghij...opqrstuvw'],
    ['a-very-long-merchant-store-name.myshopify.com', 'a-very-lon...opify.com'],
  ])('%j → %j', (input, output) => {
    const result = shortenText(input);
    expect(result).toBe(output);
    expect(Array.from(result).length).toBeLessThanOrEqual(22);
  });

  it.each([
    [10, 'abcdefghijklmnop', 'abcd...nop'],
    [5, 'abcdefgh', 'a...h'],
    [4, 'abcdefgh', 'a...'],
    [3, 'abcdefgh', '...'],
    [18, 'Reception 2024-05-01 batch 7', 'Receptio...batch 7'],
  ])('max %i: %j → %j', (max, input, output) => {
    expect(shortenText(input, max)).toBe(output);
  });

  it('every length up to 60 stays within the limit and keeps both ends', () => {
    for (let len = 0; len <= 60; len++) {
      const text = 'x'.repeat(Math.max(0, len - 2)).padStart(len - 1, 'A') + (len > 0 ? 'Z' : '');
      const out = shortenText(text);
      if (len <= 22) expect(out).toBe(text);
      else {
        expect(out.length).toBe(22);
        expect(out.startsWith('A')).toBe(true);
        expect(out.endsWith('Z')).toBe(true);
        expect(out).toContain('...');
      }
    }
  });

  it('counts characters, not UTF-16 units', () => {
    expect(shortenText('🚚'.repeat(22))).toBe('🚚'.repeat(22));
    expect(Array.from(shortenText('🚚'.repeat(30))).length).toBe(22);
  });
});

describe('truncateEnd', () => {
  it.each([
    ['abc', 5, 'abc'],
    ['abcde', 5, 'abcde'],
    ['abcdef', 5, 'abcde...'],
  ])('%j / %i', (text, max, out) => {
    expect(truncateEnd(text, max)).toBe(out);
  });
});

describe("formatOrderReference: '#' + reference truncated to 17", () => {
  it.each([
    ['1001', '#1001'],
    ['#1001', '##1001'],
    ['12345678901234567', '#12345678901234567'],
    ['123456789012345678', '#12345678901234567...'],
    ['  SHOP-1  ', '#SHOP-1'],
    ['', '-'],
    ['   ', '-'],
    [null, '-'],
    [undefined, '-'],
  ])('%j → %j', (ref, out) => {
    expect(formatOrderReference(ref)).toBe(out);
  });
});

describe('isCopyable requires a non-empty string', () => {
  it.each([
    ['R-1', true],
    ['', false],
    [null, false],
    [undefined, false],
    [1001, false],
  ])('%j → %s', (ref, ok) => {
    expect(isCopyable(ref)).toBe(ok);
  });
});

describe('initials: first letters of the first two words', () => {
  it.each([
    ['Ana Pop', 'AP'],
    ['ana pop', 'AP'],
    ['Ana Maria Pop', 'AM'],
    ['Cher', 'C'],
    ['  Ion   Ionescu ', 'II'],
    ['élodie durand', 'ÉD'],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('%j → %j', (name, out) => {
    expect(initials(name)).toBe(out);
  });
});

describe('forwardableState: forwarded only when longer than 10 characters', () => {
  it.each([
    ['12345678901', '12345678901'],
    ['1234567890', undefined],
    ['', undefined],
    ['abc', undefined],
    ['a-long-install-state-value', 'a-long-install-state-value'],
    [null, undefined],
    [undefined, undefined],
  ])('%j → %j', (state, out) => {
    expect(forwardableState(state)).toBe(out);
  });
});

describe('storeDisplayName removes a leading www.', () => {
  it.each([
    ['www.shop.ro', 'shop.ro'],
    ['WWW.shop.ro', 'shop.ro'],
    ['shop.www.ro', 'shop.www.ro'],
    ['shop.ro', 'shop.ro'],
  ])('%j', (name, out) => {
    expect(storeDisplayName(name)).toBe(out);
  });
});

describe('organizationLabel', () => {
  it.each([
    ['Acme', 'Acme'],
    ['', '-'],
    ['  ', '-'],
    [null, '-'],
    [undefined, '-'],
  ])('%j → %j', (name, out) => {
    expect(organizationLabel(name)).toBe(out);
  });
});

describe('sellingChannelName: alias, else name, else Unknown', () => {
  it.each([
    [{ alias: 'Little Coffee Shop', name: 'little-coffee.myshopify.example' }, 'Little Coffee Shop'],
    [{ alias: null, name: 'little-coffee.myshopify.example' }, 'little-coffee.myshopify.example'],
    [{ alias: '  ', name: 'little-coffee.myshopify.example' }, 'little-coffee.myshopify.example'],
    [{ alias: null, name: ' ' }, 'Unknown'],
    [null, 'Unknown'],
    [undefined, 'Unknown'],
  ])('%j → %j', (channel, out) => {
    expect(sellingChannelName(channel)).toBe(out);
  });
});

describe('footerText', () => {
  it.each([
    [1, 'Order', '1 Order Displayed'],
    [0, 'Order', '0 Orders Displayed'],
    [20, 'Order', '20 Orders Displayed'],
    [1, 'Product', '1 Product Displayed'],
    [2, 'Product', '2 Products Displayed'],
    [1, 'Inbound', '1 Inbound Displayed'],
    [0, 'Inbound', '0 Inbounds Displayed'],
    [57, 'Inbound', '57 Inbounds Displayed'],
    // The number is printed as it is, like the count line ('{n} inbound displayed').
    [1200, 'Inbound', '1200 Inbounds Displayed'],
  ] as const)('%i %s', (count, noun, out) => {
    expect(footerText(count, noun)).toBe(out);
  });
});

describe('countNoun: singular for exactly 1', () => {
  it.each([
    [1, 'sku', 'SKU'],
    [0, 'sku', 'SKUs'],
    [2, 'sku', 'SKUs'],
    [1, 'item', 'Item'],
    [1200, 'item', 'Items'],
    [1, 'order', 'order'],
    [3, 'order', 'orders'],
    [1, 'store', 'store'],
  ] as const)('%i %s → %s', (count, noun, word) => {
    expect(countNoun(count, noun)).toBe(word);
  });
});

describe('productTitle', () => {
  it.each([
    ['Linen shirt', 'Linen shirt'],
    [null, 'Unknown product'],
    [undefined, 'Unknown product'],
    ['  ', 'Unknown product'],
  ])('%s → %s', (title, shown) => {
    expect(productTitle(title)).toBe(shown);
  });
});

describe('formatCount', () => {
  it('groups thousands as en-US does', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(5000)).toBe('5,000');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(-1234.5)).toBe('-1,234.5');
  });

  it('agrees with Intl.NumberFormat en-US over integers, fractions and signs', () => {
    const intl = new Intl.NumberFormat('en-US');
    const values = [1, 10, 100, 1000, 9999, 10000, 99999, 100000, 123456789, 2 ** 40];
    const samples = values.flatMap((v) => [v, -v, v + 0.25, v + 0.0004, v + 0.9996, v / 7]);
    for (const value of [...samples, 0.0004]) expect(formatCount(value)).toBe(intl.format(value));
  });

  it('writes a zero that rounds from below as 0, where Intl writes -0', () => {
    expect(formatCount(-0)).toBe('0');
    expect(formatCount(-0.0004)).toBe('0');
  });

  it('writes what is not a finite number as is', () => {
    expect(formatCount(Number.NaN)).toBe('NaN');
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe('Infinity');
  });
});

describe('shortenLongText: over 15 characters, first 6, dots, last 7', () => {
  it.each([
    ['', ''],
    ['581885234614', '581885234614'],
    ['123456789012345', '123456789012345'],
    ['1234567890123456', '123456...0123456'],
    ['JJD0002249876543210', 'JJD000...6543210'],
    ['ÄÖÜ-äöü-ÄÖÜ-äöü-x', 'ÄÖÜ-äö...Ü-äöü-x'],
  ])('%j → %j', (text, shown) => {
    expect(shortenLongText(text)).toBe(shown);
  });
});
