import { TRPCError, tracked } from '@trpc/server';
import {
  clientsQuerySchema,
  inboundsQuerySchema,
  inboundUidInputSchema,
  ordersQuerySchema,
} from '@waybill/contracts';
import { z } from 'zod';
import { authedProcedure } from '../trpc.js';
import type { CohortRegistry, Joined } from './cohort-registry.js';

const lastEventId = z.string().max(200).nullish();

/** Stream a cohort to one subscriber: the initial messages, then every push, until the signal aborts. */
async function* streamCohort<Row extends { uid: string }, Meta, Query>(
  registry: CohortRegistry<Row, Meta, Query>,
  scope: string,
  query: Query,
  token: string,
  resumeFrom: string | null,
  signal: AbortSignal,
) {
  const joined: Joined<Row, Meta> = await registry.join(scope, query, token, resumeFrom);
  try {
    for (const m of joined.initial) yield tracked(m.id, m.message);
    for (;;) {
      const next = await joined.member.queue.next(signal);
      if (next === undefined) return;
      // A subscriber that fell behind gets the current state instead of the backlog.
      const m = next === 'overflow' ? joined.cohort.snapshot() : next;
      yield tracked(m.id, m.message);
    }
  } finally {
    registry.leave(joined);
  }
}

/** The scope that cohorts are shared within: the signed-in user. */
async function scopeOf(ctx: {
  services: { reference: { user(token: string): Promise<{ uid: string }> } };
  token: string;
}) {
  return (await ctx.services.reference.user(ctx.token)).uid;
}

export const ordersLive = authedProcedure
  .input(ordersQuerySchema.extend({ lastEventId }))
  .subscription(async function* ({ ctx, input, signal }) {
    const { lastEventId: resume, ...query } = input;
    const scope = await scopeOf(ctx);
    yield* streamCohort(ctx.services.realtime.orders, scope, query, ctx.token, resume ?? null, signal!);
  });

export const inboundsLive = authedProcedure
  .input(inboundsQuerySchema.extend({ lastEventId }))
  .subscription(async function* ({ ctx, input, signal }) {
    const { lastEventId: resume, ...query } = input;
    const scope = await scopeOf(ctx);
    yield* streamCohort(ctx.services.realtime.inbounds, scope, query, ctx.token, resume ?? null, signal!);
  });

export const clientsLive = authedProcedure
  .input(clientsQuerySchema.extend({ lastEventId }))
  .subscription(async function* ({ ctx, input, signal }) {
    const { lastEventId: resume, ...query } = input;
    const scope = await scopeOf(ctx);
    yield* streamCohort(ctx.services.realtime.clients, scope, query, ctx.token, resume ?? null, signal!);
  });

const jobIdSchema = z.strictObject({
  jobId: z.string().trim().min(1).max(100),
  lastEventId,
});

export const exportProcedures = {
  /** Start an export of an inbound, or join the one already running for it. */
  start: authedProcedure.input(inboundUidInputSchema).mutation(async ({ ctx, input }) => {
    return ctx.services.realtime.exports.start(input.uid, ctx.token);
  }),
  /** Progress of an export job until it is done (with its download path) or failed (with a reason). */
  progress: authedProcedure.input(jobIdSchema).subscription(async function* ({ ctx, input, signal }) {
    const exports = ctx.services.realtime.exports;
    if (!(await exports.lookup(input.jobId)))
      throw new TRPCError({ code: 'NOT_FOUND', message: 'No such export job' });
    let seq = 0;
    for await (const state of exports.watch(input.jobId, signal!)) {
      seq += 1;
      yield tracked(`${input.jobId}:${seq}`, state);
    }
  }),
};
