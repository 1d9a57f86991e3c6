import fp from 'fastify-plugin';
import { DiskSessionStore } from '../auth/disk-session-store.js';
import { BackendClient } from '../backend/backend-client.js';
import { MemoryBulkJobStore } from '../bulk/bulk-job-store.js';
import { BulkJobs } from '../bulk/bulk-jobs.js';
import type { Config } from '../config.js';
import { createMetrics } from '../metrics.js';
import { createCollaboration } from '../notifications/collaboration.js';
import { createRealtime } from '../realtime/index.js';
import { ReferenceCache } from '../reference/reference-cache.js';
import { createScale, type Scale } from '../scale/index.js';
import { redisTarget } from '../scale/redis-connection.js';
import { CommentRate, MemoryCommentCounts, RedisCommentCounts } from '../security/comment-rate.js';
import type { Services } from '../services.js';
import { DataStore } from '../storage/data-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** Multi-replica parts (REDIS_URL or REDIS_SENTINELS), or null on a single replica. */
    scale: Scale | null;
  }
}

/**
 * Services: created once, shared by every request, closed on shutdown.
 * To add one: add its field to Services (services.ts), create it here, close it in onClose.
 */
export const servicesPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    // First: a bad DATA_DIR stops the start before anything else is made.
    const redis = redisTarget(config);
    const dataStore = redis ? null : await DataStore.open(config.DATA_DIR);
    const diskSessions = dataStore
      ? await DiskSessionStore.open(dataStore, {
          idleMs: config.SESSION_IDLE_MS,
          logger: app.log.child({ component: 'sessions' }),
        }).catch(async (error: unknown) => {
          await dataStore.close();
          throw error;
        })
      : null;
    const metrics = createMetrics();
    const backend = new BackendClient({
      baseUrl: config.BACKEND_URL,
      timeoutMs: config.BACKEND_TIMEOUT_MS,
      logger: app.log.child({ component: 'backend' }),
      metrics,
    });
    const reference = new ReferenceCache({ backend });
    const scale = redis
      ? createScale({
          target: redis,
          logger: app.log.child({ component: 'scale' }),
          leaseTtlMs: config.POLL_LEASE_MS,
          sessionIdleMs: config.SESSION_IDLE_MS,
          sessionOutageCacheMs: config.SESSION_OUTAGE_CACHE_MS,
          keyPrefix: config.REDIS_KEY_PREFIX,
        })
      : null;
    const realtime = createRealtime({
      ...(scale
        ? {
            events: scale.events,
            lease: scale.lease,
            exportStore: scale.exportStore,
            ownWriteStore: scale.ownWriteStore,
          }
        : {}),
      backend,
      logger: app.log.child({ component: 'realtime' }),
      registry: metrics.registry,
      serviceToken: config.SERVICE_TOKEN,
      managedBy: config.MANAGED_BY,
      changePollMs: config.CHANGE_POLL_MS,
      tokenCheckMs: config.LIVE_TOKEN_CHECK_MS,
      exportIntervalMs: config.EXPORT_CHECK_MS,
      listRefreshMs: config.LIST_REFRESH_MS,
      cohortsPerUser: config.LIVE_COHORTS_PER_USER,
      listMaxAnswerBytes: config.LIST_MAX_ANSWER_BYTES,
    });
    const sessions = scale?.sessions ?? diskSessions;
    // Unreachable: one of the two exists (Redis or not); the check keeps the type exact.
    if (!sessions) throw new Error('no session store');
    const collaboration = createCollaboration({
      config,
      backend,
      events: realtime.events,
      writerOf: (orderUid, updatedAt) => realtime.ownWrites.writerOf(orderUid, updatedAt),
      logger: app.log.child({ component: 'collaboration' }),
      registry: metrics.registry,
      keyPrefix: config.REDIS_KEY_PREFIX,
    });
    const commentRate = new CommentRate({
      max: config.COMMENT_RATE_MAX,
      windowMs: config.COMMENT_RATE_WINDOW_MS,
      counts: scale ? new RedisCommentCounts(scale.redis, scale.keys.commentRate) : new MemoryCommentCounts(),
    });
    const bulkJobs = new BulkJobs({
      backend,
      logger: app.log.child({ component: 'bulk-jobs' }),
      store: scale?.bulkJobStore ?? new MemoryBulkJobStore(),
      ownWrites: realtime.ownWrites,
      keepMs: config.BULK_JOB_KEEP_MS,
      listLimit: config.BULK_JOBS_KEPT,
    });
    const services: Services = {
      config,
      logger: app.log,
      backend,
      reference,
      metrics,
      realtime,
      sessions,
      collaboration,
      commentRate,
      bulkJobs,
    };
    app.decorate('services', services);
    app.decorate('scale', scale);
    app.addHook('onReady', async () => {
      realtime.start();
      collaboration.start();
    });
    app.addHook('onClose', async () => {
      // First, while the store and the change log are open: the calls in flight finish, none start,
      // and every unfinished job is saved as interrupted.
      await bulkJobs.close();
      // Releases the poll lease, so another replica takes over at once.
      await realtime.close();
      // Tells the other replicas this one's presence is gone; waits for notifications being written.
      await collaboration.close();
      await sessions.close();
      await dataStore?.close();
      await scale?.close();
      await backend.close();
    });
  },
  { name: 'waybill-services' },
);
