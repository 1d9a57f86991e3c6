import type { FastifyBaseLogger } from 'fastify';
import type { BackendTokenCheck } from './auth/backend-token-check.js';
import type { ScriptTokens } from './auth/script-tokens.js';
import type { SessionStore } from './auth/session-store.js';
import type { BackendClient } from './backend/backend-client.js';
import type { BulkJobs } from './bulk/bulk-jobs.js';
import type { Config } from './config.js';
import type { GatewayMetrics } from './metrics.js';
import type { Collaboration } from './notifications/collaboration.js';
import type { Realtime } from './realtime/index.js';
import type { ReferenceCache } from './reference/reference-cache.js';
import type { PerUserLock } from './scale/per-user-lock.js';
import type { AccountSignInLimit } from './security/account-sign-in.js';
import type { CommentRate, PersonLimit } from './security/comment-rate.js';
import type { SessionCalls } from './security/session-calls.js';
import type { HoldLimits } from './team/hold-limits.js';
import type { Team } from './team/team.js';
import type { PendingActions } from './undo/pending-actions.js';
import type { TeamViews } from './views/team-views.js';

/**
 * Everything a procedure needs, created once in buildApp and put on the tRPC context.
 * Add a field here (e.g. `realtime`) and create it in buildApp's service block.
 */
export interface Services {
  config: Config;
  logger: FastifyBaseLogger;
  backend: BackendClient;
  reference: ReferenceCache;
  /** Whether the backend accepts a script's own token; new tokens counted per client address. */
  tokenCheck: BackendTokenCheck;
  /** Failed password sign-ins per account (SIGNIN_ACCOUNT_FAILURES_MAX), shared by the replicas through Redis. */
  signInAccounts: AccountSignInLimit;
  metrics: GatewayMetrics;
  realtime: Realtime;
  /** Gateway sessions (cookie / bearer session id → backend token) and used sign-in states. */
  sessions: SessionStore;
  /** Users' script tokens (long-lived sessions for scripts), listed per user. */
  scriptTokens: ScriptTokens;
  /** Presence and follow/notify (src/presence, src/notifications). */
  collaboration: Collaboration;
  /** Comments per user per window (COMMENT_RATE_MAX), shared by the replicas through Redis. */
  commentRate: CommentRate;
  /** Bulk actions run as jobs (orders.bulkStart), kept in Redis with several replicas. */
  bulkJobs: BulkJobs;
  /** Serialises one user's check-and-write of a capped kind (tokens, bulk jobs, views, holds, exports). */
  userLock: PerUserLock;
  /** Status changes, reissues and bulk runs held for their undo window (UNDO_WINDOW_MS). */
  pendingActions: PendingActions;
  /** Holds (orders.take) and the activity record, kept at the gateway (src/team). */
  team: Team;
  /** Holds per person and takes and releases per window (HOLDS_MAX_PER_USER, HOLD_RATE_MAX). */
  holdLimits: HoldLimits;
  /** Saved views kept per user (shared with the team on request) and their live counts. */
  views: TeamViews;
  /** Queries and mutations running per session (SESSION_MAX_IN_FLIGHT). */
  sessionCalls: SessionCalls;
  /** Follows, unfollows and read marks per person and window (NOTIFICATION_RATE_MAX). */
  notificationRate: PersonLimit;
}
