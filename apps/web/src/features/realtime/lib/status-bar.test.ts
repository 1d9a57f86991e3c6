import { describe, expect, it } from 'vitest';
import { availableStatuses, isStatusBarVisible, statusGroupButtons } from './status-bar.js';

describe('status bar', () => {
  it('is hidden when one or fewer statuses are available', () => {
    expect(
      isStatusBarVisible(
        [
          { key: 'in_picking', count: 3 },
          { key: 'lost', count: 0 },
        ],
        [],
      ),
    ).toBe(false);
    expect(isStatusBarVisible([], [])).toBe(false);
    expect(
      isStatusBarVisible(
        [
          { key: 'in_picking', count: 3 },
          { key: 'lost', count: 1 },
        ],
        [],
      ),
    ).toBe(true);
  });

  it('stays visible while a status selection is active so it can be cleared', () => {
    expect(isStatusBarVisible([{ key: 'lost', count: 1 }], ['lost'])).toBe(true);
  });

  it('sums group counts and marks fully selected groups', () => {
    const stats = [
      { key: 'in_picking', count: 3 },
      { key: 'not_fulfilled', count: 2 },
      { key: 'shipping_delivered', count: 7 },
    ];
    expect(availableStatuses(stats)).toEqual(['in_picking', 'not_fulfilled', 'shipping_delivered']);
    const buttons = statusGroupButtons(stats, ['in_picking', 'not_fulfilled']);
    expect(buttons.find((b) => b.id === 'in_picking')).toMatchObject({ count: 5, selected: true });
    expect(buttons.find((b) => b.id === 'delivered')).toMatchObject({ count: 7, selected: false });
  });
});
