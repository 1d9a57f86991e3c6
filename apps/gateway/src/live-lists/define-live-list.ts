import {
  type BackendResponse,
  type BackendRouteName,
  type ListWindow,
  pageHasMore,
  refreshWindow,
} from '@waybill/contracts';
import type { z } from 'zod';
import { effectiveWindow, type ListQueryShape, liveInputOf, searchInputOf } from '../list-inputs.js';
import type { CohortFetch, RefreshParts } from '../realtime/cohort.js';
import { stableStringify } from '../realtime/cohort-registry.js';
import type { LiveListKind } from '../realtime/index.js';
import type { OrderChange } from '../realtime/known-orders.js';
import type { BackendCaller } from '../realtime/types.js';
import { wireTargetOf } from '../realtime/wire-fanout.js';
import { authedProcedure } from '../trpc.js';
import { assertAnswerFits } from './answer-bytes.js';

/**
 * A live subscription that came over the websocket gets its socket and request id in `ctx.wire`,
 * so its cohort can write pushes to the socket directly (null over HTTP).
 */
export const liveProcedure = authedProcedure.use(async ({ ctx, getRawInput, signal, next }) =>
  next({ ctx: { wire: signal ? wireTargetOf(ctx, await getRawInput(), signal) : null } }),
);

/** What a list's backend body may depend on besides its filter and window. */
export interface LiveListEnv {
  managedBy: string;
  now: Date;
}

/** One backend read of a list, as the `later` stage gets it. */
export interface LiveListRead {
  backend: BackendCaller;
  token: string;
  body: unknown;
  signal?: AbortSignal;
}

/**
 * Slower list-level fields, read after the rows and pushed as a second patch: parts that can each be
 * read on their own (the orders' statistics calls), so a change re-reads only the parts it touches
 * while the cohort keeps the freshest read of every part.
 */
export interface LaterFields<Later> {
  /** Every part's key. */
  keys: readonly string[];
  /** Reads the parts named, answered by key. */
  read(read: LiveListRead, keys: readonly string[]): Promise<Record<string, unknown>>;
  /** Every part (by key) as the list's later fields. */
  toMeta(parts: Record<string, unknown>): Later;
}

/** A list's query schema: contracts' strict `{ filter, window }` object. */
type QuerySchema<S extends ListQueryShape> = z.ZodObject<S, z.core.$strict>;
type Uid = { uid: string };
/**
 * A parsed query of the list. A live subscription adds `viewer`, the user its cohort serves (its
 * scope), for what the answer shows per user (an order's unread comments).
 */
export type ListQuery<S extends ListQueryShape> = {
  filter: z.output<S['filter']>;
  window: ListWindow;
  viewer?: string;
};

export interface LiveListSpec<
  S extends ListQueryShape,
  N extends BackendRouteName,
  Row extends Uid,
  Meta,
  Later,
  Answer = BackendResponse<N>,
> {
  /** The list's name: the router key it is mounted under, and its metrics label. */
  name: string;
  /** Contracts' `{ filter, window }` schema of the list. */
  query: QuerySchema<S>;
  /** The backend route that the search and every live refresh read. */
  route: N;
  /** The filter as the backend body of `route`. */
  toBody(filter: z.output<S['filter']>, window: ListWindow, env: LiveListEnv): unknown;
  /**
   * The route's answer as the list hands it out, for the user `viewer` (null when unknown): what
   * `search` answers and `split` takes. The answer as is without it.
   */
  shape?: (answer: BackendResponse<N>, viewer: string | null) => Answer;
  /** The (shaped) answer as rows and list-level fields. */
  split(answer: Answer): { rows: Row[]; meta: Meta };
  /** Slower list-level fields, read after the rows are pushed and pushed as a second patch. */
  later?: LaterFields<Later>;
  /**
   * The parts of a cohort (rows, `later` fields) a changed order can touch, or null (order lists):
   * cohorts re-read those on change events. Without it, cohorts refresh every LIST_REFRESH_MS.
   */
  affectedBy?: (
    change: OrderChange,
    query: ListQuery<S>,
    ctx: { now: Date; inCohortRows: boolean },
  ) => RefreshParts | null;
  /** True when the rows are orders as the change poll reads them: a change is matched against them. */
  rowsAreOrders?: boolean;
}

/**
 * The slower list-level fields (the orders' statistics) depend on the filter, not the window: cohorts
 * of one token whose queries differ only in their window share one read. For a change (`keep`), the
 * read is kept for LATER_KEEP_MS, since each cohort asks when its own rows land; the key holds the
 * change's poll time, so a later change never gets an older read. Otherwise it is shared while in
 * flight. It is not cancelled with one cohort (another may wait on it); the backend timeout bounds it.
 */
const shared = new Map<string, Promise<unknown>>();
const LATER_KEEP_MS = 10_000;
function sharedLater<T>(key: string, keep: boolean, read: () => Promise<T>): Promise<T> {
  let pending = shared.get(key) as Promise<T> | undefined;
  if (!pending) {
    const forget = () => shared.delete(key);
    pending = read().finally(() => {
      if (keep) setTimeout(forget, LATER_KEEP_MS).unref?.();
      else forget();
    });
    shared.set(key, pending);
  }
  return pending;
}

/**
 * The slower fields' calls run in the backend scheduler's background lane: a session's row reads and
 * user calls go first, and statistics take the slots left (security/fair-scheduler.ts).
 */
function inBackground(backend: BackendCaller): BackendCaller {
  return { call: (name, opts) => backend.call(name, { ...opts, background: true }) };
}

/** The list state a live subscriber holds: the route's fields, the later ones, and whether more rows exist. */
export type LiveListMeta<Meta, Later> = Meta & Later & { hasMore: boolean };

/**
 * One live list of the console: its `search` query (one backend read over a window) and its `live`
 * subscription (a cohort shared by every subscriber of the same user, filter and window: a
 * snapshot, then patches; see CohortRegistry). Mount `procedures` on the list's router.
 */
export function defineLiveList<
  S extends ListQueryShape,
  N extends BackendRouteName,
  Row extends Uid,
  Meta extends object,
  Later extends object = Record<never, never>,
  Answer = BackendResponse<N>,
>(spec: LiveListSpec<S, N, Row, Meta, Later, Answer>) {
  type Query = ListQuery<S>;
  type State = LiveListMeta<Meta, Later>;
  const body = (query: Query, window: ListWindow, managedBy: string) =>
    spec.toBody(query.filter, window, { managedBy, now: new Date() });
  const shape = (answer: BackendResponse<N>, viewer: string | null): Answer =>
    spec.shape ? spec.shape(answer, viewer) : (answer as Answer);

  const kind: LiveListKind<Row, State, Query> = {
    name: spec.name,
    // Every refresh reads the whole loaded window (skip 0, limit skip + limit).
    fetcher: (backend, managedBy, limits) => (query) => {
      const window = refreshWindow(query.window);
      const read = async (token: string, signal: AbortSignal) => {
        const answer = await backend.call(spec.route, {
          token,
          body: body(query, window, managedBy),
          signal,
        });
        const { rows, meta } = spec.split(shape(answer, query.viewer ?? null));
        if (limits) assertAnswerFits(rows, meta, limits.maxAnswerBytes, answer);
        return { rows, meta: { ...meta, hasMore: pageHasMore(rows.length, window.limit) } as State };
      };
      const { later } = spec;
      if (!later) return read as CohortFetch<Row, State>;
      const filterKey = stableStringify(query.filter);
      // This cohort's freshest read of each later part, and the order its reads were asked in: a
      // read that lands after a newer one of the same part does not replace it.
      const freshest = new Map<string, { value: unknown; asked: number }>();
      let asked = 0;
      // Read alongside the rows (asked first), pushed after them as a second patch. A refresh's
      // later calls go in the scheduler's background lane, so they never hold a row read back; a
      // first load's do not, since its subscribers see nothing until they land. A change reads only
      // the parts it touches.
      return async function* (token, signal, initial, change, parts) {
        const rows = parts.rows ? read(token, signal) : null;
        // Settled either way, so a failed read the generator no longer waits on is no unhandled rejection.
        rows?.catch(() => {});
        const keys =
          initial || parts.later === 'all' ? later.keys : later.keys.filter((k) => parts.later.includes(k));
        if (keys.length === 0) {
          if (rows) yield await rows;
          return;
        }
        const order = ++asked;
        const slow = sharedLater(
          `${spec.name}|${token}|${filterKey}|${keys.join(',')}|${change ?? 'now'}`,
          change !== null,
          () =>
            later.read(
              {
                backend: initial ? backend : inBackground(backend),
                token,
                body: body(query, window, managedBy),
              },
              keys,
            ),
        );
        slow.catch(() => {});
        if (rows) yield await rows;
        const answer = await slow;
        for (const key of keys) {
          const had = freshest.get(key);
          if (!had || had.asked < order) freshest.set(key, { value: answer[key], asked: order });
        }
        const all = Object.fromEntries([...freshest].map(([key, { value }]) => [key, value]));
        yield { meta: later.toMeta(all) };
      } as CohortFetch<Row, State>;
    },
    ...(spec.affectedBy ? { affectedBy: spec.affectedBy } : {}),
    ...(spec.rowsAreOrders ? { rowsAreOrders: true } : {}),
  };

  const procedures = {
    /** One read of the list over a window (`refresh`: the whole loaded window), as the backend answers it. */
    search: authedProcedure.input(searchInputOf(spec.query)).query(async ({ ctx, input, signal }) => {
      const query = input as Query & { refresh: boolean };
      const window = effectiveWindow(query);
      const { config, backend, reference } = ctx.services;
      const [raw, viewer] = await Promise.all([
        backend.call(spec.route, { token: ctx.token, body: body(query, window, config.MANAGED_BY), signal }),
        spec.shape ? reference.user(ctx.token).then((user) => user.uid) : null,
      ]);
      const answer = shape(raw, viewer);
      const { rows, meta } = spec.split(answer);
      assertAnswerFits(rows, meta, config.LIST_MAX_ANSWER_BYTES, raw);
      return answer;
    }),
    /** The list kept up to date: a snapshot, then patches and health messages, each tracked for resume. */
    live: liveProcedure.input(liveInputOf(spec.query)).subscription(async function* ({ ctx, input, signal }) {
      const { lastEventId, ...query } = input as Query & { lastEventId?: string | null };
      // Cohorts are per backend user: each reads only with tokens of the user it serves.
      const scope = await ctx.services.realtime.tokens.identify(ctx.token);
      yield* ctx.services.realtime
        .list(kind)
        .stream(
          scope,
          { ...query, viewer: scope } as Query,
          ctx.token,
          lastEventId ?? null,
          signal!,
          ctx.wire,
        );
    }),
  };
  return { name: spec.name, kind, procedures };
}
