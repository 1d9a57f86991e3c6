import { randomBytes } from 'node:crypto';
import { excerptOf, type Order, orderStatusLabel, type Team } from '@waybill/contracts';
import type { ChangeEventLog } from '../realtime/change-events.js';
import type { BackendCaller, RealtimeLogger } from '../realtime/types.js';
import type { NotificationStore, OrderSeen } from './notification-store.js';

/** A change is handled by one replica: the first to claim `uid@updated_at` within this. */
const CLAIM_MS = 10 * 60_000;
/** An escalated comment older than this when its change arrives is not news. */
const ESCALATION_FRESH_MS = 10 * 60_000;
/** Orders of one change event looked at (the rest of a huge batch is not followed up). */
const MAX_ORDERS_PER_EVENT = 1000;

const TEAM_NAMES: Record<Team, string> = { development: 'development', 'non-technical': 'non-technical' };

/** Who changed an order through the console (own writes), when the gateway knows. */
export interface Writer {
  uid: string;
  name: string | null;
}

export type NotificationKind = 'changed' | 'escalated' | 'mentioned';

export const newNotificationId = () => `${Date.now().toString(36)}-${randomBytes(6).toString('hex')}`;

export const seenOf = (order: Order): OrderSeen => ({
  status: order.aggregated_status.key,
  comments: order.comments.count_,
});

/** What changed since `before`, in the console's words. */
export function describeChange(before: OrderSeen | null, order: Order): string {
  const parts: string[] = [];
  const status = order.aggregated_status.key;
  if (!before || before.status !== status) parts.push(`Status is now ${orderStatusLabel(status)}`);
  if (before && order.comments.count_ > before.comments) {
    const escalatedTo = order.comments.status === 'escalated' ? order.comments.team : null;
    parts.push(escalatedTo ? `New comment escalated to ${TEAM_NAMES[escalatedTo]}` : 'New comment');
  }
  return parts.length > 0 ? parts.join(' · ') : 'Order updated';
}

/**
 * Turns change events into notifications: each change of a followed order goes to its followers,
 * each new comment escalated to a team to that team's members (its author and the followers, who
 * already heard, left out). Every replica sees every event; the claim lets one of them act.
 */
export class Notifier {
  private queue: Promise<void> = Promise.resolve();
  private unsubscribe: (() => void) | null = null;
  /** Comment counts of escalated orders this replica has seen, so unrelated changes fetch nothing. */
  private readonly escalatedCounts = new Map<string, number>();

  constructor(
    private readonly opts: {
      events: ChangeEventLog;
      store: NotificationStore;
      backend: BackendCaller;
      serviceToken: string;
      logger: RealtimeLogger;
      /** Who made this change through the gateway, if anyone: a follower is not told of their own change. */
      writerOf?: (orderUid: string, updatedAt: string) => Promise<Writer | null>;
      /** Called for each notification put in a centre (metrics). */
      onCreated?: (kind: NotificationKind) => void;
    },
  ) {}

  start(): void {
    this.unsubscribe ??= this.opts.events.subscribe((event) => {
      this.queue = this.queue
        .then(() => this.handle(event.orders.slice(0, MAX_ORDERS_PER_EVENT)))
        .catch((error: unknown) =>
          this.opts.logger.warn({ err: (error as Error).message }, 'notifications: a change was not handled'),
        );
    });
  }

  /** Resolves when every change received so far has been handled (tests). */
  idle(): Promise<void> {
    return this.queue;
  }

  async close(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.queue;
  }

  private async handle(orders: Order[]): Promise<void> {
    // One order failing (Redis or the backend away) does not cost the others their notifications.
    for (const order of orders)
      await this.handleOrder(order).catch((error: unknown) =>
        this.opts.logger.warn(
          { err: (error as Error).message, orderUid: order.uid },
          'notifications: a change was not handled',
        ),
      );
  }

  private async handleOrder(order: Order): Promise<void> {
    const { store } = this.opts;
    const escalatedTo = order.comments.status === 'escalated' ? order.comments.team : null;
    const knownCount = this.escalatedCounts.get(order.uid);
    if (escalatedTo) this.remember(order.uid, order.comments.count_);
    const newEscalation =
      escalatedTo !== null && (knownCount === undefined || order.comments.count_ > knownCount);
    const followers = await store.followersOf(order.uid);
    if (followers.length === 0 && !newEscalation) return;
    if (!(await store.claim(`${order.uid}@${order.updated_at}`, CLAIM_MS))) return;
    if (followers.length > 0) {
      const seen = await store.seen(order.uid);
      const text = describeChange(seen, order);
      await store.setSeen(order.uid, seenOf(order));
      const writer = (await this.opts.writerOf?.(order.uid, order.updated_at)) ?? null;
      // A new comment is named by its author and its first words; any other change by who made it
      // through the console, and its summary.
      const comment = seen && order.comments.count_ > seen.comments ? await this.newestComment(order) : null;
      const name = comment?.user?.name ?? writer?.name ?? null;
      const item = {
        kind: 'changed' as const,
        orderUid: order.uid,
        reference: order.reference,
        text,
        author: name ? { uid: comment?.user_uid ?? writer?.uid ?? null, name } : null,
        excerpt: comment ? excerptOf(comment.text) : text,
        at: Date.now(),
      };
      for (const user of followers) {
        if (user === writer?.uid) continue;
        await store.push(user, { ...item, id: newNotificationId() });
        this.opts.onCreated?.('changed');
      }
    }
    if (newEscalation && escalatedTo) await this.escalation(order, escalatedTo, new Set(followers));
  }

  /** The newest comment, read with the service token: notified once, if it is fresh and escalated. */
  private async escalation(order: Order, team: Team, alreadyTold: Set<string>): Promise<void> {
    const { store } = this.opts;
    const detail = await this.opts.backend.call('orders.detail', {
      token: this.opts.serviceToken,
      params: { uid: order.uid },
    });
    const comment = [...detail.comments]
      .filter((c) => c.team === team && c.actions.escalate.active)
      .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))[0];
    if (!comment || Date.now() - Date.parse(comment.created_at) > ESCALATION_FRESH_MS) return;
    if (!(await store.claim(`comment:${comment.uid}`, CLAIM_MS))) return;
    const author = comment.user?.name ? ` by ${comment.user.name}` : '';
    const item = {
      kind: 'escalated' as const,
      orderUid: order.uid,
      reference: order.reference,
      text: `New comment escalated to ${TEAM_NAMES[team]}${author}`,
      author: comment.user?.name ? { uid: comment.user_uid, name: comment.user.name } : null,
      excerpt: excerptOf(comment.text),
      at: Date.now(),
    };
    for (const user of await store.teamMembers(team)) {
      if (user === comment.user_uid || alreadyTold.has(user)) continue;
      await store.push(user, { ...item, id: newNotificationId() });
      this.opts.onCreated?.('escalated');
    }
  }

  /** The order's newest comment, read with the service token (a followed order's new comment only). */
  private async newestComment(order: Order) {
    const detail = await this.opts.backend.call('orders.detail', {
      token: this.opts.serviceToken,
      params: { uid: order.uid },
    });
    return (
      [...detail.comments].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))[0] ?? null
    );
  }

  private remember(orderUid: string, count: number): void {
    this.escalatedCounts.delete(orderUid);
    this.escalatedCounts.set(orderUid, count);
    if (this.escalatedCounts.size > 20_000) {
      const oldest = this.escalatedCounts.keys().next().value;
      if (oldest !== undefined) this.escalatedCounts.delete(oldest);
    }
  }
}
