import type { ActivityEntry } from '@waybill/contracts';
import { describe, expect, it } from 'vitest';
import { mergeHistory } from './history-activity.js';

const at = (iso: string) => new Date(iso);
const change = (over: Partial<ActivityEntry>): ActivityEntry => ({
  id: over.id ?? '1',
  orderUid: 'ord_1',
  action: 'status',
  actor: { uid: 'u1', name: 'Ana Popescu' },
  at: '2026-11-27T10:00:05.000Z',
  ...over,
});

describe('History merged with Waybill activity', () => {
  it('names the Waybill user on the status they set, and adds their other changes in time order', () => {
    const timeline = [
      { key: 'new', date: at('2026-11-27T08:00:00.000Z') },
      { key: 'shipping_in_transit', date: at('2026-11-27T09:00:00.000Z') },
      { key: 'shipping_delivered', date: at('2026-11-27T10:00:00.000Z') },
    ];
    const rows = mergeHistory(timeline, [
      change({ id: '2', to: 'shipping_delivered', happenedAt: '2026-11-27T10:00:00.400Z' }),
      change({
        id: '3',
        action: 'comment',
        at: '2026-11-27T09:30:00.000Z',
        actor: { uid: 'u2', name: 'Dan Developer' },
      }),
    ]);
    expect(
      rows.map((r) =>
        r.kind === 'status' ? `${r.entry.key}:${r.by ?? '-'}` : `${r.entry.action}:${r.entry.actor.name}`,
      ),
    ).toEqual(['new:-', 'shipping_in_transit:-', 'comment:Dan Developer', 'shipping_delivered:Ana Popescu']);
  });

  it('leaves a status unnamed when no Waybill change matches its date', () => {
    const rows = mergeHistory(
      [{ key: 'lost', date: at('2026-11-27T10:00:00.000Z') }],
      [change({ to: 'lost', happenedAt: '2026-11-27T11:00:00.000Z' })],
    );
    expect(rows).toEqual([
      { kind: 'status', entry: { key: 'lost', date: at('2026-11-27T10:00:00.000Z') }, by: null },
    ]);
  });
});
