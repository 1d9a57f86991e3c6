import { describe, expect, it } from 'vitest';
import type { Inbound } from '../backend/inbounds.js';
import {
  INBOUND_TEXT_LIMITS,
  inboundCountLine,
  inboundEtaText,
  inboundNarrowingFilters,
  inboundQuantityCell,
  inboundStatusPill,
  inboundsHasClearableFilters,
  TRANSPORT_KINDS,
  transportLabel,
  transportNoun,
  transportToggles,
  warehouseIconSize,
} from './inbound-display.js';
import { shortenText } from './text.js';

const NOW = new Date(Date.UTC(2024, 5, 15, 12));
const inbound = (over: Partial<Pick<Inbound, 'status' | 'expected_date' | 'late'>> = {}) => ({
  status: 'arrived' as Inbound['status'],
  expected_date: '2024-06-20T00:00:00',
  external_dates: { created_at: '2024-06-01T09:00:00', updated_at: '2024-06-15T11:30:00' },
  late: { is_late: false },
  ...over,
});

describe('in_transit ETA from expected_date', () => {
  it.each([
    ['2024-06-15T00:00:00', 'ETA: Today'],
    ['2024-06-15T23:59:59', 'ETA: Today'],
    ['2024-06-16T00:00:00', 'ETA: 1 day'],
    ['2024-06-20T08:00:00', 'ETA: 5 days'],
    ['2024-06-14T23:00:00', '1 day ago'],
    ['2024-06-01T00:00:00', '14 days ago'],
    [null, 'ETA: -'],
  ])('%s → %s', (expected, text) => {
    expect(inboundEtaText(expected, NOW)).toBe(text);
  });
});

describe('status pill text', () => {
  it.each([
    ['draft', '01 Jun 2024'],
    ['completed', '15 Jun 2024'],
    ['cancelled', '15 Jun'],
    ['deleted', '15 Jun'],
    ['in_transit', 'ETA: 5 days'],
    ['arrived', '30 minutes ago'],
    ['processing', '30 minutes ago'],
  ] as const)('%s → %s', (status, text) => {
    expect(inboundStatusPill(inbound({ status }), NOW).text).toBe(text);
  });
  it('reads zoned server times (trailing Z) the same way', () => {
    const zoned = {
      ...inbound({ status: 'in_transit', expected_date: '2024-06-17T08:00:00Z' }),
      external_dates: { created_at: '2024-04-02T09:00:00Z', updated_at: '2024-06-15T09:30:00Z' },
    };
    expect(inboundStatusPill(zoned, NOW).text).toBe('ETA: 2 days');
    expect(inboundStatusPill({ ...zoned, status: 'draft' }, NOW).text).toBe('02 Apr 2024');
    expect(inboundStatusPill({ ...zoned, status: 'arrived' }, NOW).text).toBe('2 hours ago');
  });
  it('arrived just now', () => {
    const i = {
      ...inbound(),
      external_dates: { created_at: '2024-06-01T00:00:00', updated_at: '2024-06-15T11:59:30' },
    };
    expect(inboundStatusPill(i, NOW).text).toBe('Just now');
  });
  it.each([
    ['draft', false],
    ['completed', false],
    ['cancelled', false],
    ['in_transit', true],
    ['arrived', true],
    ['processing', true],
    ['deleted', true],
  ] as const)('late %s → hourglass %s', (status, hourglass) => {
    expect(inboundStatusPill(inbound({ status, late: { is_late: true } }), NOW).hourglass).toBe(hourglass);
    expect(inboundStatusPill(inbound({ status }), NOW).hourglass).toBe(false);
  });
});

describe('quantity display', () => {
  it.each([
    ['expected', 0, { text: 'N/A', icon: null }],
    ['expected', 12, { text: '12', icon: null }],
    ['expected', 1500, { text: '1,500', icon: null }],
    ['sellable', 0, { text: '', icon: 'not-sellable' }],
    ['sellable', 1500, { text: '1,500', icon: null }],
    ['missing', 0, { text: '–', icon: null }],
    ['defects', 0, { text: '–', icon: null }],
    ['junk', 0, { text: '–', icon: null }],
    ['missing', 3, { text: '3', icon: null }],
    ['junk', 1234567, { text: '1,234,567', icon: null }],
  ] as const)('%s %i → %j', (column, value, cell) => {
    expect(inboundQuantityCell(column, value)).toEqual(cell);
  });
});

describe('transport toggles', () => {
  it.each([
    ['truck', 1, '1 Truck'],
    ['truck', 2, '2 Trucks'],
    ['pallet', 1, '1 Pallet'],
    ['pallet', 12, '12 Pallets'],
    ['package', 1, '1 Box'],
    ['package', 3, '3 Boxes'],
    ['package', 0, '0 Boxes'],
  ] as const)('%s %i → %s', (kind, count, label) => {
    expect(transportLabel(kind, count)).toBe(label);
  });
  it('groups large counts like every other number', () => {
    expect(transportLabel('pallet', 1200)).toBe('1,200 Pallets');
  });
  it('names each kind without its count, for the placeholder toggles shown before the counts', () => {
    expect(TRANSPORT_KINDS.map((kind) => transportNoun(kind, 2))).toEqual(['Trucks', 'Pallets', 'Boxes']);
    expect(transportNoun('package', 1)).toBe('Box');
  });
  it('only counts above 0, in truck, pallet, package order', () => {
    expect(
      transportToggles([
        { kind: 'package', count: 3 },
        { kind: 'truck', count: 0 },
        { kind: 'pallet', count: 1 },
      ]),
    ).toEqual([
      { kind: 'pallet', count: 1, label: '1 Pallet' },
      { kind: 'package', count: 3, label: '3 Boxes' },
    ]);
    expect(transportToggles([])).toEqual([]);
  });
  it('keeps a selected toggle whose count dropped to 0, so it can be turned off', () => {
    expect(
      transportToggles(
        [
          { kind: 'truck', count: 0 },
          { kind: 'package', count: 2 },
        ],
        ['truck'],
      ),
    ).toEqual([
      { kind: 'truck', count: 0, label: '0 Trucks' },
      { kind: 'package', count: 2, label: '2 Boxes' },
    ]);
  });
});

describe('warehouse icon size by incoming_total', () => {
  it.each([
    [0, 'small'],
    [500, 'small'],
    [501, 'medium'],
    [1000, 'medium'],
    [1001, 'large'],
    [50_000, 'large'],
  ])('%i → %s', (total, size) => {
    expect(warehouseIconSize(total)).toBe(size);
  });
});

describe('inbounds clear filters and count line', () => {
  const empty = { assignedUsersUIDS: [], fulfillmentCentersUIDS: [], organizationsUIDS: [], statuses: [] };
  it.each([
    [empty, false],
    [{ ...empty, assignedUsersUIDS: ['u'] }, true],
    [{ ...empty, fulfillmentCentersUIDS: ['f'] }, true],
    [{ ...empty, organizationsUIDS: ['o'] }, true],
    [{ ...empty, statuses: ['arrived'] }, true],
  ])('%j → %s', (filter, shown) => {
    expect(inboundsHasClearableFilters(filter)).toBe(shown);
  });
  it('count line', () => {
    expect(inboundCountLine(12)).toBe('12 inbound displayed');
  });
  // Inbounds list: "A count line '{n} inbound displayed'." The number is printed as it is; locale
  // grouping is stated for the quantity display, not for this line.
  it.each([
    [0, '0 inbound displayed'],
    [1, '1 inbound displayed'],
    [1234, '1234 inbound displayed'],
  ])('count line %i → %s', (count, line) => {
    expect(inboundCountLine(count)).toBe(line);
  });
});

// Inbound text limits: "reception name shortened to 18 characters, reception number to 40, warehouse
// identifier to 22", with the text shortening: "default 22 characters (middle truncated with dots)".
describe('inbound text limits shorten with shortenText', () => {
  it.each([
    ['receptionName', 'RCP-URGENT-RECEPTION-0001', 'RCP-URGE...ON-0001'],
    ['receptionName', 'RCP-2024-000123', 'RCP-2024-000123'],
    ['receptionNumber', `RCP-${'x'.repeat(41)}END`, `RCP-${'x'.repeat(15)}...${'x'.repeat(15)}END`],
    ['warehouseIdentifier', 'PO-2024-WAREHOUSE-IDENTIFIER-778812', 'PO-2024-WA...ER-778812'],
  ] as const)('%s: %j → %j', (limit, text, shown) => {
    const out = shortenText(text, INBOUND_TEXT_LIMITS[limit]);
    expect(out).toBe(shown);
    expect(Array.from(out).length).toBe(Math.min(text.length, INBOUND_TEXT_LIMITS[limit]));
  });
});

describe('filters that explain an empty inbound list', () => {
  const none = {
    assignedUsersUIDS: [],
    fulfillmentCentersUIDS: [],
    organizationsUIDS: [],
    statuses: [],
    displayPriorities: [0, 1, 2, 3],
    searchTerm: '',
    numberOfItems: [],
    isLate: false,
  };
  it('names none for the default filter, and only the own-user filter for it alone', () => {
    expect(inboundNarrowingFilters(none, 'u-me')).toEqual([]);
    expect(inboundNarrowingFilters({ ...none, displayPriorities: [3, 2, 1, 0] })).toEqual([]);
    expect(inboundNarrowingFilters({ ...none, assignedUsersUIDS: ['u-me'] }, 'u-me')).toEqual([
      'Assigned to you',
    ]);
  });
  it('names every other filter that narrows the list', () => {
    expect(
      inboundNarrowingFilters(
        {
          assignedUsersUIDS: ['u-me'],
          fulfillmentCentersUIDS: ['fc'],
          organizationsUIDS: ['o'],
          statuses: ['draft'],
          displayPriorities: [4],
          searchTerm: ' RCP-1 ',
          numberOfItems: ['truck'],
          isLate: true,
        },
        'u-me',
      ),
    ).toEqual([
      'Assigned to you',
      'Warehouse',
      'Merchant',
      'Status',
      'Priority',
      'Transport type',
      'Late',
      'Search "RCP-1"',
    ]);
    expect(inboundNarrowingFilters({ ...none, assignedUsersUIDS: ['u-other'] }, 'u-me')).toEqual([
      'Assigned user',
    ]);
  });
});
