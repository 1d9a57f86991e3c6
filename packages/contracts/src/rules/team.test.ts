import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../team.js';
import {
  activityMatches,
  describeActivity,
  isDoneStatus,
  isHoldExpired,
  statusBeforeChange,
} from './team.js';

const entry = (over: Partial<ActivityEntry> = {}): ActivityEntry => ({
  id: '1',
  orderUid: 'ord_1',
  action: 'status',
  actor: { uid: 'u1', name: 'Ana Popescu' },
  at: '2026-11-27T10:00:00.000Z',
  from: 'shipping_in_transit',
  to: 'shipping_delivered',
  ...over,
});

describe('team rules', () => {
  it('done statuses are the delivered, returned, cancelled and lost groups', () => {
    for (const s of ['shipping_delivered', 'fulfilled', 'returned', 'cancelled', 'shipping_canceled', 'lost'])
      expect(isDoneStatus(s)).toBe(true);
    for (const s of ['shipping_in_transit', 'ready_for_picking', 'back_to_sender', 'new_'])
      expect(isDoneStatus(s)).toBe(false);
  });

  it('a hold expires idleMs after the last action, not before', () => {
    const hold = { lastActionAt: '2026-11-27T10:00:00.000Z' };
    const at = Date.parse(hold.lastActionAt);
    expect(isHoldExpired(hold, at + 999, 1000)).toBe(false);
    expect(isHoldExpired(hold, at + 1000, 1000)).toBe(true);
  });

  it('the filter checks user, actions and both ends of the range', () => {
    expect(activityMatches(entry(), {})).toBe(true);
    expect(activityMatches(entry(), { userId: 'u2' })).toBe(false);
    expect(activityMatches(entry(), { actions: ['comment'] })).toBe(false);
    expect(activityMatches(entry(), { actions: ['comment', 'status'] })).toBe(true);
    expect(
      activityMatches(entry(), { from: '2026-11-27T10:00:00.000Z', to: '2026-11-27T10:00:00.000Z' }),
    ).toBe(true);
    expect(activityMatches(entry(), { from: '2026-11-27T10:00:01.000Z' })).toBe(false);
    expect(activityMatches(entry(), { to: '2026-11-27T09:59:59.000Z' })).toBe(false);
  });

  it('describes an entry in words', () => {
    const label = (k: string) => k.toUpperCase();
    expect(describeActivity(entry(), label)).toBe(
      'changed the status from SHIPPING_IN_TRANSIT to SHIPPING_DELIVERED',
    );
    expect(describeActivity(entry({ from: null, bulk: true }), label)).toBe(
      'changed the status to SHIPPING_DELIVERED (bulk)',
    );
    expect(describeActivity(entry({ action: 'take' }), label)).toBe('took the order');
    expect(describeActivity(entry({ action: 'take', detail: 'Olivia Ops' }), label)).toBe(
      'took the order over from Olivia Ops',
    );
    expect(describeActivity(entry({ action: 'escalation', detail: 'development' }), label)).toBe(
      'escalated to development',
    );
  });

  it('the status before a change is the newest other history entry', () => {
    const history = [
      { key: 'ready_for_picking', date: '2026-11-27T08:00:00.000Z' },
      { key: 'shipping_in_transit', date: '2026-11-27T09:00:00.000Z' },
      { key: 'shipping_delivered', date: '2026-11-27T08:30:00.000Z' },
    ];
    expect(statusBeforeChange(history, 'shipping_delivered', '2026-11-27T08:30:00.000Z')).toBe(
      'shipping_in_transit',
    );
    expect(statusBeforeChange([history[2]!], 'shipping_delivered', '2026-11-27T08:30:00.000Z')).toBeNull();
  });
});
