import { randomBytes } from 'node:crypto';
import { generateInbounds, type InboundContext } from './data/generate-inbounds.js';
import { generateOrders } from './data/generate-orders.js';
import {
  generateFulfillmentCenters,
  generateItems,
  generateMerchants,
  generateUsers,
} from './data/generate-reference.js';
import { generateStores } from './data/generate-stores.js';
import type {
  SimComment,
  SimFulfillmentCenter,
  SimInbound,
  SimItem,
  SimOrder,
  SimOrganization,
  SimSellingChannel,
  SimStoreAnalytics,
  SimUser,
  SimWorkflow,
} from './data/types.js';
import type { OrderContext } from './domain/orders.js';
import { OrderColumns } from './search/order-columns.js';
import { TextIndex } from './search/text-index.js';
import { createRng, type Rng } from './util/prng.js';

export interface StoreOptions {
  seed: string;
  orders: number;
  inbounds: number;
  stores: number;
  managedBy: string;
  /** Generation reference time (ms); data is dated relative to it. */
  epoch: number;
  now: () => number;
}

export interface ExportReportState {
  uid: string;
  inboundUid: string;
  progress: number;
  completed: boolean;
  createdMs: number;
  file: Buffer | null;
}

/** Interns dimension values (uids, keys, null) to small ints for typed-array counting. */
export class Interner {
  private readonly ids = new Map<string | null, number>();
  readonly keys: (string | null)[] = [];

  id(key: string | null): number {
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.keys.length;
      this.ids.set(key, id);
      this.keys.push(key);
    }
    return id;
  }

  /** Id of a known key, or -1. */
  find(key: string | null): number {
    return this.ids.get(key) ?? -1;
  }

  get size(): number {
    return this.keys.length;
  }
}

/** Orders list order: display_priority asc, then updated_at desc, then uid (stable). */
export function compareOrders(a: SimOrder, b: SimOrder): number {
  return (
    a.display_priority - b.display_priority ||
    b.updatedMs - a.updatedMs ||
    (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0)
  );
}

/** The sim's whole data set with the indexes searches need. */
export class SimStore {
  readonly options: StoreOptions;
  readonly users: SimUser[];
  readonly serviceUser: SimUser;
  readonly organizations: SimOrganization[];
  readonly channels: SimSellingChannel[];
  readonly fulfillmentCenters: SimFulfillmentCenter[];
  readonly items = new Map<string, SimItem>();
  readonly orders = new Map<string, SimOrder>();
  /** Every order, kept sorted by compareOrders so a search is one pass. */
  readonly sortedOrders: SimOrder[];
  readonly comments = new Map<string, SimComment>();
  readonly workflows = new Map<string, SimWorkflow>();
  readonly inbounds = new Map<string, SimInbound>();
  readonly stores: SimStoreAnalytics[];
  readonly reports = new Map<string, ExportReportState>();
  /** Inbounds only some users may read (control `restrictInbound`), by user uid; absent: everyone. */
  readonly inboundReaders = new Map<string, Set<string>>();
  /** Filter fields of sortedOrders, same positions. */
  readonly columns: OrderColumns;
  /** Reference / tracking / warehouse-code search texts by slot. */
  readonly text = new TextIndex();
  private slots = 0;
  readonly dims = {
    channel: new Interner(),
    center: new Interner(),
    courier: new Interner(),
    user: new Interner(),
    status: new Interner(),
    payout: new Interner(),
  };
  readonly tokens = new Map<string, string>();
  readonly googleCodes = new Map<string, { userUid: string; expiresMs: number }>();
  readonly orderContext: OrderContext;
  readonly inboundContext: InboundContext;
  /** Drives runtime changes (simulator, new ids) deterministically after generation. */
  readonly runtimeRng: Rng;
  /** Absolute base of URLs the sim serves (labels, images, exports). */
  baseUrl = 'http://127.0.0.1:4000';
  private inboundSeq: number;

  constructor(options: StoreOptions) {
    this.options = options;
    const rng = createRng(`waybill:${options.seed}`);
    this.users = generateUsers(rng.fork('users'));
    this.serviceUser = {
      uid: 'usr_service',
      name: 'Waybill service',
      email: 'service@waybill.invalid',
      department: null,
      access_to: ['realtime', 'inbounds', 'clients'],
      superadmin: true,
    };
    this.fulfillmentCenters = generateFulfillmentCenters(rng.fork('fulfillment-centers'));
    const merchants = generateMerchants(rng.fork('merchants'), options.stores);
    this.organizations = merchants.organizations;
    this.channels = merchants.channels;
    const itemsByOrg = new Map<string, SimItem[]>();
    for (const item of generateItems(rng.fork('items'), this.organizations, options.epoch)) {
      this.items.set(item.uid, item);
      const list = itemsByOrg.get(item.organization_uid) ?? [];
      list.push(item);
      itemsByOrg.set(item.organization_uid, list);
    }
    const assignees = this.users.filter((u) => u.department === 'customer_support');
    this.orderContext = {
      channels: this.channels,
      fulfillmentCenters: this.fulfillmentCenters,
      itemsByOrg,
      assignees,
      managedBy: options.managedBy,
    };
    this.inboundContext = {
      organizations: this.organizations,
      fulfillmentCenters: this.fulfillmentCenters,
      itemsByOrg,
      assignees,
    };
    const generated = generateOrders(
      this.orderContext,
      rng.fork('orders'),
      options.orders,
      options.epoch,
      this.users,
    );
    for (const order of generated.orders) {
      this.reindex(order);
      this.orders.set(order.uid, order);
      for (const c of order.comments) this.comments.set(c.uid, c);
    }
    for (const wf of generated.workflows) this.workflows.set(wf.uid, wf);
    this.sortedOrders = [...generated.orders].sort(compareOrders);
    this.columns = new OrderColumns(Math.ceil(this.sortedOrders.length * 1.25));
    this.sortedOrders.forEach((o, i) => {
      this.columns.set(i, o);
    });
    this.columns.length = this.sortedOrders.length;
    const inbounds = generateInbounds(
      this.inboundContext,
      rng.fork('inbounds'),
      options.inbounds,
      options.epoch,
    );
    for (const inbound of inbounds) this.inbounds.set(inbound.uid, inbound);
    this.inboundSeq = inbounds.length;
    this.stores = generateStores(this.channels, rng.fork('stores'), options.stores, options.epoch);
    this.runtimeRng = rng.fork('runtime');
  }

  now(): number {
    return this.options.now();
  }

  nextInboundSeq(): number {
    this.inboundSeq += 1;
    return this.inboundSeq;
  }

  newId(prefix: string): string {
    return `${prefix}_${this.runtimeRng.hex(24)}`;
  }

  user(uid: string | null | undefined): SimUser | undefined {
    if (!uid) return undefined;
    if (uid === this.serviceUser.uid) return this.serviceUser;
    return this.users.find((u) => u.uid === uid);
  }

  /** Opaque bearer token bound to a user (random: tokens must not be guessable). */
  issueToken(userUid: string): string {
    const token = `wbt_${randomBytes(24).toString('base64url')}`;
    this.tokens.set(token, userUid);
    return token;
  }

  /** Forget a token, as the backend does when it expires or is revoked: it gets 401 from then on. */
  revokeToken(token: string): boolean {
    return this.tokens.delete(token);
  }

  private sortedIndex(order: SimOrder): number {
    let lo = 0;
    let hi = this.sortedOrders.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareOrders(this.sortedOrders[mid] as SimOrder, order) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Change an order and keep the sorted index right (the order is re-placed after `change`). */
  mutateOrder<T>(order: SimOrder, change: (o: SimOrder) => T): T {
    let at = this.sortedIndex(order);
    // Should not miss; fall back to a scan so the index never holds a stale entry.
    if (this.sortedOrders[at] !== order) at = this.sortedOrders.indexOf(order);
    if (at >= 0) {
      this.sortedOrders.splice(at, 1);
      this.columns.removeAt(at);
    }
    const result = change(order);
    this.place(order);
    return result;
  }

  insertOrder(order: SimOrder): void {
    this.orders.set(order.uid, order);
    for (const c of order.comments) this.comments.set(c.uid, c);
    this.place(order);
  }

  private place(order: SimOrder): void {
    this.reindex(order);
    const at = this.sortedIndex(order);
    this.sortedOrders.splice(at, 0, order);
    this.columns.insertAt(at, order);
  }

  /** Refresh the order's interned filter values (after any change). */
  reindex(order: SimOrder): void {
    const ix = order.ix;
    if (ix.slot < 0) ix.slot = this.slots++;
    this.text.set(ix.slot, order.search);
    ix.channel = this.dims.channel.id(order.selling_channel_uid);
    ix.center = this.dims.center.id(order.fulfillment_center_uid);
    ix.courier = this.dims.courier.id(order.courierKey);
    ix.user = this.dims.user.id(order.assigned_user_uid);
    ix.status = this.dims.status.id(order.status);
    ix.payout = this.dims.payout.id(order.payout?.key ?? null);
    const latest = order.comments[order.comments.length - 1];
    // Escalation and snooze are exclusive on one comment, so an active snooze means snoozed until its end.
    ix.snoozeUntil =
      latest?.snooze.active && !latest.escalate.active
        ? (latest.snooze.untilMs ?? Number.MAX_SAFE_INTEGER)
        : 0;
  }

  /** Monotonic updated_at for changes: never equal to or behind the order's previous value. */
  touch(order: SimOrder): number {
    const now = this.now();
    order.updatedMs = Math.max(now, order.updatedMs + 1);
    return order.updatedMs;
  }
}
