import fp from 'fastify-plugin';
import { BackendTokenCheck } from '../auth/backend-token-check.js';
import { DiskSessionStore } from '../auth/disk-session-store.js';
import { DiskScriptTokenStore } from '../auth/script-token-store.js';
import { ScriptTokens } from '../auth/script-tokens.js';
import { BackendClient } from '../backend/backend-client.js';
import { MemoryBulkJobStore } from '../bulk/bulk-job-store.js';
import { BulkJobs } from '../bulk/bulk-jobs.js';
import type { Config } from '../config.js';
import { createMetrics } from '../metrics.js';
import { createCollaboration } from '../notifications/collaboration.js';
import { MemoryNotificationStore } from '../notifications/notification-store.js';
import { createRealtime } from '../realtime/index.js';
import { ReferenceCache } from '../reference/reference-cache.js';
import { createScale, type Scale } from '../scale/index.js';
import { PerUserLock } from '../scale/per-user-lock.js';
import { redisTarget } from '../scale/redis-connection.js';
import { AccountSignInLimit } from '../security/account-sign-in.js';
import { CommentRate, MemoryWindowCounts, PersonLimit, RedisWindowCounts } from '../security/comment-rate.js';
import { SessionCalls } from '../security/session-calls.js';
import type { Services } from '../services.js';
import { DataStore } from '../storage/data-store.js';
import { HoldLimits } from '../team/hold-limits.js';
import { bulkRecords, recordActivity } from '../team/record.js';
import { createTeam } from '../team/team.js';
import { commitPendingAction } from '../undo/commit-action.js';
import { DiskPendingActionStore } from '../undo/pending-action-store.js';
import { PendingActions } from '../undo/pending-actions.js';
import { createTeamViews } from '../views/team-views.js';
import { ViewCounter } from '../views/view-counter.js';
import { DiskViewStore } from '../views/view-store.js';

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
      ...(dataStore
        ? { localStore: await MemoryNotificationStore.open(dataStore.section('notifications')) }
        : {}),
      events: realtime.events,
      writerOf: (orderUid, updatedAt) => realtime.ownWrites.writerOf(orderUid, updatedAt),
      logger: app.log.child({ component: 'collaboration' }),
      registry: metrics.registry,
      keyPrefix: config.REDIS_KEY_PREFIX,
    });
    const commentRate = new CommentRate({
      max: config.COMMENT_RATE_MAX,
      windowMs: config.COMMENT_RATE_WINDOW_MS,
      counts: scale ? new RedisWindowCounts(scale.redis, scale.keys.commentRate) : new MemoryWindowCounts(),
    });
    const tokenCheck = new BackendTokenCheck({
      reference,
      counts: scale ? new RedisWindowCounts(scale.redis, scale.keys.tokenAsks) : new MemoryWindowCounts(),
      max: config.SIGNIN_RATE_MAX,
      windowMs: config.SIGNIN_RATE_WINDOW_MS,
    });
    const signInAccounts = new AccountSignInLimit({
      max: config.SIGNIN_ACCOUNT_FAILURES_MAX,
      windowMs: config.SIGNIN_ACCOUNT_WINDOW_MS,
      counts: scale
        ? new RedisWindowCounts(scale.redis, scale.keys.signInFailures)
        : new MemoryWindowCounts(),
      secret: config.SERVICE_TOKEN,
    });
    const holdLimits = new HoldLimits({
      maxPerUser: config.HOLDS_MAX_PER_USER,
      rateMax: config.HOLD_RATE_MAX,
      rateWindowMs: config.HOLD_RATE_WINDOW_MS,
      counts: scale ? new RedisWindowCounts(scale.redis, scale.keys.holdRate) : new MemoryWindowCounts(),
    });
    const team = await createTeam({
      config,
      dataStore,
      events: realtime.events,
      logger: app.log.child({ component: 'team' }),
    });
    const bulkJobs = new BulkJobs({
      backend,
      logger: app.log.child({ component: 'bulk-jobs' }),
      store: scale?.bulkJobStore ?? new MemoryBulkJobStore(),
      ownWrites: realtime.ownWrites,
      assertUnchanged: (args) => realtime.ownWrites.assertUnchanged(args),
      keepMs: config.BULK_JOB_KEEP_MS,
      listLimit: config.BULK_JOBS_KEPT,
      // Each order the backend accepted goes on the activity record, as the job's owner.
      onChanged: (token, action, order) =>
        recordActivity({ team, collaboration, logger: app.log }, token, bulkRecords(action, order)),
    });
    const pendingStore =
      scale?.pendingActionStore ??
      (dataStore && new DiskPendingActionStore(dataStore.section('pending-actions')));
    // Unreachable, as for sessions: Redis or the embedded store.
    if (!pendingStore) throw new Error('no pending action store');
    const pendingActions = new PendingActions({
      store: pendingStore,
      windowMs: config.UNDO_WINDOW_MS,
      logger: app.log.child({ component: 'undo' }),
      commit: (action) =>
        commitPendingAction(
          {
            backend,
            logger: app.log,
            realtime,
            bulkJobs,
            record: (token, records) =>
              recordActivity({ team, collaboration, logger: app.log }, token, records),
            tellOwner: (ownerUid, notification) => collaboration.notifications.push(ownerUid, notification),
          },
          action,
        ),
    });
    const viewStore =
      scale?.viewStore ??
      (dataStore ? await DiskViewStore.open(dataStore, app.log.child({ component: 'views' })) : null);
    // Unreachable, as for sessions: Redis or the embedded store.
    if (!viewStore) throw new Error('no view store');
    const views = createTeamViews({
      store: viewStore,
      counter: new ViewCounter({
        backend,
        managedBy: config.MANAGED_BY,
        logger: app.log.child({ component: 'views' }),
        onOrderChanges: (listener) => realtime.onOrderChanges(listener),
      }),
      // Each save, rename, share or removal reaches every console watching views, and each reads its
      // list again: one person toggling a view in a loop would keep the whole team busy.
      rate: new PersonLimit(
        scale ? new RedisWindowCounts(scale.redis, scale.keys.viewRate) : new MemoryWindowCounts(),
        {
          max: config.VIEWS_RATE_MAX,
          windowMs: config.VIEWS_RATE_WINDOW_MS,
          what: 'changes to saved views',
          limit: 'VIEWS_RATE_MAX',
          variables: 'VIEWS_RATE_MAX, VIEWS_RATE_WINDOW_MS',
        },
      ),
      maxPerUser: config.VIEWS_MAX_PER_USER,
      maxSharedPerUser: config.VIEWS_SHARED_MAX_PER_USER,
    });
    const tokenStore =
      scale?.scriptTokenStore ?? (dataStore && new DiskScriptTokenStore(dataStore.section('script-tokens')));
    if (!tokenStore) throw new Error('no script token store');
    // One user's check-and-write of a capped kind at a time, over every replica when on Redis.
    const userLock = new PerUserLock(
      scale ? { redis: { client: scale.redis, keyPrefix: config.REDIS_KEY_PREFIX } } : {},
    );
    const scriptTokens = new ScriptTokens({
      sessions,
      lock: userLock,
      store: tokenStore,
      ttlDays: config.SCRIPT_TOKEN_TTL_DAYS,
      maxLifetimeMs: config.SESSION_MAX_MS,
      maxPerUser: config.SCRIPT_TOKENS_MAX_PER_USER,
      logger: app.log.child({ component: 'script-tokens' }),
    });
    const services: Services = {
      config,
      logger: app.log,
      backend,
      reference,
      tokenCheck,
      signInAccounts,
      metrics,
      realtime,
      sessions,
      scriptTokens,
      collaboration,
      commentRate,
      bulkJobs,
      pendingActions,
      userLock,
      team,
      holdLimits,
      views,
      sessionCalls: new SessionCalls(config.SESSION_MAX_IN_FLIGHT),
      // Follows, unfollows and read marks make no backend call to slow a loop of them, and each one
      // that changes something is a write to the gateway's own store.
      notificationRate: new PersonLimit(
        scale ? new RedisWindowCounts(scale.redis, scale.keys.notificationRate) : new MemoryWindowCounts(),
        {
          max: config.NOTIFICATION_RATE_MAX,
          windowMs: config.NOTIFICATION_RATE_WINDOW_MS,
          what: 'follows, unfollows and read marks',
          limit: 'NOTIFICATION_RATE_MAX',
          variables: 'NOTIFICATION_RATE_MAX, NOTIFICATION_RATE_WINDOW_MS',
        },
      ),
    };
    app.decorate('services', services);
    app.decorate('scale', scale);
    app.addHook('onReady', async () => {
      realtime.start();
      collaboration.start();
      team.start();
      // Sends what a gateway stopped in the undo window left held.
      await pendingActions.start();
    });
    app.addHook('onClose', async () => {
      // Held actions stay in the store for the next start; the ones being sent finish (a bulk run
      // becomes a job the next step saves).
      await pendingActions.close();
      // First, while the store and the change log are open: the calls in flight finish, none start,
      // and every unfinished job is saved as interrupted.
      await bulkJobs.close();
      // Releases the poll lease, so another replica takes over at once.
      await realtime.close();
      // Tells the other replicas this one's presence is gone; waits for notifications being written.
      await collaboration.close();
      await team.close();
      await views.close();
      await sessions.close();
      await dataStore?.close();
      await scale?.close();
      await backend.close();
    });
  },
  { name: 'waybill-services' },
);
