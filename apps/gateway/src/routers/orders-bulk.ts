import { TRPCError } from '@trpc/server';
import {
  type BulkItemResult,
  bulkJobIdInputSchema,
  bulkOrdersInputSchema,
  noInputSchema,
  type Order,
} from '@waybill/contracts';
import { BULK_CONCURRENCY, bulkWhat, expectedFor, mapBounded, runBulkItem } from '../bulk/bulk-runner.js';
import type { Context } from '../context.js';
import { limitRefusal } from '../security/limit-reached.js';
import { bulkRecords, recordActivity } from '../team/record.js';
import { authedProcedure } from '../trpc.js';

export { BULK_CONCURRENCY } from '../bulk/bulk-runner.js';

/**
 * The checks both forms of a bulk action make before any order is run, refusing it whole: at most
 * BULK_MAX_ORDERS orders, and a comment on N orders is N comments against the user's COMMENT_RATE_MAX.
 * Answers the unique uids, in the order asked.
 */
async function admitBulk(
  ctx: Context & { token: string },
  input: { action: { kind: string }; orderUids: string[] },
): Promise<string[]> {
  const max = ctx.services.config.BULK_MAX_ORDERS;
  const uids = [...new Set(input.orderUids)];
  if (uids.length > max) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `A bulk action takes at most ${max} orders (BULK_MAX_ORDERS); ${uids.length} were sent`,
    });
  }
  if (input.action.kind === 'comment') {
    const user = await ctx.services.reference.user(ctx.token);
    await ctx.services.commentRate.take(user.uid, uids.length);
  }
  return uids;
}

/**
 * admitBulk, and at most BULK_JOBS_RUNNING_PER_USER of the user's jobs running at once. A run held
 * for undo counts as running: it starts when its window ends, whatever runs then.
 */
export async function admitBulkJob(
  ctx: Context & { token: string },
  input: { action: { kind: string }; orderUids: string[] },
) {
  const user = await ctx.services.reference.user(ctx.token);
  const limit = ctx.services.config.BULK_JOBS_RUNNING_PER_USER;
  const [running, held] = await Promise.all([
    ctx.services.bulkJobs.runningOf(user.uid),
    ctx.services.pendingActions.heldBulkRunsOf(user.uid),
  ]);
  if (running + held >= limit) {
    throw limitRefusal(
      'TOO_MANY_REQUESTS',
      'BULK_JOBS_RUNNING_PER_USER',
      `At most ${limit} bulk actions may run at once (BULK_JOBS_RUNNING_PER_USER); wait for one to finish`,
    );
  }
  return { user, uids: await admitBulk(ctx, input) };
}

/**
 * admitBulkJob and `start` as one step per user over every replica: with the check alone, a batch
 * of concurrent calls would all be counted before any of their jobs is.
 */
export async function startWithinBulkCap<T>(
  ctx: Context & { token: string },
  input: { action: { kind: string }; orderUids: string[] },
  start: (admitted: Awaited<ReturnType<typeof admitBulkJob>>) => Promise<T>,
): Promise<T> {
  const user = await ctx.services.reference.user(ctx.token);
  return ctx.services.userLock.run('bulk-jobs', user.uid, async () => start(await admitBulkJob(ctx, input)));
}

/**
 * orders.bulk: one status change (with its date) or the same comment on up to BULK_MAX_ORDERS orders,
 * BULK_CONCURRENCY backend calls at a time, answered when every order is. Answers per order, in the
 * order asked; a failed order carries an error code, never the backend's text (the detail goes to the log).
 */
export const bulkProcedure = authedProcedure
  .input(bulkOrdersInputSchema)
  .mutation(async ({ ctx, input, signal }): Promise<{ results: BulkItemResult[] }> => {
    const uids = await admitBulk(ctx, input);
    const changed: Order[] = [];
    const { ownWrites } = ctx.services.realtime;
    const deps = { ...ctx.services, assertUnchanged: ownWrites.assertUnchanged.bind(ownWrites) };
    const results = await mapBounded(uids, BULK_CONCURRENCY, async (uid) => {
      const { result, order } = await runBulkItem(
        deps,
        ctx.token,
        input.action,
        uid,
        signal,
        expectedFor(input.expected, uid),
      );
      if (order) {
        changed.push(order);
        await recordActivity(ctx.services, ctx.token, bulkRecords(input.action, order), signal);
      }
      return result;
    });
    // Own-write fast path: the answer names no orders, so every changed one goes out as one event.
    await ctx.services.realtime.ownWrites.publish({
      token: ctx.token,
      what: bulkWhat(input.action),
      orders: changed,
    });
    return { results };
  });

/**
 * orders.bulkStart: the same action, checks and pace as orders.bulk, run as a job on the gateway: it
 * answers the job at once and goes on whatever becomes of the request, until every order is answered
 * or the gateway stops. At most BULK_JOBS_RUNNING_PER_USER of a user's jobs run at once.
 */
export const bulkStartProcedure = authedProcedure.input(bulkOrdersInputSchema).mutation(({ ctx, input }) =>
  startWithinBulkCap(ctx, input, ({ user, uids }) =>
    ctx.services.bulkJobs.start({
      token: ctx.token,
      ownerUid: user.uid,
      action: input.action,
      uids,
      ...(input.expected ? { expected: input.expected } : {}),
    }),
  ),
);

/** orders.bulkJobs: the caller's bulk jobs, newest first (BULK_JOBS_KEPT of the last BULK_JOB_KEEP_MS). */
export const bulkJobsProcedure = authedProcedure.input(noInputSchema).query(async ({ ctx }) => {
  const user = await ctx.services.reference.user(ctx.token);
  return { jobs: await ctx.services.bulkJobs.list(user.uid) };
});

/** orders.bulkJob: one of the caller's jobs with its per-order results; anyone else's does not exist. */
export const bulkJobProcedure = authedProcedure.input(bulkJobIdInputSchema).query(async ({ ctx, input }) => {
  const user = await ctx.services.reference.user(ctx.token);
  const job = await ctx.services.bulkJobs.get(user.uid, input.jobId);
  if (!job) throw new TRPCError({ code: 'NOT_FOUND', message: 'No such bulk job' });
  return job;
});
