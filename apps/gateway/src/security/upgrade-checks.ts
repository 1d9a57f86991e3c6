import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Why an upgrade is refused before it happens: the HTTP answer the client gets instead. */
export interface UpgradeRefusal {
  statusCode: number;
  error: string;
  message: string;
}

/**
 * A check on a websocket upgrade request: a refusal, or null to let it through. It may wait (a
 * session-store lookup); only upgrades pay for that.
 */
export type UpgradeCheck = (
  request: FastifyRequest,
) => UpgradeRefusal | null | Promise<UpgradeRefusal | null>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Add a check that runs on websocket upgrades only, after the ones added before it. */
    addUpgradeCheck(check: UpgradeCheck): void;
  }
}

async function firstRefusal(checks: UpgradeCheck[], request: FastifyRequest): Promise<UpgradeRefusal | null> {
  for (const check of checks) {
    const refusal = await check(request);
    if (refusal) return refusal;
  }
  return null;
}

/**
 * One synchronous `onRequest` hook for every upgrade-only check, so the other HTTP requests pay one
 * header test instead of a promise per check (every async hook costs a microtask on each request).
 */
export function registerUpgradeChecks(app: FastifyInstance): void {
  const checks: UpgradeCheck[] = [];
  app.decorate('addUpgradeCheck', (check: UpgradeCheck) => {
    checks.push(check);
  });
  app.addHook('onRequest', (request, reply, done) => {
    const upgrade = request.headers.upgrade;
    if (upgrade === undefined || upgrade.toLowerCase() !== 'websocket') return done();
    firstRefusal(checks, request).then(
      (refusal) => {
        if (refusal) reply.status(refusal.statusCode).send(refusal);
        else done();
      },
      (error: unknown) => done(error as Error),
    );
  });
}
