import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryNotificationStore } from '../../src/notifications/notification-store.js';
import { UpdateThrottle, withSettledUpdates } from '../../src/notifications/settled-updates.js';

const item = (id: string) => ({
  id,
  kind: 'changed' as const,
  orderUid: 'ord_1',
  reference: null,
  text: 't',
  at: 0,
});

describe('a centre pushed at most once per interval per user', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tells the first update at once and folds the rest of a burst into one at the end of the interval', () => {
    const told: string[] = [];
    const throttle = new UpdateThrottle(500, (user) => told.push(user));
    throttle.update('ana');
    for (let i = 0; i < 50; i++) throttle.update('ana');
    throttle.update('dan');
    expect(told).toEqual(['ana', 'dan']);
    vi.advanceTimersByTime(499);
    expect(told).toEqual(['ana', 'dan']);
    vi.advanceTimersByTime(1);
    expect(told).toEqual(['ana', 'dan', 'ana']);
    // Quiet after that: nothing more, and the next update goes at once.
    vi.advanceTimersByTime(5000);
    expect(told).toHaveLength(3);
    throttle.update('dan');
    expect(told.at(-1)).toBe('dan');
    throttle.close();
  });

  it("a store's fifty notifications in a row reach its listeners twice, the centre whole", async () => {
    const store = withSettledUpdates(new MemoryNotificationStore(), 500);
    const heard: string[] = [];
    store.onUpdate((user) => heard.push(user));
    for (let i = 0; i < 50; i++) await store.push('ana', item(`n${i}`));
    expect(heard).toEqual(['ana']);
    await vi.advanceTimersByTimeAsync(500);
    expect(heard).toEqual(['ana', 'ana']);
    expect((await store.state('ana')).items).toHaveLength(50);
    await store.close();
  });
});
