import type { Hold } from '@waybill/contracts';
import { describe, expect, it } from 'vitest';
import { colleagueHolds } from './colleague-holds.js';

const hold = (orderUid: string, uid: string, name: string): Hold => ({
  orderUid,
  holder: { uid, name },
  since: '2026-11-29T08:00:00Z',
  lastActionAt: '2026-11-29T08:00:00Z',
});

const holds = Object.fromEntries(
  [
    hold('o1', 'olivia', 'Olivia Ops'),
    hold('o2', 'dan', 'Dan Developer'),
    hold('o3', 'olivia', 'Olivia Ops'),
    hold('o4', 'me', 'Me Myself'),
    hold('o5', 'ann', 'Ann Analyst'),
    hold('o6', 'bo', 'Bo Boxer'),
  ].map((h) => [h.orderUid, h]),
);

describe('colleagueHolds', () => {
  it('is null when no ticked order is held, or only by the user', () => {
    expect(colleagueHolds(['o9', 'o4'], holds, 'me')).toBeNull();
    expect(colleagueHolds([], holds, 'me')).toBeNull();
  });

  it('names each colleague with how many of the ticked orders they hold, most first', () => {
    expect(colleagueHolds(['o1', 'o2', 'o3', 'o4', 'o9'], holds, 'me')).toEqual({
      uids: ['o1', 'o2', 'o3'],
      text: '3 of these 5 orders are held by colleagues: Olivia Ops (2) and Dan Developer (1).',
    });
    expect(colleagueHolds(['o1', 'o9'], holds, 'me')?.text).toBe(
      '1 of these 2 orders is held by a colleague: Olivia Ops (1).',
    );
  });

  it('says so when every ticked order is held, and counts past three names', () => {
    expect(colleagueHolds(['o1', 'o3'], holds, 'me')?.text).toBe(
      'All 2 orders are held by a colleague: Olivia Ops (2).',
    );
    expect(colleagueHolds(['o2'], holds, 'me')?.text).toBe(
      'This order is held by a colleague: Dan Developer (1).',
    );
    expect(colleagueHolds(['o1', 'o2', 'o3', 'o5', 'o6'], holds, 'me')?.text).toBe(
      'All 5 orders are held by colleagues: Olivia Ops (2), Ann Analyst (1), Bo Boxer (1) and 1 other.',
    );
  });
});
