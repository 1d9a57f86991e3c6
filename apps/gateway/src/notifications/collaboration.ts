import type { Redis } from 'ioredis';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Config } from '../config.js';
import { Identity } from '../presence/identity.js';
import { OrderAccess } from '../presence/order-access.js';
import { PresenceHub } from '../presence/presence-hub.js';
import { RedisPresenceTransport } from '../presence/redis-presence-transport.js';
import type { ChangeEventLog } from '../realtime/change-events.js';
import type { BackendCaller, RealtimeLogger } from '../realtime/types.js';
import { createRedisConnection, redisTarget } from '../scale/redis-connection.js';
import { Mentions } from './mentions.js';
import { MemoryNotificationStore, type NotificationStore } from './notification-store.js';
import { Notifier, type Writer } from './notifier.js';
import { notificationKeys, RedisNotificationStore } from './redis-notification-store.js';
import { CENTRE_PUSH_INTERVAL_MS, withSettledUpdates } from './settled-updates.js';

export interface CollaborationOptions {
  config: Pick<
    Config,
    | 'REDIS_URL'
    | 'REDIS_SENTINELS'
    | 'REDIS_MASTER_NAME'
    | 'REDIS_SENTINEL_PASSWORD'
    | 'REDIS_PASSWORD'
    | 'SERVICE_TOKEN'
    | 'PRESENCE_ORDERS_PER_SESSION'
    | 'PRESENCE_VIEWERS_PER_ORDER'
    | 'PRESENCE_TTL_MS'
    | 'PRESENCE_ACCESS_TTL_MS'
    | 'FOLLOWS_PER_USER'
  >;
  backend: BackendCaller;
  events: ChangeEventLog;
  logger: RealtimeLogger;
  /** Where `presence_entries` and `notifications_created_total` are registered. */
  registry?: Registry;
  keyPrefix?: string;
  /** Who made a change through the gateway (own writes), so followers are not told of their own. */
  writerOf?: (orderUid: string, updatedAt: string) => Promise<Writer | null>;
  /** Without Redis: the centres and follows, kept in the embedded store (MemoryNotificationStore.open). */
  localStore?: NotificationStore;
}

/**
 * Presence and notifications: in process on one replica (centres and follows kept on disk when given
 * `localStore`); with Redis (REDIS_URL or Sentinel), presence
 * goes over Redis pub/sub and the notification centres, follows and claims live in Redis (two
 * connections of their own).
 */
export function createCollaboration(opts: CollaborationOptions) {
  const { config } = opts;
  const prefix = opts.keyPrefix ?? 'waybill:';
  const connections: Redis[] = [];
  const target = redisTarget(config);
  let store: NotificationStore;
  let transport: RedisPresenceTransport | null = null;
  if (target) {
    const connect = (role: string) => {
      const client = createRedisConnection({ ...target, role, logger: opts.logger });
      connections.push(client);
      return client;
    };
    const redis = connect('collaboration');
    const subscriber = connect('collaboration-subscriber');
    transport = new RedisPresenceTransport({
      redis,
      subscriber,
      channel: `${prefix}presence`,
      logger: opts.logger,
    });
    store = new RedisNotificationStore({
      redis,
      subscriber,
      keys: notificationKeys(prefix),
      logger: opts.logger,
    });
  } else store = opts.localStore ?? new MemoryNotificationStore();
  store = withSettledUpdates(store, CENTRE_PUSH_INTERVAL_MS);
  const presence = new PresenceHub({
    ordersPerSession: config.PRESENCE_ORDERS_PER_SESSION,
    viewersPerOrder: config.PRESENCE_VIEWERS_PER_ORDER,
    ttlMs: config.PRESENCE_TTL_MS,
    transport,
  });
  const created = opts.registry
    ? new Counter({
        name: 'waybill_notifications_created_total',
        help: "Notifications put in users' centres by this process, by kind (changed: a followed order; escalated: a team; mentioned: an @mention)",
        labelNames: ['kind'] as const,
        registers: [opts.registry],
      })
    : null;
  if (opts.registry)
    new Gauge({
      name: 'waybill_presence_entries',
      help: 'Open order details announced through this process (presence.here subscriptions)',
      registers: [opts.registry],
      collect() {
        this.set(presence.localCount());
      },
    });
  const notifier = new Notifier({
    onCreated: (kind) => created?.inc({ kind }),
    events: opts.events,
    store,
    backend: opts.backend,
    serviceToken: config.SERVICE_TOKEN,
    logger: opts.logger,
    ...(opts.writerOf ? { writerOf: opts.writerOf } : {}),
  });
  return {
    identity: new Identity(opts.backend),
    /** Presence is announced only on orders the user can read. */
    orderAccess: new OrderAccess(opts.backend, config.PRESENCE_ACCESS_TTL_MS),
    presence,
    notifications: store,
    notifier,
    /** @mentions of posted comments, notified to the users they name. */
    mentions: new Mentions({ store, backend: opts.backend, onCreated: (kind) => created?.inc({ kind }) }),
    maxFollows: config.FOLLOWS_PER_USER,
    start(): void {
      notifier.start();
    },
    async close(): Promise<void> {
      await notifier.close();
      await presence.close();
      await store.close();
      for (const c of connections) await c.quit().catch(() => c.disconnect());
    },
  };
}
export type Collaboration = ReturnType<typeof createCollaboration>;
