import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError, z } from 'zod';
import { endRefusedSession, isTokenRefused } from './auth/sessions.js';
import { BackendError, publicBackendError } from './backend/backend-error.js';
import type { Context } from './context.js';
import { OrderConflictError } from './realtime/own-writes.js';
import { runInRequestScope } from './request-id.js';
import { isRedisUnavailable, redisUnavailableAnswer } from './scale/redis-unavailable.js';
import { refusedLimit } from './security/limit-reached.js';
import { limitSubscriptions } from './security/subscription-limits.js';
import { refuseWrongTransport } from './security/transport-rules.js';
import { HoldConflictError } from './team/holds.js';
import { failSpan, inSpan } from './telemetry.js';
import { describeZodError } from './zod-message.js';

const t = initTRPC.context<Context>().create({
  // Stack traces are stripped in the formatter below; never let tRPC add them on its own.
  isDev: false,
  // Subscriptions over HTTP never stream. transport-rules.ts refuses them first, naming the
  // websocket, before the procedure runs (with this switch alone it runs, holding its budgets).
  sse: { enabled: false },
  errorFormatter({ shape, error, ctx }) {
    const development = ctx?.services.config.NODE_ENV === 'development';
    const zodError = error.code === 'BAD_REQUEST' && error.cause instanceof ZodError ? error.cause : null;
    // Unexpected failures keep their details in the log, never on the wire (except in development).
    const hidden = error.code === 'INTERNAL_SERVER_ERROR' && !development;
    const { stack: _stack, ...data } = shape.data;
    // A failed backend's own words may name its internals: the caller gets the path and status only.
    const backend = error instanceof BackendError ? publicBackendError(error) : null;
    if (backend?.hidden)
      (ctx?.req?.log ?? ctx?.services.logger)?.warn(
        { backendPath: backend.details.path, status: backend.details.status, backendError: error.message },
        'backend failure answered without its details',
      );
    return {
      ...shape,
      message: zodError
        ? `Invalid input: ${describeZodError(zodError)}`
        : hidden
          ? 'Internal server error'
          : (backend?.message ?? shape.message),
      data: {
        ...data,
        ...(development && error.stack ? { stack: error.stack } : {}),
        zodError: zodError ? z.flattenError(zodError) : null,
        // The configured limit the call was refused for, by its setting's name (contracts' LIMIT_NAMES).
        limit: refusedLimit(error.cause, zodError),
        // The backend's own error data and which call failed.
        backend: backend?.details ?? null,
        // Who changed the order first: { by, at, what } (conflict warning rule).
        ...(error.cause instanceof OrderConflictError ? { conflict: error.cause.conflict } : {}),
        // Who holds the order (orders.take without force, orders.release): { holder }.
        ...(error.cause instanceof HoldConflictError
          ? { holdConflict: { holder: error.cause.hold.holder } }
          : {}),
        // What the console shows as "Reference: …", to find the request's log lines.
        ...(ctx?.requestId ? { requestId: ctx.requestId } : {}),
      },
    };
  },
});

export const router = t.router;

/**
 * Outermost: the call runs in its request's scope (websocket messages too, which no HTTP hook sees)
 * and is timed (a subscription until it has started); a call that needed Redis while it was
 * unreachable answers 503 (Retry-After), never 500.
 */
const timedProcedure = t.procedure.use(async ({ ctx, path, type, next }) =>
  inSpan(
    `trpc ${path}`,
    { attributes: { 'rpc.system': 'trpc', 'rpc.method': path, 'trpc.type': type } },
    async (span) => {
      const end = ctx.services.metrics.trpcDuration.startTimer({ path, type });
      const result = await runInRequestScope({ requestId: ctx.requestId }, next);
      const unavailable = !result.ok && isRedisUnavailable(result.error);
      const code = result.ok ? 'OK' : unavailable ? 'SERVICE_UNAVAILABLE' : result.error.code;
      end({ code });
      span.setAttribute('trpc.code', code);
      if (!result.ok) failSpan(span, result.error);
      if (unavailable) throw redisUnavailableAnswer(result.error);
      return result;
    },
  ),
);

/**
 * Then a query or mutation past its session's SESSION_MAX_IN_FLIGHT is refused (session-calls.ts),
 * and a call on a transport its limits do not hold on (transport-rules.ts), ahead of the input check
 * and every budget: a refused call holds nothing.
 */
const procedure = timedProcedure
  .use(({ ctx, type, next }) =>
    type === 'subscription' ? next() : ctx.services.sessionCalls.run(ctx.sessionId ?? ctx.token, next),
  )
  .use(({ ctx, type, path, next }) => {
    refuseWrongTransport(ctx, type, path);
    return next();
  })
  .use(async ({ ctx, next }) => {
    // A script's own backend token is used only once the backend accepts it: its shape proves
    // nothing, and the records the gateway keeps answer without a backend call.
    if (!ctx.ownToken || !ctx.token) return next();
    if (await ctx.services.tokenCheck.accepts(ctx.token, ctx.clientAddress)) return next();
    return next({ ctx: { token: null, authProblem: 'refused' as const, ownToken: false } });
  });

export const publicProcedure = procedure;

/**
 * Procedures that need the caller's backend token (cookie, bearer header or websocket connectionParams).
 * The subscription cap runs first: it keys on the context object the connection was created with.
 */
export const authedProcedure = procedure
  .use((opts) => {
    const { config } = opts.ctx.services;
    return limitSubscriptions(opts, {
      maxLoadedRows: config.LIST_MAX_LOADED_ROWS,
      maxCount: config.WS_MAX_SUBSCRIPTIONS_PER_SOCKET,
      maxRows: config.WS_MAX_LIVE_ROWS_PER_SOCKET,
      maxSessionRows: config.SESSION_MAX_LIVE_ROWS,
      onHeld: opts.ctx.services.metrics.onSubscriptionHeld,
    });
  })
  .use(({ ctx, next }) => {
    if (!ctx.token) {
      const message =
        ctx.authProblem === 'malformed'
          ? 'Sign in again: the session token is not a valid session id'
          : ctx.authProblem === 'ended'
            ? 'Sign in again: the session has ended (signed out or expired)'
            : ctx.authProblem === 'refused'
              ? 'Sign in again: the backend does not accept this token'
              : 'Sign in first: no session token';
      throw new TRPCError({ code: 'UNAUTHORIZED', message });
    }
    // tRPC merges this into the context (spreading ours here as well copied it twice per call).
    return next({ ctx: { token: ctx.token } });
  })
  .use(async ({ ctx, next }) => {
    const result = await next();
    // Only the backend refusing the session's token ends it (never an outage or a timeout).
    if (!result.ok && ctx.sessionId && isTokenRefused(result.error))
      await endRefusedSession(ctx, result.error);
    return result;
  })
  .use(async ({ ctx, type, path, getRawInput, next }) => {
    const result = await next();
    // Own-write fast path: every mutation publishes what it changed before answering (own-writes.ts).
    if (type === 'mutation' && result.ok) {
      await ctx.services.realtime.ownWrites.afterMutation({
        token: ctx.token,
        path,
        input: await getRawInput().catch(() => null),
        data: result.data,
      });
    }
    return result;
  });
