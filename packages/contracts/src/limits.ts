import { z } from 'zod';

/**
 * The configured limits a call can be refused for, each named by the gateway setting that holds it.
 * A refusal carries the name in its error data (`data.limit`), so a client picks its own words by
 * it and never reads the gateway's message.
 */
export const LIMIT_NAMES = [
  'BATCH_MAX_ROWS',
  'BULK_JOBS_RUNNING_PER_USER',
  'COMMENT_RATE_MAX',
  'EXPORT_JOBS_RUNNING_PER_USER',
  'FOLLOWS_PER_USER',
  'HOLD_RATE_MAX',
  'HOLDS_MAX_PER_USER',
  'LIST_MAX_LOADED_ROWS',
  'LIVE_COHORTS_PER_USER',
  'NOTIFICATION_RATE_MAX',
  'PRESENCE_ORDERS_PER_SESSION',
  'PRESENCE_VIEWERS_PER_ORDER',
  'SCRIPT_TOKENS_MAX_PER_USER',
  'SESSION_MAX_IN_FLIGHT',
  'SESSION_MAX_LIVE_ROWS',
  'SIGNIN_ACCOUNT_FAILURES_MAX',
  'SIGNIN_RATE_MAX',
  'VIEW_MAX_BYTES',
  'VIEWS_MAX_PER_USER',
  'VIEWS_RATE_MAX',
  'VIEWS_SHARED_MAX_PER_USER',
  'WS_MAX_LIVE_ROWS_PER_SOCKET',
  'WS_MAX_SUBSCRIPTIONS_PER_SOCKET',
] as const;
export const limitNameSchema = z.enum(LIMIT_NAMES);
export type LimitName = z.infer<typeof limitNameSchema>;
