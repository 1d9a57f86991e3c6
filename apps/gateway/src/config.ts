import { isIP } from 'node:net';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BULK_ORDERS_CEILING,
  EXPORT_CHECK_INTERVAL_MS,
  MAX_LOADED_ROWS,
  PAGE_SIZE,
} from '@waybill/contracts';
import { z } from 'zod';
import { withoutCredentials } from './hidden-credentials.js';

const DAY_MS = 86_400_000;
/** The development service token (backend-sim's default); refused with NODE_ENV=production. */
export const DEFAULT_SERVICE_TOKEN = 'dev-service-token';
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
/** Next to the gateway's sources whatever the working directory (`pnpm start`, `pnpm gateway`). */
const DEFAULT_DATA_DIR = fileURLToPath(new URL('../.data', import.meta.url));

const onOff = (fallback: 'on' | 'off') =>
  z
    .enum(['on', 'off', 'true', 'false', '1', '0'], { message: 'must be on or off' })
    .default(fallback)
    .transform((v) => v === 'on' || v === 'true' || v === '1');

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'on', 'off'], { message: 'must be true or false' })
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1' || v === 'on');

/**
 * A whole number written in decimal digits. `z.coerce` would read a blank value as 0 and `0x3e8` or
 * `0b101` as numbers, so a typo would silently turn a setting off or move a port.
 */
const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^-?\d+$/, 'must be a whole number in decimal digits')
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

const int = (fallback: number, min: number, max: number) => wholeNumber(min, max).default(fallback);

const httpUrl = z
  .url({ message: 'must be an http(s) URL', protocol: /^https?$/ })
  .transform((u) => u.replace(/\/+$/, ''));

/** Whether a URL carries a user name or password (`https://user:secret@host`). */
const hasCredentials = (u: string) => URL.canParse(u) && Boolean(new URL(u).username || new URL(u).password);

/** An http(s) origin (scheme, host, port), without path, query or credentials. */
const originUrl = z
  .url({ message: 'must be an http(s) origin like https://ops.example.com', protocol: /^https?$/ })
  .refine((u) => {
    // Not a URL at all is already reported above.
    if (!URL.canParse(u)) return true;
    const url = new URL(u);
    return url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  }, 'must be an origin only (like https://ops.example.com), without path, query or credentials')
  .transform((u) => (URL.canParse(u) ? new URL(u).origin : u));

/**
 * A comma-separated list of origins, each an http(s) origin as PUBLIC_URL is, kept in the form a
 * browser sends in its Origin header (lower-case host, no default port), so the check is a compare.
 */
const originList = z
  .string()
  .default('')
  .transform((s) =>
    s
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  )
  .pipe(z.array(originUrl));

/** An IPv4/IPv6 address, or one with a /prefix (a CIDR range). */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** One `host:port` (an IPv6 host in brackets, like [fd00::5]:26379), or null when it is not one. */
function parseHostPort(entry: string): { host: string; port: number } | null {
  const match = /^\[([^\]]+)\]:(\d{1,5})$/.exec(entry) ?? /^([^:[\]\s]+):(\d{1,5})$/.exec(entry);
  const port = Number(match?.[2]);
  if (!match?.[1] || port < 1 || port > 65_535) return null;
  return { host: match[1], port };
}

/** A comma-separated list of Sentinel addresses (`host:port`); empty: no Sentinel. */
const sentinelList = z
  .string()
  .default('')
  .transform((s) =>
    s
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .transform((entries, ctx) =>
    entries.flatMap((entry) => {
      const address = parseHostPort(entry);
      if (address) return [address];
      ctx.addIssue({
        code: 'custom',
        message: `"${entry}" is not a host:port (like sentinel-1:26379)`,
      });
      return [];
    }),
  );

/** E-mails or user uids, comma or space separated; each must be one or the other. */
const userList = z
  .string()
  .default('')
  .transform((s) => s.split(/[\s,;]+/).filter(Boolean))
  .superRefine((entries, ctx) => {
    for (const entry of entries)
      if (!/^[^@\s]+@[^@\s]+$/.test(entry) && !/^[A-Za-z0-9_.-]+$/.test(entry))
        ctx.addIssue({ code: 'custom', message: `"${entry}" is not an e-mail or a user uid` });
  });

/** A comma-separated list of proxy addresses or CIDR ranges; empty trusts none. */
const proxyList = z
  .string()
  .default('')
  .transform((s) =>
    s
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .superRefine((entries, ctx) => {
    for (const entry of entries)
      if (!isAddressOrRange(entry))
        ctx.addIssue({
          code: 'custom',
          message: `"${entry}" is not an IP address or CIDR range (like 10.0.0.5 or 172.30.0.0/16)`,
        });
  });

export const configSchema = z.object({
  PORT: int(3000, 0, 65_535),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  // The backend is called with each user's token (the service token for the gateway's own calls):
  // credentials in the URL would be dropped by the HTTP client, and printed wherever the URL is.
  BACKEND_URL: httpUrl
    .refine((u) => !hasCredentials(u), 'must not carry credentials (user:password@)')
    .default('http://127.0.0.1:4000'),
  SERVICE_TOKEN: z.string().trim().min(1, 'must not be empty').default(DEFAULT_SERVICE_TOKEN),
  MANAGED_BY: z.string().trim().min(1, 'must not be empty').default('waybill'),
  /**
   * Change poll interval. At 1 s a change written at the backend reaches a screen in about 1.1 s at
   * p95, for one /changes call per second per deployment, whatever the number of tabs.
   */
  CHANGE_POLL_MS: int(1000, 100, 600_000),
  /**
   * How often the token of each live subscription is checked with the backend (users.me): a token it
   * refuses ends its subscriptions within this. One call per distinct token per check.
   */
  LIVE_TOKEN_CHECK_MS: int(5000, 100, 600_000),
  /** Export progress is checked every 2 s; lower only in tests. */
  EXPORT_CHECK_MS: int(EXPORT_CHECK_INTERVAL_MS, 10, 60_000),
  /**
   * Exports one user may have running at once, over every replica: each is checked every
   * EXPORT_CHECK_MS until done, whether or not its user is still there. Joining an export of the same
   * inbound that runs already starts nothing and is always allowed. At most 20, the jobs a user's
   * list holds, which is where running ones are counted.
   */
  EXPORT_JOBS_RUNNING_PER_USER: int(5, 1, 20),
  /** Inbounds and clients lists refresh live every 30 s; lower only in tests. */
  LIST_REFRESH_MS: int(30_000, 100, 600_000),
  /** Distinct live lists (user + list + filter + window) one user may keep open at once, over all lists. */
  LIVE_COHORTS_PER_USER: int(20, 1, 10_000),
  ALLOWED_ORIGINS: originList,
  /**
   * Proxies (addresses or CIDR ranges) whose X-Forwarded-For names the client; empty: none, the
   * client is the socket's peer. Sign-in limits and per-address socket caps key on that client.
   */
  TRUST_PROXY: proxyList,
  /**
   * Extra origins the console may load images from, on top of https: (the CSP's img-src). For a
   * backend that serves product images over plain http, like the embedded backend-sim.
   */
  IMAGE_ORIGINS: originList,
  PASSWORD_LOGIN: onOff('on'),
  COOKIE_SECURE: bool(false),
  REDIS_URL: z
    .url({ message: 'must be a redis:// URL', protocol: /^rediss?$/ })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * Multi-replica mode through Redis Sentinel instead of REDIS_URL: the Sentinels (`host:port`, comma
   * separated) and the name they monitor the primary under; the gateway follows a failover.
   */
  REDIS_SENTINELS: sentinelList,
  REDIS_MASTER_NAME: z.string().trim().optional(),
  /** The Sentinels' own password (their `requirepass`), when they need one. */
  REDIS_SENTINEL_PASSWORD: z.string().optional(),
  /** The Redis server's password, when it needs one and REDIS_URL does not carry it. */
  REDIS_PASSWORD: z.string().optional(),
  /**
   * Put before every key and channel the gateway uses in Redis, so two deployments (staging and
   * production) can share one server without seeing each other's sessions, polls or presence.
   */
  REDIS_KEY_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._:-]{1,64}$/, 'must be 1 to 64 letters, digits, or . _ : - (like waybill:)')
    .default('waybill:'),
  /**
   * Change-poll lease lifetime in multi-replica mode: renewed every third of it, checked by followers
   * six times per lifetime, so a dead leader is replaced within it plus one check (changes within 6 s).
   */
  POLL_LEASE_MS: int(3000, 1000, 600_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BACKEND_TIMEOUT_MS: int(10_000, 1, 600_000),
  REQUEST_TIMEOUT_MS: int(30_000, 1, 600_000),
  /**
   * On SIGTERM/SIGINT, the drain (answers in flight, websockets told to reconnect) and the close of
   * every service must end within this, else the process logs what was still open and exits 1. The
   * orchestrator's kill delay (compose `stop_grace_period`) must be longer.
   */
  SHUTDOWN_GRACE_MS: int(10_000, 1000, 600_000),
  /**
   * During a drain, a keep-alive connection idle this long is closed. A balancer's upstream
   * keep-alive must be shorter (deploy/nginx.conf: 2 s), so the balancer closes its idle connections
   * first and never sends a request on one the gateway is closing.
   */
  DRAIN_IDLE_CLOSE_MS: int(3000, 0, 600_000),
  /** Request headers must be complete within this (slow-loris guard). */
  HEADERS_TIMEOUT_MS: int(10_000, 100, 600_000),
  /** Open websockets per session token (pnpm bench sets it high: thousands of tabs for 10 users). */
  WS_MAX_PER_USER: int(50, 1, 1_000_000),
  WS_MESSAGES_PER_SECOND: int(50, 1, 100_000),
  /** Websocket keep-alive: ping after this much quiet, drop if nothing comes back within the pong wait. */
  WS_PING_MS: int(30_000, 50, 600_000),
  WS_PONG_WAIT_MS: int(5_000, 50, 600_000),
  /** Subscriptions one websocket may hold open at once; more get TOO_MANY_REQUESTS. */
  WS_MAX_SUBSCRIPTIONS_PER_SOCKET: int(20, 1, 10_000),
  /**
   * Bytes a websocket may leave unsent (its client stopped reading): past it the socket is closed,
   * and past twice it across one session's sockets too. Above the largest snapshot one socket's live
   * lists send at once (WS_MAX_LIVE_ROWS_PER_SOCKET rows, about 2 KB each).
   */
  WS_MAX_UNSENT_BYTES: int(8 * 1024 * 1024, 64 * 1024, 1024 * 1024 * 1024),
  /** Rows the live lists of one websocket may re-read together (the sum of their skip + limit). */
  WS_MAX_LIVE_ROWS_PER_SOCKET: int(2_000, PAGE_SIZE, 1_000_000),
  /** Websockets whose credential is not (yet) verified one client address may hold open. */
  WS_MAX_UNAUTHENTICATED_PER_ADDRESS: int(20, 1, 1_000_000),
  /** A websocket is closed unless its credential (header or first connectionParams) is verified within this. */
  WS_AUTH_DEADLINE_MS: int(5_000, 100, 600_000),
  /**
   * Rows one live list or refresh may re-read (skip + limit), at most the contracts' MAX_LOADED_ROWS.
   * Each refresh parses, validates and serialises them all on the event loop.
   */
  LIST_MAX_LOADED_ROWS: int(1_000, PAGE_SIZE, MAX_LOADED_ROWS),
  /** Rows the calls of one HTTP batch or one websocket message may ask for together. */
  BATCH_MAX_ROWS: int(1_000, PAGE_SIZE, 1_000_000),
  /** Orders one `orders.bulk` call may change; at most the contracts' BULK_ORDERS_CEILING. */
  BULK_MAX_ORDERS: int(100, 1, BULK_ORDERS_CEILING),
  /** Bulk jobs (orders.bulkStart) one user may have running at once, over every replica. */
  BULK_JOBS_RUNNING_PER_USER: int(3, 1, 100),
  /** Bulk jobs listed per user (the header tray), newest first; older ones are forgotten. */
  BULK_JOBS_KEPT: int(20, 1, 200),
  /** How long a bulk job and its per-order results stay readable after it started. */
  BULK_JOB_KEEP_MS: int(DAY_MS, 60_000, 7 * DAY_MS),
  /**
   * How long a status change, reissue or bulk run made through `undo.*` waits at the gateway before
   * it is sent to the backend: undoing it within this cancels it with nothing sent. 0 turns undo off
   * (each is sent before the call answers).
   */
  UNDO_WINDOW_MS: int(10_000, 0, 60_000),
  /** A hold (orders.take) ends after this long without an action by its holder on the order. */
  HOLD_IDLE_MS: int(2 * 3_600_000, 1000, 7 * DAY_MS),
  /**
   * Orders one person may hold at once. Every console is sent the whole set of holds on each change,
   * so one person taking orders in a loop would weigh on everyone's screen.
   */
  HOLDS_MAX_PER_USER: int(50, 1, 10_000),
  /**
   * Takes and releases one person may make per HOLD_RATE_WINDOW_MS, over all their sessions: each is
   * pushed to every console and written to the activity record, which a loop would flood.
   */
  HOLD_RATE_MAX: int(120, 1, 1_000_000),
  HOLD_RATE_WINDOW_MS: int(600_000, 1000, 86_400_000),
  /** Days the activity record (who did what through Waybill) keeps an entry. */
  ACTIVITY_KEEP_DAYS: int(30, 1, 366),
  /** Entries the activity record keeps at most, over the whole team; the oldest go first. */
  ACTIVITY_MAX_ENTRIES: int(100_000, 100, 5_000_000),
  /**
   * Comments one user may add per COMMENT_RATE_WINDOW_MS, over all their sessions (a bulk comment on N
   * orders counts N). Every comment is re-sent on each read of its order: a user commenting in a loop
   * would make everybody's lists and details heavier, for good.
   */
  COMMENT_RATE_MAX: int(300, 1, 1_000_000),
  COMMENT_RATE_WINDOW_MS: int(600_000, 1000, 86_400_000),
  /**
   * Bytes one list answer (a live list's read, or a search) may hold as JSON; past it the answer is
   * refused (PAYLOAD_TOO_LARGE), not built and sent. 1,000 rows of orders with their latest comment
   * are about 3 MB.
   */
  LIST_MAX_ANSWER_BYTES: int(8_000_000, 10_000, 1_000_000_000),
  /**
   * Rows the live lists of one session may re-read together (the sum of their skip + limit), over
   * all its websockets: WS_MAX_LIVE_ROWS_PER_SOCKET alone let 50 sockets hold 100 lists of 1,000 rows.
   */
  SESSION_MAX_LIVE_ROWS: int(3_000, PAGE_SIZE, 10_000_000),
  /**
   * Backend calls made for users, in cost units (one per call, one per 25 rows of a list): what one
   * session may have in flight, what all sessions may, and how many calls one session may queue.
   */
  BACKEND_SESSION_CONCURRENCY: int(2, 1, 10_000),
  BACKEND_CONCURRENCY: int(64, 1, 100_000),
  BACKEND_SESSION_QUEUE: int(200, 1, 1_000_000),
  /**
   * Queries and mutations one session may have running at once, over HTTP and all its websockets
   * (subscriptions are capped apart). More are refused at once, so a flood holds no memory: the
   * console's busiest moment (a few tabs' first batches of 20) stays well under it.
   */
  SESSION_MAX_IN_FLIGHT: int(200, 1, 100_000),
  /** A gateway session ends after this long without a request (open websockets count as activity). */
  SESSION_IDLE_MS: int(14 * DAY_MS, 1000, 366 * DAY_MS),
  /**
   * A gateway session ends this long after sign-in whatever its activity, or at the sign-in cookie
   * lifetime of its method if that is shorter (contracts' PASSWORD_LOGIN_COOKIE_DAYS, GOOGLE_LOGIN_COOKIE_DAYS).
   */
  SESSION_MAX_MS: int(365 * DAY_MS, 1000, 100_000 * DAY_MS),
  /**
   * Without REDIS_URL: where the gateway keeps what must survive a restart (sessions, used sign-in
   * states), in an embedded database. It must be writable and used by this process only.
   */
  DATA_DIR: z
    .string()
    .trim()
    .min(1)
    .default(DEFAULT_DATA_DIR)
    .transform((p) => (isAbsolute(p) ? p : resolve(p))),
  /**
   * With REDIS_URL: while Redis cannot be reached, sessions this replica saw within this long are
   * still served from its memory (0: none), so a Redis restart signs nobody out.
   */
  SESSION_OUTAGE_CACHE_MS: int(300_000, 0, 3_600_000),
  /** A script token (made on the console's /me page) ends this many days after it was made. */
  SCRIPT_TOKEN_TTL_DAYS: int(90, 1, 3660),
  /** Script tokens one user may hold at once; the next is refused until one is revoked. */
  SCRIPT_TOKENS_MAX_PER_USER: int(20, 1, 1000),
  /** A Google sign-in must come back to the callback within this long after its link was made. */
  SIGNIN_STATE_TTL_MS: int(10 * 60_000, 1000, 3_600_000),
  /** Calls of the sign-in flows (attempts, links, callbacks) per client address per window. */
  SIGNIN_RATE_MAX: int(20, 1, 1_000_000),
  SIGNIN_RATE_WINDOW_MS: int(60_000, 100, 86_400_000),
  /**
   * Failed password sign-ins per account (the e-mail as typed, trimmed and lower-cased) per window,
   * over every client address and replica: past it that e-mail's password sign-in is refused until
   * the window ends, so guesses spread over many addresses still meet a bound.
   */
  SIGNIN_ACCOUNT_FAILURES_MAX: int(10, 1, 1_000_000),
  SIGNIN_ACCOUNT_WINDOW_MS: int(900_000, 1000, 86_400_000),
  /** Orders one session may show presence on at once (open details); more get TOO_MANY_REQUESTS. */
  PRESENCE_ORDERS_PER_SESSION: int(10, 1, 1_000),
  /** Users one order may show as viewing at once; more get TOO_MANY_REQUESTS. */
  PRESENCE_VIEWERS_PER_ORDER: int(20, 1, 1_000),
  /** Another replica's presence is dropped this long after its last heartbeat (sent every third of it). */
  PRESENCE_TTL_MS: int(8_000, 300, 60_000),
  /** Orders one user may follow at once. */
  FOLLOWS_PER_USER: int(200, 1, 100_000),
  /**
   * Follows, unfollows and read marks one person may make per NOTIFICATION_RATE_WINDOW_MS, over all
   * their sessions: each is written to the gateway's own store, with no backend call to slow a loop.
   * Marking a centre read one item at a time (50) fits many times over.
   */
  NOTIFICATION_RATE_MAX: int(600, 1, 1_000_000),
  NOTIFICATION_RATE_WINDOW_MS: int(600_000, 1000, 86_400_000),
  /** Saved views one user may own (shared or not); saving one more is refused naming this variable. */
  VIEWS_MAX_PER_USER: int(50, 1, 1_000),
  /**
   * Views one person shares with the team at once: every colleague's console counts each shared view
   * on every change that could touch it, so one person sharing many would weigh on everyone's.
   */
  VIEWS_SHARED_MAX_PER_USER: int(10, 1, 1_000),
  /**
   * Saves, renames, shares and removals of views one person may make per VIEWS_RATE_WINDOW_MS, over
   * all their sessions: each one makes every colleague's console read its list of views again. Moving
   * a browser's old views (at most 50) fits in one window.
   */
  VIEWS_RATE_MAX: int(60, 1, 1_000_000),
  VIEWS_RATE_WINDOW_MS: int(600_000, 1000, 86_400_000),
  /**
   * The console's public origin (what browsers open). Sign-in redirect addresses must be on it or in
   * ALLOWED_ORIGINS; unset, only http://localhost and http://127.0.0.1 at the listening port are.
   */
  PUBLIC_URL: originUrl.optional(),
  /** /metrics needs `Authorization: Bearer <METRICS_TOKEN>`; without it (and METRICS_PORT) it is 404. */
  // Empty is unset: compose passes `${METRICS_TOKEN}` through whether or not it is set.
  METRICS_TOKEN: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().trim().min(16, 'must be at least 16 characters').optional(),
  ),
  /** A separate listener serving only /metrics (the main port then serves none). */
  METRICS_PORT: wholeNumber(0, 65_535).optional(),
  METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  /** /readyz reuses its backend check this long (a probe storm makes one backend call). */
  READYZ_CACHE_MS: int(1_000, 0, 60_000),
  /** A user's access to an order, checked before presence is announced on it, is remembered this long. */
  PRESENCE_ACCESS_TTL_MS: int(30_000, 0, 600_000),
  /**
   * Users (e-mails or user uids) who get the comment 'send as' choice and the invalid-address
   * workflow; empty: nobody. Served to the console with the session, and enforced here.
   */
  ADVANCED_COMMENT_USERS: userList,
  /** Boxes the backend takes in one label reissue: more are refused here with a message naming it. */
  REISSUE_MAX_PARCELS: int(99, 2, 100_000),
  /** The commit the gateway was built from, shown in /healthz, the start log line and the console. */
  WAYBILL_COMMIT: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, 'must be a commit id (1 to 64 letters, digits, or . _ -)')
    .optional(),
  WEB_DIST: z
    .string()
    .trim()
    .min(1)
    .default(DEFAULT_WEB_DIST)
    .transform((p) => (isAbsolute(p) ? p : resolve(p))),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
});

/** Rules across variables: Sentinel needs its addresses and the primary's name, and replaces REDIS_URL. */
const checkedSchema = configSchema.superRefine((config, ctx) => {
  const sentinels = config.REDIS_SENTINELS.length > 0;
  const issue = (name: string, message: string) => ctx.addIssue({ code: 'custom', path: [name], message });
  if (sentinels && !config.REDIS_MASTER_NAME) issue('REDIS_MASTER_NAME', 'must be set with REDIS_SENTINELS');
  if (!sentinels && config.REDIS_MASTER_NAME) issue('REDIS_SENTINELS', 'must be set with REDIS_MASTER_NAME');
  // Named on REDIS_SENTINELS: the message shows the value, and a URL may carry a password.
  if (sentinels && config.REDIS_URL)
    issue(
      'REDIS_SENTINELS',
      'cannot be used with REDIS_URL: set one (with Sentinel, the password goes in REDIS_PASSWORD)',
    );
  // A Redis password without Redis: most likely REDIS_URL was lost, and the replica would run alone.
  const redis = sentinels || Boolean(config.REDIS_URL);
  if (!redis && config.REDIS_PASSWORD !== undefined)
    issue(
      'REDIS_URL',
      'must be set (or REDIS_SENTINELS) when REDIS_PASSWORD is: without it the gateway runs alone',
    );
  if (!sentinels && config.REDIS_SENTINEL_PASSWORD !== undefined)
    issue('REDIS_SENTINELS', 'must be set when REDIS_SENTINEL_PASSWORD is');
  // An idle connection must be closed while the drain may still end well.
  if (config.DRAIN_IDLE_CLOSE_MS >= config.SHUTDOWN_GRACE_MS)
    issue('DRAIN_IDLE_CLOSE_MS', `must be below SHUTDOWN_GRACE_MS (${config.SHUTDOWN_GRACE_MS})`);
  // Running jobs are counted over the listed ones: a shorter list would let more run.
  if (config.BULK_JOBS_KEPT < config.BULK_JOBS_RUNNING_PER_USER)
    issue(
      'BULK_JOBS_KEPT',
      `must be at least BULK_JOBS_RUNNING_PER_USER (${config.BULK_JOBS_RUNNING_PER_USER})`,
    );
});

export type Config = z.output<typeof configSchema>;
export type ConfigInput = z.input<typeof configSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
  /** Read by server.ts, which cannot import this module before tracing starts (subclasses have it too). */
  readonly isConfigError = true;
}

/** Variables whose value is a secret, or may carry one (a Redis URL's password): never printed. */
const SECRET_VARIABLE = /(TOKEN|PASSWORD|SECRET)$|^REDIS_URL$/;

/**
 * A variable as a configuration error names it: its value, unless it is secret or was not set. A
 * URL's user name and password are never shown, whatever the variable.
 */
function shownValue(name: string, value: string | undefined): string {
  if (value === undefined) return `${name} (not set)`;
  if (SECRET_VARIABLE.test(name)) return `${name} (value hidden, ${value.length} characters)`;
  return `${name}=${JSON.stringify(withoutCredentials(value))}`;
}

/** Validates the environment once; throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const picked: Record<string, string> = {};
  for (const key of Object.keys(configSchema.shape)) {
    const value = env[key];
    // Unset and empty variables take the default (except where empty means something, handled above).
    if (value !== undefined && (value !== '' || key === 'ALLOWED_ORIGINS' || key === 'REDIS_URL'))
      picked[key] = value;
  }
  const result = checkedSchema.safeParse(picked);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      return `  ${shownValue(name, picked[name])}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid gateway configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

/**
 * Checked when the process starts (server.ts), not by loadConfig: in production the development
 * service token is refused, as anyone who read the source could sign Google sign-in states with it.
 */
export function assertProductionSafe(config: Config): void {
  if (config.NODE_ENV === 'production' && config.SERVICE_TOKEN === DEFAULT_SERVICE_TOKEN)
    throw new ConfigError(
      `Invalid gateway configuration:\n  SERVICE_TOKEN=${JSON.stringify(DEFAULT_SERVICE_TOKEN)}: must be set to the backend's service token when NODE_ENV=production (the default is for development only)`,
    );
}

/** A full config for tests and embedding: defaults plus overrides, validated the same way. */
export function makeConfig(overrides: Partial<Record<keyof ConfigInput, string>> = {}): Config {
  return loadConfig(overrides);
}
