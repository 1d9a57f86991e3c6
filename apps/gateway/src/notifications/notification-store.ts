import {
  type AppNotification,
  NOTIFICATIONS_KEPT,
  type NotificationInput,
  type NotificationState,
  notificationSchema,
  type Team,
  teamSchema,
} from '@waybill/contracts';
import { z } from 'zod';
import type { DataSection } from '../storage/data-store.js';
import { parseKept } from '../storage/parse-kept.js';

/** What is remembered of a followed order, to say what changed next time. */
export interface OrderSeen {
  status: string;
  comments: number;
}

/** What an unread notification becomes when a new one folds into it; null: it does not. */
export type Fold = (kept: AppNotification) => NotificationInput | null;

/** The newest unread notification `fold` takes, as it becomes (under its own id), and where it was. */
export function foldTarget(
  items: readonly AppNotification[],
  fold: Fold | undefined,
): { index: number; item: NotificationInput } | null {
  if (!fold) return null;
  for (const [index, kept] of items.entries()) {
    const folded = kept.read ? null : fold(kept);
    if (folded) return { index, item: { ...folded, id: kept.id } };
  }
  return null;
}

export class FollowLimitError extends Error {
  override name = 'FollowLimitError';
}

/**
 * Per-user notification centres, follows and the team rosters escalations go to. In process on one
 * replica (written through to the embedded store, so a restart keeps them), in Redis with REDIS_URL
 * (redis-notification-store.ts) so every replica shares them.
 */
export interface NotificationStore {
  /** Follows or unfollows; over `maxFollows` for the user it throws a FollowLimitError. */
  follow(userUid: string, orderUid: string, on: boolean, maxFollows: number): Promise<void>;
  isFollowing(userUid: string, orderUid: string): Promise<boolean>;
  followersOf(orderUid: string): Promise<string[]>;
  seen(orderUid: string): Promise<OrderSeen | null>;
  setSeen(orderUid: string, seen: OrderSeen): Promise<void>;
  /** Users who opened the console and belong to `team` (escalations reach them). */
  joinTeam(userUid: string, team: Team): Promise<void>;
  teamMembers(team: Team): Promise<string[]>;
  /**
   * Adds a notification at the top of the user's centre (the oldest past NOTIFICATIONS_KEPT go). With
   * `fold`, the newest unread one it returns a notification for is replaced by that instead, moved to
   * the top under its own id, so nothing else is pushed out.
   */
  push(userUid: string, item: NotificationInput, fold?: Fold): Promise<void>;
  state(userUid: string): Promise<NotificationState>;
  /** `ids` or every notification. */
  markRead(userUid: string, ids: string[] | 'all'): Promise<void>;
  /** True for the first caller of `key` within `ttlMs` (one replica handles each change). */
  claim(key: string, ttlMs: number): Promise<boolean>;
  /** Called with the user whose centre changed, on every replica. */
  onUpdate(listener: (userUid: string) => void): () => void;
  close(): Promise<void>;
}

export const stateOf = (items: AppNotification[]): NotificationState => ({
  items,
  unread: items.filter((i) => !i.read).length,
});

const uidsSchema = z.array(z.string());
const seenSchema = z.object({ status: z.string(), comments: z.number() });
const centreSchema = z.array(notificationSchema);

export class MemoryNotificationStore implements NotificationStore {
  private readonly follows = new Map<string, Set<string>>();
  private readonly followers = new Map<string, Set<string>>();
  private readonly seenOrders = new Map<string, OrderSeen>();
  private readonly teams = new Map<Team, Set<string>>();
  private readonly centres = new Map<string, AppNotification[]>();
  // Claims stay in memory: they matter between replicas only, and one process has no other.
  private readonly claims = new Map<string, number>();
  private readonly listeners = new Set<(userUid: string) => void>();

  constructor(
    /** The clock claims expire by (replaceable, as the other stores' clocks are, in tests). */
    public now: () => number = Date.now,
    private readonly disk: DataSection | null = null,
  ) {}

  /**
   * With `disk`, loads the centres, follows, seen states and rosters kept there and writes every
   * change through (keys `centre:`, `follows:`, `seen:` and `team:` and their user, order or team).
   */
  static async open(
    disk: DataSection | null,
    now: () => number = Date.now,
  ): Promise<MemoryNotificationStore> {
    const store = new MemoryNotificationStore(now, disk);
    if (disk) for await (const [key, raw] of disk.iterator()) store.load(key, raw);
    return store;
  }

  private load(key: string, raw: string): void {
    const at = key.indexOf(':');
    const [kind, id] = [key.slice(0, at), key.slice(at + 1)];
    if (kind === 'centre') {
      const items = parseKept(centreSchema, raw);
      if (items) this.centres.set(id, items);
    } else if (kind === 'follows') {
      const orders = parseKept(uidsSchema, raw);
      if (!orders) return;
      this.follows.set(id, new Set(orders));
      for (const order of orders) this.followers.set(order, (this.followers.get(order) ?? new Set()).add(id));
    } else if (kind === 'seen') {
      const seen = parseKept(seenSchema, raw);
      if (seen) this.seenOrders.set(id, seen);
    } else if (kind === 'team') {
      const team = teamSchema.safeParse(id);
      const members = parseKept(uidsSchema, raw);
      if (team.success && members) this.teams.set(team.data, new Set(members));
    }
  }

  private async keep(key: string, value: unknown): Promise<void> {
    await this.disk?.put(key, JSON.stringify(value));
  }

  async follow(userUid: string, orderUid: string, on: boolean, maxFollows: number): Promise<void> {
    const mine = this.follows.get(userUid) ?? new Set<string>();
    // Following again or unfollowing what is not followed writes nothing: a loop of them costs no disk.
    if (mine.has(orderUid) === on) return;
    const theirs = this.followers.get(orderUid) ?? new Set<string>();
    if (on) {
      if (!mine.has(orderUid) && mine.size >= maxFollows)
        throw new FollowLimitError(
          `You follow ${mine.size} orders already (at most ${maxFollows}): unfollow one first`,
        );
      mine.add(orderUid);
      theirs.add(userUid);
    } else {
      mine.delete(orderUid);
      theirs.delete(userUid);
    }
    this.follows.set(userUid, mine);
    await this.keep(`follows:${userUid}`, [...mine]);
    if (theirs.size > 0) this.followers.set(orderUid, theirs);
    else {
      this.followers.delete(orderUid);
      this.seenOrders.delete(orderUid);
      await this.disk?.del(`seen:${orderUid}`);
    }
  }

  async isFollowing(userUid: string, orderUid: string): Promise<boolean> {
    return this.follows.get(userUid)?.has(orderUid) ?? false;
  }

  async followersOf(orderUid: string): Promise<string[]> {
    return [...(this.followers.get(orderUid) ?? [])];
  }

  async seen(orderUid: string): Promise<OrderSeen | null> {
    return this.seenOrders.get(orderUid) ?? null;
  }

  async setSeen(orderUid: string, seen: OrderSeen): Promise<void> {
    this.seenOrders.set(orderUid, seen);
    await this.keep(`seen:${orderUid}`, seen);
  }

  async joinTeam(userUid: string, team: Team): Promise<void> {
    // Every console start joins: only a roster that changed is written.
    const changed = new Set<Team>();
    for (const [other, members] of this.teams)
      if (other !== team && members.delete(userUid)) changed.add(other);
    const members = this.teams.get(team) ?? new Set<string>();
    if (!members.has(userUid)) changed.add(team);
    members.add(userUid);
    this.teams.set(team, members);
    for (const name of changed) await this.keep(`team:${name}`, [...(this.teams.get(name) ?? [])]);
  }

  async teamMembers(team: Team): Promise<string[]> {
    return [...(this.teams.get(team) ?? [])];
  }

  async push(userUid: string, item: NotificationInput, fold?: Fold): Promise<void> {
    const kept = this.centres.get(userUid) ?? [];
    const folded = foldTarget(kept, fold);
    const items = [
      { author: null, excerpt: null, ...(folded?.item ?? item), read: false },
      ...kept.filter((_, index) => index !== folded?.index),
    ].slice(0, NOTIFICATIONS_KEPT);
    this.centres.set(userUid, items);
    await this.keep(`centre:${userUid}`, items);
    this.emit(userUid);
  }

  async state(userUid: string): Promise<NotificationState> {
    return stateOf(this.centres.get(userUid) ?? []);
  }

  async markRead(userUid: string, ids: string[] | 'all'): Promise<void> {
    const items = this.centres.get(userUid);
    if (!items) return;
    const wanted = ids === 'all' ? null : new Set(ids);
    const marked = (i: AppNotification) => !i.read && (wanted === null || wanted.has(i.id));
    // Marking read what is read already (or is not there) writes nothing and tells no tab.
    if (!items.some(marked)) return;
    const next = items.map((i) => (marked(i) ? { ...i, read: true } : i));
    this.centres.set(userUid, next);
    await this.keep(`centre:${userUid}`, next);
    this.emit(userUid);
  }

  async claim(key: string, ttlMs: number): Promise<boolean> {
    const now = this.now();
    if (this.claims.size > 50_000)
      for (const [k, until] of this.claims) if (until <= now) this.claims.delete(k);
    const until = this.claims.get(key);
    if (until !== undefined && until > now) return false;
    this.claims.set(key, now + ttlMs);
    return true;
  }

  onUpdate(listener: (userUid: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }

  private emit(userUid: string): void {
    for (const listener of this.listeners) listener(userUid);
  }
}
