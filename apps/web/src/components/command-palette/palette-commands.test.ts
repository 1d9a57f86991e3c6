import type { OrderRowActions } from '@waybill/contracts';
import { describe, expect, it } from 'vitest';
import { type CommandTarget, orderCommandItems } from './palette-commands.js';

const allowed = (over: Partial<OrderRowActions> = {}): OrderRowActions => ({
  addComment: true,
  markInTransit: false,
  markDelivered: true,
  markReceivedBySender: false,
  markLost: true,
  cancel: false,
  reissueAwb: false,
  ...over,
});
const target = (over: Partial<CommandTarget> = {}): CommandTarget => ({
  uid: 'ord_1',
  reference: 'A-1001',
  allowed: allowed(),
  following: false,
  heldByMe: false,
  ...over,
});

describe('commands on the current order', () => {
  it('offers take, follow, each allowed status, and escalate, naming the order', () => {
    const items = orderCommandItems('', target());
    expect(items.map((i) => i.label)).toEqual([
      'Take this order',
      'Follow this order',
      'Mark as Delivered',
      'Mark as Lost',
      'Escalate to a team',
    ]);
    expect(items.every((i) => i.group === 'Commands' && i.hint === 'Order #A-1001' && !i.href)).toBe(true);
    expect(items[2]?.command).toEqual({ kind: 'status', action: 'markDelivered' });
  });

  it('offers release and unfollow when held and followed, reissue when allowed', () => {
    const labels = orderCommandItems(
      '',
      target({ heldByMe: true, following: true, allowed: allowed({ reissueAwb: true }) }),
    ).map((i) => i.label);
    expect(labels).toContain('Release this order');
    expect(labels).toContain('Unfollow this order');
    expect(labels).toContain('Reissue AWB');
    expect(labels).not.toContain('Take this order');
  });

  it('leaves out what it does not know (following, holds) and what does not hold the query', () => {
    const labels = orderCommandItems('mark', target({ following: null, heldByMe: null })).map((i) => i.label);
    expect(labels).toEqual(['Mark as Delivered', 'Mark as Lost']);
  });
});
