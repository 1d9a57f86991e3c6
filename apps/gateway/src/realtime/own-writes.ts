import { TRPCError } from '@trpc/server';
import {
  type ChangeWhat,
  type ConflictExpected,
  inferChange,
  type Order,
  type OrderConflict,
  orderChangedSince,
} from '@waybill/contracts';
import type { ChangedInbound, ChangeEventLog } from './change-events.js';
import type { OwnWriteStore } from './own-write-store.js';
import type { BackendCaller, RealtimeLogger } from './types.js';

/** What a mutation's answer says it changed. */
export interface WrittenEntities {
  orders: Order[];
  /** Orders named by uid only (a workflow's order): read once after the write. */
  orderUids: string[];
  inbounds: ChangedInbound[];
}

/** A CONFLICT error's cause; the error formatter puts `conflict` on the wire (conflict warning rule). */
export class OrderConflictError extends Error {
  constructor(readonly conflict: OrderConflict) {
    super('The order changed since it was opened');
  }
}

type Loose = Record<string, unknown> | null | undefined;
const asObject = (v: unknown): Loose => (v && typeof v === 'object' ? (v as Record<string, unknown>) : null);
const isOrder = (v: unknown): v is Order =>
  typeof asObject(v)?.uid === 'string' && typeof asObject(v)?.updated_at === 'string';
function toInbound(v: unknown): ChangedInbound | null {
  const o = asObject(v);
  const updated = asObject(o?.external_dates)?.updated_at;
  return typeof o?.uid === 'string'
    ? { uid: o.uid, updated_at: typeof updated === 'string' ? updated : '' }
    : null;
}

/**
 * Reads the changed orders and inbounds off a mutation's answer, whatever the procedure:
 * `{ order }` (status change, reissue, comment add), `{ orders }`, `{ workflow }` (its order by uid),
 * `{ inventory_receipt }` / `{ inventory_receipts }`. A `{ comment }` (mark seen) changes no order:
 * the backend keeps its updated_at, and who read a comment is the reader's own state.
 */
export function writtenEntities(data: unknown): WrittenEntities {
  const d = asObject(data);
  const out: WrittenEntities = { orders: [], orderUids: [], inbounds: [] };
  if (!d) return out;
  if (isOrder(d.order)) out.orders.push(d.order);
  if (Array.isArray(d.orders)) out.orders.push(...d.orders.filter(isOrder));
  const workflowOrder = asObject(d.workflow)?.order_uid;
  if (typeof workflowOrder === 'string') out.orderUids.push(workflowOrder);
  const inbounds = [
    d.inventory_receipt,
    ...(Array.isArray(d.inventory_receipts) ? d.inventory_receipts : []),
  ];
  for (const i of inbounds) {
    const inbound = toInbound(i);
    if (inbound) out.inbounds.push(inbound);
  }
  return out;
}

/** What a procedure did, for the conflict warning ("status changed to …", "label reissued"). */
export function describeWrite(path: string, input: unknown): ChangeWhat {
  const status = asObject(input)?.status;
  if (path.endsWith('changeStatus') && typeof status === 'string') return { kind: 'status', status };
  if (path === 'orders.reissueLabel') return { kind: 'reissue' };
  if (path.startsWith('orders.comments.')) return { kind: 'comment' };
  if (path.startsWith('orders.invalidAddress.')) return { kind: 'invalid-address' };
  return { kind: 'update' };
}

interface Author {
  name: string | null;
  uid: string | null;
}

export interface OwnWritesOptions {
  log: ChangeEventLog;
  store: OwnWriteStore;
  backend: BackendCaller;
  logger: RealtimeLogger;
  now?: () => number;
}

/**
 * Own-write fast path: a mutation made through any replica publishes what it changed on the change
 * event log at once (the poll would notice only at its next run), and remembers who did what.
 * Every authed mutation goes through `afterMutation` (a middleware in trpc.ts); a procedure whose
 * answer does not carry the changed entities (see `writtenEntities`) calls `publish` itself.
 */
export class OwnWrites {
  private readonly users = new Map<string, { user: Author; until: number }>();
  private readonly now: () => number;

  constructor(private readonly opts: OwnWritesOptions) {
    this.now = opts.now ?? Date.now;
  }

  async afterMutation(args: { token: string; path: string; input: unknown; data: unknown }): Promise<void> {
    const entities = writtenEntities(args.data);
    if (entities.orders.length + entities.orderUids.length + entities.inbounds.length === 0) return;
    await this.publish({ token: args.token, what: describeWrite(args.path, args.input), ...entities });
  }

  /** Publishes and records; a failure is logged, never fails the mutation (the poll still sees it). */
  async publish(args: { token: string; what: ChangeWhat } & Partial<WrittenEntities>): Promise<void> {
    const at = this.now();
    const count = (args.orders?.length ?? 0) + (args.orderUids?.length ?? 0) + (args.inbounds?.length ?? 0);
    if (count === 0) return;
    // Resolved alongside the reads: the record is stored before the event, so whoever reacts to the
    // event (the notifier skipping the writer) finds it.
    const author = this.user(args.token);
    try {
      const orders = [...(args.orders ?? [])];
      for (const uid of new Set(args.orderUids ?? [])) {
        if (orders.some((o) => o.uid === uid)) continue;
        const detail = await this.opts.backend.call('orders.detail', { token: args.token, params: { uid } });
        orders.push(detail.order);
      }
      const inbounds = args.inbounds ?? [];
      const { name: by, uid: byUid } = await author;
      await Promise.all(
        [
          ...orders.map((o) => ({ uid: o.uid, updatedAt: o.updated_at })),
          ...inbounds.map((i) => ({ uid: i.uid, updatedAt: i.updated_at })),
        ].map((e) => this.opts.store.put({ ...e, by, byUid, what: args.what, at })),
      );
      await this.opts.log.appendWrite({ orders, inbounds, at });
    } catch (error) {
      this.opts.logger.warn(
        { err: (error as Error).message },
        'own write not published; the change poll will',
      );
    }
  }

  /**
   * Conflict warning rule: throws CONFLICT when the order changed since the view sent `expected`
   * was opened, naming who (the gateway's record of own writes, else the newest comment's author).
   * Answers the order when it read it (only with `expected`).
   */
  async assertUnchanged(args: {
    token: string;
    orderUid: string;
    expected: ConflictExpected | undefined;
    signal?: AbortSignal;
  }): Promise<Order | null> {
    const { expected } = args;
    if (!expected) return null;
    const detail = await this.opts.backend.call('orders.detail', {
      token: args.token,
      params: { uid: args.orderUid },
      ...(args.signal ? { signal: args.signal } : {}),
    });
    const current = { updatedAt: detail.order.updated_at, status: detail.order.aggregated_status.key };
    if (!orderChangedSince(expected, current)) return detail.order;
    const openedAt = Date.parse(expected.updatedAt);
    const after = (iso: string) => Number.isNaN(openedAt) || Date.parse(iso) > openedAt;
    const record = await this.opts.store.get(args.orderUid);
    // The only change since is the caller's own (a second modal opened before the list caught up).
    if (
      record?.byUid &&
      Date.parse(record.updatedAt) === Date.parse(current.updatedAt) &&
      record.byUid === (await this.user(args.token)).uid
    )
      return detail.order;
    let conflict: OrderConflict;
    if (record && after(record.updatedAt)) {
      conflict = { by: record.by, at: new Date(record.at).toISOString(), what: record.what };
    } else {
      const inferred = inferChange(expected, current);
      const comment = detail.comments
        .filter((c) => after(c.created_at))
        .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))[0];
      conflict =
        comment && inferred.kind === 'update'
          ? { by: comment.user?.name ?? null, at: comment.created_at, what: { kind: 'comment' } }
          : { by: null, at: current.updatedAt, what: inferred };
    }
    throw new TRPCError({
      code: 'CONFLICT',
      message: 'The order changed since it was opened',
      cause: new OrderConflictError(conflict),
    });
  }

  /** The user whose write through the gateway left this entity at `updatedAt`, if one did. */
  async writerOf(uid: string, updatedAt: string): Promise<{ uid: string; name: string | null } | null> {
    const record = await this.opts.store.getAt(uid, updatedAt);
    return record?.byUid ? { uid: record.byUid, name: record.by } : null;
  }

  /** users.me per token, cached for five minutes (one backend call per user, not per write). */
  private async user(token: string): Promise<Author> {
    const cached = this.users.get(token);
    if (cached && cached.until > this.now()) return cached.user;
    let user: Author = { name: null, uid: null };
    try {
      const me = (await this.opts.backend.call('users.me', { token })).user;
      user = { name: me.name, uid: me.uid };
    } catch {
      // Unknown author: the warning says "someone else".
    }
    if (this.users.size > 1000) this.users.clear();
    this.users.set(token, { user, until: this.now() + 5 * 60_000 });
    return user;
  }
}
