import { describe, expect, it } from 'vitest';
import {
  conflictExpectedSchema,
  conflictMessage,
  describeChange,
  inferChange,
  orderChangedSince,
} from './conflict.js';

const opened = { updatedAt: '2026-03-01T10:00:00.120Z', status: 'waiting_for_courier' };

describe('conflict warning rule', () => {
  it('an order not touched since the modal opened is no conflict, whatever the time spelling', () => {
    expect(orderChangedSince(opened, { updatedAt: opened.updatedAt, status: opened.status })).toBe(false);
    expect(
      orderChangedSince(opened, { updatedAt: '2026-03-01T11:00:00.120+01:00', status: opened.status }),
    ).toBe(false);
  });

  it('a later updated_at, even by milliseconds, or another status is a conflict', () => {
    expect(orderChangedSince(opened, { updatedAt: '2026-03-01T10:00:00.121Z', status: opened.status })).toBe(
      true,
    );
    expect(orderChangedSince(opened, { updatedAt: opened.updatedAt, status: 'lost' })).toBe(true);
    expect(
      orderChangedSince({ updatedAt: opened.updatedAt }, { updatedAt: opened.updatedAt, status: 'lost' }),
    ).toBe(false);
  });

  it('unreadable times compare as text', () => {
    expect(orderChangedSince({ updatedAt: 'x' }, { updatedAt: 'x', status: 's' })).toBe(false);
    expect(orderChangedSince({ updatedAt: 'x' }, { updatedAt: 'y', status: 's' })).toBe(true);
  });

  it('infers a status move when nobody recorded the change', () => {
    expect(inferChange(opened, { updatedAt: 'later', status: 'lost' })).toEqual({
      kind: 'status',
      status: 'lost',
    });
    expect(inferChange(opened, { updatedAt: 'later', status: opened.status })).toEqual({ kind: 'update' });
  });

  it('formats "Changed by {name} {time} ago: {what}"', () => {
    const now = new Date('2026-03-01T10:05:30Z');
    expect(
      conflictMessage(
        {
          by: 'Ana Demo',
          at: '2026-03-01T10:03:00Z',
          what: { kind: 'status', status: 'shipping_delivered' },
        },
        now,
      ),
    ).toBe('Changed by Ana Demo 2 minutes ago: status changed to Delivered');
    expect(conflictMessage({ by: null, at: '2026-03-01T10:05:20Z', what: { kind: 'reissue' } }, now)).toBe(
      'Changed by someone else 10 seconds ago: shipping label reissued',
    );
    expect(conflictMessage({ by: 'Bo', at: '2026-03-01T10:05:29Z', what: { kind: 'comment' } }, now)).toBe(
      'Changed by Bo just now: comment added',
    );
    expect(conflictMessage({ by: 'Bo', at: '2026-03-01T10:05:25Z', what: { kind: 'comment' } }, now)).toBe(
      'Changed by Bo 5 seconds ago: comment added',
    );
  });

  it('names the status with its display label and unknown keys sentence-cased', () => {
    expect(describeChange({ kind: 'status', status: 'some_new_state' })).toBe(
      'status changed to Some new state',
    );
  });

  it('the expected state is bounded and strict', () => {
    expect(conflictExpectedSchema.safeParse({ updatedAt: 'x'.repeat(65) }).success).toBe(false);
    expect(conflictExpectedSchema.safeParse({ updatedAt: 'a', other: 1 }).success).toBe(false);
    expect(conflictExpectedSchema.safeParse({ updatedAt: 'a', status: 'lost' }).success).toBe(true);
  });
});
