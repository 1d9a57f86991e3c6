import { INBOUND_STATUSES, type InboundItemKind, type InboundStatus } from '@waybill/contracts';
import type { Rng } from '../util/prng.js';
import { DAY, HOUR } from '../util/time.js';
import type {
  SimFulfillmentCenter,
  SimInbound,
  SimInboundLine,
  SimItem,
  SimOrganization,
  SimUser,
} from './types.js';

/**
 * Inbound display_priority: 0 arrived and late, 1 processing late or in transit late, 2 in transit
 * and due, 3 on schedule, 4 completed, 5 cancelled, 6 deleted or draft (some drafts have none).
 */
export function inboundPriority(status: InboundStatus, late: boolean): number {
  switch (status) {
    case 'arrived':
      return late ? 0 : 3;
    case 'processing':
      return late ? 1 : 3;
    case 'in_transit':
      return late ? 1 : 3;
    case 'completed':
      return 4;
    case 'cancelled':
      return 5;
    default:
      return 6;
  }
}

/** Late: in transit past the expected date, arrived over 2 days ago, processing over 3 days. */
export function inboundIsLate(inbound: SimInbound, nowMs: number): boolean {
  switch (inbound.status) {
    case 'in_transit':
      return inbound.expectedMs !== null && inbound.expectedMs < nowMs;
    case 'arrived':
      return nowMs - inbound.updatedMs > 2 * DAY;
    case 'processing':
      return nowMs - inbound.updatedMs > 3 * DAY;
    default:
      return false;
  }
}

export function inboundSearchText(inbound: SimInbound, orgName: string | null): string {
  return `${inbound.name} ${inbound.identifier ?? ''} ${inbound.uid} ${orgName ?? ''}`.toLowerCase();
}

/** Received quantities consistent with the status: nothing counted before processing. */
export function fillReceived(line: SimInboundLine, status: InboundStatus, rng: Rng): void {
  line.available = 0;
  line.missing = 0;
  line.defects = 0;
  line.junk = 0;
  if (status !== 'processing' && status !== 'completed') return;
  const counted = status === 'completed' ? line.incoming : Math.floor(line.incoming * rng.next());
  const problems = rng.chance(0.3);
  line.missing = problems ? Math.min(counted, rng.int(0, 3)) : 0;
  line.defects = problems ? Math.min(counted - line.missing, rng.int(0, 2)) : 0;
  line.junk = problems && rng.chance(0.3) ? Math.min(counted - line.missing - line.defects, 1) : 0;
  line.available = counted - line.missing - line.defects - line.junk;
}

export interface InboundContext {
  organizations: readonly SimOrganization[];
  fulfillmentCenters: readonly SimFulfillmentCenter[];
  itemsByOrg: ReadonlyMap<string, readonly SimItem[]>;
  assignees: readonly SimUser[];
}

export function makeInbound(
  ctx: InboundContext,
  rng: Rng,
  seq: number,
  status: InboundStatus,
  createdMs: number,
  nowMs: number,
): SimInbound {
  const org = ctx.organizations[Math.floor(ctx.organizations.length * rng.next() ** 1.5)] as SimOrganization;
  const pool = ctx.itemsByOrg.get(org.uid) ?? [];
  const lineCount = Math.min(pool.length, rng.int(1, 25));
  const start = rng.int(0, Math.max(0, pool.length - lineCount));
  const items: SimInboundLine[] = pool.slice(start, start + lineCount).map((item) => ({
    uid: `irl_${rng.hex(20)}`,
    inventory_item_uid: item.uid,
    incoming: rng.chance(0.03)
      ? 0
      : rng.weighted([
          [rng.int(1, 20), 5],
          [rng.int(20, 200), 3],
          [rng.int(200, 900), 1],
        ]),
    available: 0,
    missing: 0,
    defects: 0,
    junk: 0,
  }));
  for (const line of items) fillReceived(line, status, rng);
  const kind = rng.weighted<InboundItemKind>([
    ['package', 50],
    ['pallet', 35],
    ['truck', 15],
  ]);
  const maxCount = kind === 'package' ? 30 : kind === 'pallet' ? 12 : 2;
  const updatedMs = Math.min(nowMs, createdMs + rng.int(1, 240) * HOUR);
  const inbound: SimInbound = {
    uid: `ir_${rng.hex(24)}`,
    name: `RCP-${new Date(createdMs).getUTCFullYear()}-${String(seq).padStart(6, '0')}`,
    status,
    display_priority: 6,
    expectedMs: status === 'draft' && rng.chance(0.3) ? null : createdMs + rng.int(2, 14) * DAY,
    createdMs,
    updatedMs: status === 'draft' || status === 'in_transit' ? createdMs : updatedMs,
    identifier: rng.chance(0.2) ? null : `PO-${rng.hex(8).toUpperCase()}`,
    fulfillment_center_uid:
      status === 'draft' && rng.chance(0.4) ? null : rng.pick(ctx.fulfillmentCenters).uid,
    organization_uid: org.uid,
    assigned_user_uid: rng.chance(0.5) && ctx.assignees.length > 0 ? rng.pick(ctx.assignees).uid : null,
    numberOfItems: rng.chance(0.1) ? null : { kind, count: rng.int(1, maxCount) },
    late: false,
    items,
    search: '',
  };
  inbound.late = inboundIsLate(inbound, nowMs);
  // Some drafts carry no priority: the console colours them by status.
  inbound.display_priority =
    status === 'draft' && rng.chance(0.25) ? null : inboundPriority(status, inbound.late);
  inbound.search = inboundSearchText(inbound, org.name);
  return inbound;
}

export function generateInbounds(ctx: InboundContext, rng: Rng, count: number, epoch: number): SimInbound[] {
  const inbounds: SimInbound[] = [];
  for (let i = 0; i < count; i++) {
    const status =
      i < INBOUND_STATUSES.length
        ? (INBOUND_STATUSES[i] as InboundStatus)
        : rng.weighted<InboundStatus>([
            ['draft', 6],
            ['in_transit', 18],
            ['arrived', 10],
            ['processing', 10],
            ['completed', 45],
            ['cancelled', 6],
            ['deleted', 5],
          ]);
    const ageDays = status === 'completed' || status === 'cancelled' ? rng.int(3, 90) : rng.int(0, 20);
    const createdMs = epoch - ageDays * DAY - rng.int(0, DAY);
    inbounds.push(makeInbound(ctx, rng, i + 1, status, createdMs, epoch));
  }
  return inbounds;
}
