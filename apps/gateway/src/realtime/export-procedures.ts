import { TRPCError, tracked } from '@trpc/server';
import { inboundUidInputSchema, noInputSchema } from '@waybill/contracts';
import { z } from 'zod';
import { authedProcedure } from '../trpc.js';

const jobIdSchema = z.strictObject({
  jobId: z.string().trim().min(1).max(100),
  lastEventId: z.string().max(200).nullish(),
});

/** The number of a progress message this job sent (`{jobId}:{n}`); 0 for none or another job's. */
function resumedSeq(jobId: string, lastEventId: string | null | undefined): number {
  const prefix = `${jobId}:`;
  if (!lastEventId?.startsWith(prefix)) return 0;
  const n = Number(lastEventId.slice(prefix.length));
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
}

export const exportProcedures = {
  /**
   * Start an export of an inbound, or join the one already running for it if the backend lets the
   * caller read that inbound (its refusal comes back as is: UNAUTHORIZED, FORBIDDEN, NOT_FOUND).
   * At most EXPORT_JOBS_RUNNING_PER_USER of the caller's run at once; a join is never refused.
   */
  start: authedProcedure.input(inboundUidInputSchema).mutation(async ({ ctx, input }) => {
    const user = await ctx.services.reference.user(ctx.token);
    const max = ctx.services.config.EXPORT_JOBS_RUNNING_PER_USER;
    // Counted and started as one step, over every replica: a batch of starts would all pass the count.
    return ctx.services.userLock.run('exports', user.uid, () =>
      ctx.services.realtime.exports.start(input.uid, ctx.token, user.uid, max),
    );
  }),
  /**
   * The caller's running and recent jobs (started or joined; the newest 20 of the last 24 h), so a
   * reload or another tab finds them again. Only the caller's: jobs are listed per backend user.
   */
  list: authedProcedure.input(noInputSchema).query(async ({ ctx }) => {
    const user = await ctx.services.reference.user(ctx.token);
    return { jobs: await ctx.services.realtime.exports.list(user.uid) };
  }),
  /**
   * Progress of an export job until it is done (with its download path) or failed (with a reason),
   * for the users who started or joined it; to anyone else the job does not exist.
   */
  progress: authedProcedure.input(jobIdSchema).subscription(async function* ({ ctx, input, signal }) {
    const exports = ctx.services.realtime.exports;
    const user = await ctx.services.reference.user(ctx.token);
    if (!(await exports.ownedBy(user.uid, input.jobId)))
      throw new TRPCError({ code: 'NOT_FOUND', message: 'No such export job' });
    // Each message is the job's whole state: a resume gets the current one, numbered after the last
    // it had, so no id is used twice.
    let seq = resumedSeq(input.jobId, input.lastEventId);
    for await (const state of exports.watch(input.jobId, signal!)) {
      seq += 1;
      yield tracked(`${input.jobId}:${seq}`, state);
    }
  }),
};
