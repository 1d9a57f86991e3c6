import type { FastifyBaseLogger } from 'fastify';
import type { SessionStore } from './auth/session-store.js';
import type { BackendClient } from './backend/backend-client.js';
import type { BulkJobs } from './bulk/bulk-jobs.js';
import type { Config } from './config.js';
import type { GatewayMetrics } from './metrics.js';
import type { Collaboration } from './notifications/collaboration.js';
import type { Realtime } from './realtime/index.js';
import type { ReferenceCache } from './reference/reference-cache.js';
import type { CommentRate } from './security/comment-rate.js';

/**
 * Everything a procedure needs, created once in buildApp and put on the tRPC context.
 * Add a field here (e.g. `realtime`) and create it in buildApp's service block.
 */
export interface Services {
  config: Config;
  logger: FastifyBaseLogger;
  backend: BackendClient;
  reference: ReferenceCache;
  metrics: GatewayMetrics;
  realtime: Realtime;
  /** Gateway sessions (cookie / bearer session id → backend token) and used sign-in states. */
  sessions: SessionStore;
  /** Presence and follow/notify (src/presence, src/notifications). */
  collaboration: Collaboration;
  /** Comments per user per window (COMMENT_RATE_MAX), shared by the replicas through Redis. */
  commentRate: CommentRate;
  /** Bulk actions run as jobs (orders.bulkStart), kept in Redis with several replicas. */
  bulkJobs: BulkJobs;
}
