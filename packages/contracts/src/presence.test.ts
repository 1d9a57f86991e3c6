import { describe, expect, it } from 'vitest';
import { presenceHereInputSchema } from './presence.js';

describe('presence.here input', () => {
  it('accepts order uids as the backend makes them', () => {
    for (const orderUid of [
      'ord_0f3a9c2b7d1e4a5b6c7d8e9f',
      'ord-1',
      'a.b',
      '6f1c2d3e-aaaa-bbbb-cccc-0123456789ab',
    ])
      expect(presenceHereInputSchema.parse({ orderUid }).orderUid).toBe(orderUid);
  });

  it('refuses markup, spaces and empty or over-long ids, naming orderUid', () => {
    for (const orderUid of ['<img src=x onerror=alert(1)>', 'ord 1', '"ord"', 'ord/1', '', 'x'.repeat(201)]) {
      const parsed = presenceHereInputSchema.safeParse({ orderUid });
      expect(parsed.success, orderUid).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual(['orderUid']);
    }
  });
});
