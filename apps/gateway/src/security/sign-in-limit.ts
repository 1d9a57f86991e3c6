import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * The steps of the sign-in flows: every procedure that calls the backend without a credential.
 * Some check a password or exchange a one-time code (the brute-force targets); the links cost the
 * backend a call too, so without a limit anyone could make it answer without end. They run over
 * HTTP only (transport-rules.ts), so this limit counts every call.
 */
export const SIGN_IN_PROCEDURES: readonly string[] = [
  'auth.passwordLogin',
  'auth.googleAuthorizationLink',
  'auth.googleCallback',
  'auth.shopifyAuthorize',
  'auth.shopifyGenerateToken',
];

/** tRPC's JSON-RPC code for TOO_MANY_REQUESTS, so tRPC clients read the refusal like any other error. */
const TOO_MANY_REQUESTS_RPC = -32029;

class SignInLimited extends Error {
  constructor(readonly after: string) {
    super('sign-in rate limit');
  }
}

export interface SignInLimitOptions {
  /** Attempts per client address per window. */
  max: number;
  windowMs: number;
  /** Multi-replica mode: the attempts are counted in Redis, so every replica sees all of them. */
  redis?: { client: Redis; keyPrefix: string } | null;
}

/** The procedure paths of a tRPC HTTP URL (`/trpc/a.b,c.d?batch=1`), or null when it is not one. */
function procedurePaths(url: string): string[] | null {
  const match = /^\/trpc\/([^?]*)/.exec(url);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]).split(',');
  } catch {
    return null;
  }
}

/**
 * Rate-limits sign-in calls per client address: `request.ip`, which reads X-Forwarded-For only
 * from the proxies in TRUST_PROXY (from anyone else, rotating it would reset the count). With Redis
 * the count is shared by every replica (else N replicas would allow N times the attempts).
 * Other procedures are not limited here: they need a valid token, which the backend checks, and
 * their calls wait in the session's budget (fair-scheduler.ts).
 * Websocket messages never pass this hook: sign-in is refused there.
 */
export async function registerSignInLimit(app: FastifyInstance, opts: SignInLimitOptions): Promise<void> {
  const shared = opts.redis
    ? // Redis unreachable: sign-in needs it anyway (the session is written there) and answers 503.
      { redis: opts.redis.client, nameSpace: `${opts.redis.keyPrefix}signin-rate:`, skipOnError: true }
    : {};
  await app.register(fastifyRateLimit, { global: false, ...shared });
  const limit = app.rateLimit({
    max: opts.max,
    timeWindow: opts.windowMs,
    keyGenerator: (request: FastifyRequest) => request.ip,
    errorResponseBuilder: (_request, context) => new SignInLimited(context.after),
  });
  const refuse = (request: FastifyRequest, reply: FastifyReply, paths: string[], after: string) => {
    const message = `Too many sign-in attempts from this address (at most ${opts.max} per ${Math.ceil(opts.windowMs / 1000)} s): try again in ${after}`;
    const one = (path: string) => ({
      error: {
        message,
        code: TOO_MANY_REQUESTS_RPC,
        data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429, path },
      },
    });
    const batched = /[?&]batch=1\b/.test(request.url);
    reply
      .status(429)
      .header('content-type', 'application/json')
      .send(batched ? paths.map(one) : one(paths[0] ?? ''));
  };
  // Synchronous for every other request (an async hook costs each request a microtask).
  app.addHook('onRequest', (request, reply, done) => {
    const paths = procedurePaths(request.url);
    if (!paths?.some((p) => SIGN_IN_PROCEDURES.includes(p))) return done();
    limit.call(app, request, reply).then(
      () => done(),
      (error: unknown) =>
        error instanceof SignInLimited ? refuse(request, reply, paths, error.after) : done(error as Error),
    );
  });
}
