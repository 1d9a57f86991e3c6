import { describe, expect, it } from 'vitest';
import { makeInbound } from '../test/fixtures.js';
import { inboundChangeSummary, unreconciled, withPendingStatuses } from './inbound-changes.js';

const later = (iso: string) => new Date(Date.parse(iso) + 60_000).toISOString();

describe('inboundChangeSummary', () => {
  const before = makeInbound({ name: 'RCP-1', status: 'in_transit' });
  const newer = { ...before.external_dates, updated_at: later(before.external_dates.updated_at) };

  it('is null for the reviewed version or when the row is unknown', () => {
    expect(inboundChangeSummary(before, before)).toBeNull();
    expect(inboundChangeSummary(before, { ...before, status: 'arrived' })).toBeNull();
    expect(inboundChangeSummary(before, undefined)).toBeNull();
  });

  it('names a status change in labels', () => {
    expect(inboundChangeSummary(before, { ...before, status: 'cancelled', external_dates: newer })).toBe(
      'status In Transit → Cancelled',
    );
  });

  it('lists several changes, and says "details updated" for a newer version with none named', () => {
    expect(
      inboundChangeSummary(before, {
        ...before,
        expected_date: later(before.expected_date ?? new Date().toISOString()),
        fulfillment_center_uid: 'fc_other',
        external_dates: newer,
      }),
    ).toBe('expected date changed, warehouse changed');
    expect(inboundChangeSummary(before, { ...before, external_dates: newer })).toBe('details updated');
  });
});

describe('pending status changes', () => {
  const row = makeInbound({ name: 'RCP-2', status: 'in_transit' });
  const pending = new Map([
    [row.uid, { status: 'arrived' as const, baseUpdatedAt: row.external_dates.updated_at }],
  ]);

  it('show the new status at once on the version they were made on', () => {
    expect(withPendingStatuses([row], pending)[0]?.status).toBe('arrived');
    expect(unreconciled([row], pending).size).toBe(1);
  });

  it('give way to the next version of the row, whatever its status', () => {
    const next = {
      ...row,
      status: 'processing' as const,
      external_dates: { ...row.external_dates, updated_at: later(row.external_dates.updated_at) },
    };
    expect(withPendingStatuses([next], pending)[0]?.status).toBe('processing');
    expect(unreconciled([next], pending).size).toBe(0);
    expect(unreconciled([], pending).size).toBe(0);
  });
});
