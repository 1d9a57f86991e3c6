import type { Inbound, InboundStatus } from '@waybill/contracts';
import { describe, expect, it } from 'vitest';
import { etaText, formatDate, statusPill } from './status-pill.js';

const now = new Date('2024-05-10T12:00:00Z');

function inbound(status: InboundStatus, extra: Partial<Inbound> = {}): Inbound {
  return {
    uid: 'ib1',
    name: 'RCP-1',
    status,
    display_priority: 3,
    expected_date: '2024-05-12T08:00:00Z',
    external_dates: { created_at: '2024-04-02T09:00:00Z', updated_at: '2024-05-10T09:30:00Z' },
    external_data: { identifier: 'EXT-1' },
    fulfillment_center_uid: 'fc1',
    organization_uid: 'org1',
    late: { is_late: false },
    line_items_computed: { items: [], incoming_total: 0 },
    ...extra,
  };
}

describe('inbound status pill', () => {
  it('shows the created date for drafts and the updated date for completed', () => {
    expect(statusPill(inbound('draft'), now)).toEqual({
      label: 'Draft',
      detail: '02 Apr 2024',
      hourglass: false,
    });
    expect(statusPill(inbound('completed'), now).detail).toBe('10 May 2024');
  });

  it('shows the short updated date for cancelled', () => {
    expect(statusPill(inbound('cancelled'), now)).toMatchObject({ label: 'Cancelled', detail: '10 May' });
  });

  it('counts in-transit days from the expected date in UTC', () => {
    expect(statusPill(inbound('in_transit'), now).detail).toBe('ETA: 2 days');
    expect(etaText(new Date('2024-05-10T23:59:00Z'), now)).toBe('ETA: Today');
    expect(etaText(new Date('2024-05-11T00:00:00Z'), now)).toBe('ETA: 1 day');
    expect(etaText(new Date('2024-05-09T23:00:00Z'), now)).toBe('1 day ago');
    expect(etaText(new Date('2024-05-01T00:00:00Z'), now)).toBe('9 days ago');
    expect(etaText(null, now)).toBe('ETA: -');
  });

  it('shows the time since the update for arrived and processing', () => {
    expect(statusPill(inbound('arrived'), now).detail).toBe('2 hours ago');
    expect(
      statusPill(
        inbound('processing', {
          external_dates: { created_at: '2024-04-02T09:00:00Z', updated_at: '2024-05-10T11:59:30Z' },
        }),
        now,
      ).detail,
    ).toBe('Just now');
  });

  it('adds the hourglass for late inbounds except draft, completed and cancelled', () => {
    const late = { late: { is_late: true } };
    expect(statusPill(inbound('in_transit', late), now).hourglass).toBe(true);
    expect(statusPill(inbound('arrived', late), now).hourglass).toBe(true);
    expect(statusPill(inbound('processing', late), now).hourglass).toBe(true);
    expect(statusPill(inbound('draft', late), now).hourglass).toBe(false);
    expect(statusPill(inbound('completed', late), now).hourglass).toBe(false);
    expect(statusPill(inbound('cancelled', late), now).hourglass).toBe(false);
  });

  it('formats header dates and tolerates missing ones', () => {
    expect(formatDate('2024-01-05T00:00:00')).toBe('05 Jan 2024');
    expect(formatDate(null)).toBe('-');
  });
});
