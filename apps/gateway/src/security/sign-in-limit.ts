import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { rpcError } from './batch-limits.js';
import { clientKey } from './client-key.js';
import { trpcRequest } from './trpc-request.js';

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

/**
 * Rate-limits sign-in calls per client address (an IPv6 one by its /64, client-key.ts): `request.ip`,
 * which reads X-Forwarded-For only from the proxies in TRUST_PROXY (from anyone else, rotating it
 * would reset the count). With Redis the count is shared by every replica (else N replicas would
 * allow N times the attempts).
 * Other procedures are not limited here: they need a session or a backend token the backend
 * accepted (auth/backend-token-check.ts, which counts new tokens per address with the same numbers),
 * and their calls wait in that token's budget (fair-scheduler.ts).
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
    keyGenerator: (request: FastifyRequest) => clientKey(request.ip),
    errorResponseBuilder: (_request, context) => new SignInLimited(context.after),
  });
  const refuse = (
    request: FastifyRequest,
    reply: FastifyReply,
    paths: string[],
    batched: boolean,
    after: string,
  ) => {
    const message = `Too many sign-in attempts from this address (at most ${opts.max} per ${Math.ceil(opts.windowMs / 1000)} s): try again in ${after}`;
    const one = (path: string) => rpcError('TOO_MANY_REQUESTS', message, path, request.id, 'SIGNIN_RATE_MAX');
    reply
      .status(429)
      .header('content-type', 'application/json')
      .send(batched ? paths.map(one) : one(paths[0] ?? ''));
  };
  // Synchronous for every other request (an async hook costs each request a microtask).
  app.addHook('onRequest', (request, reply, done) => {
    // The paths as tRPC reads them: by route (an absolute request line), decoded twice.
    const found = trpcRequest(request);
    const paths = found?.paths ?? [];
    const signIns = paths.filter((p) => SIGN_IN_PROCEDURES.includes(p)).length;
    if (signIns === 0) return done();
    // The limit counts requests: a batch of many attempts would pass as one.
    if (signIns > 1) {
      const bodies = paths.map((path) =>
        rpcError(
          'BAD_REQUEST',
          'Send one sign-in call per request, not several in a batch',
          path,
          request.id,
        ),
      );
      reply
        .status(400)
        .header('content-type', 'application/json')
        .send(found?.batched ? bodies : bodies[0]);
      return;
    }
    limit.call(app, request, reply).then(
      () => done(),
      (error: unknown) =>
        error instanceof SignInLimited
          ? refuse(request, reply, paths, found?.batched === true, error.after)
          : done(error as Error),
    );
  });
}
