import { tracked } from '@trpc/server';
import {
  ACTIVITY_PAGE_SIZE,
  type ActivityEntry,
  activityForOrderInputSchema,
  activityListInputSchema,
  activityLiveInputSchema,
  activityMatches,
} from '@waybill/contracts';
import { authedProcedure, router } from '../trpc.js';

export type ActivityLiveMessage =
  | { kind: 'snapshot'; entries: ActivityEntry[]; nextCursor: string | null }
  | { kind: 'added'; entries: ActivityEntry[] };

export const activityRouter = router({
  /** The team's activity, newest first, filtered; a page of ACTIVITY_PAGE_SIZE with the cursor after it. */
  list: authedProcedure
    .input(activityListInputSchema)
    .query(({ ctx, input }) => ctx.services.team.activity.list(input)),
  /** One order's entries (its History names who did each through Waybill), newest first. */
  forOrder: authedProcedure.input(activityForOrderInputSchema).query(async ({ ctx, input }) => ({
    entries: await ctx.services.team.activity.forOrder(input.uid),
  })),
  /**
   * The filtered activity live: the newest page first (or, resuming with `lastEventId`, what came
   * after it), then each new matching entry as it is recorded on any replica.
   */
  live: authedProcedure.input(activityLiveInputSchema).subscription(async function* ({ ctx, input, signal }) {
    const { activity } = ctx.services.team;
    const queue: ActivityEntry[] = [];
    let wake: (() => void) | null = null;
    const stop = activity.onAppend((entries) => {
      const matching = entries.filter((e) => activityMatches(e, input));
      if (matching.length === 0) return;
      queue.push(...matching);
      wake?.();
    });
    const onAbort = () => wake?.();
    signal?.addEventListener('abort', onAbort);
    try {
      const first = await activity.list(input);
      let newest = input.lastEventId ?? null;
      if (newest) {
        const after = first.entries.filter((e) => e.id > (newest as string));
        if (after.length > 0)
          yield tracked(after[0]?.id as string, { kind: 'added', entries: after } as ActivityLiveMessage);
        newest = after[0]?.id ?? newest;
      } else {
        // tRPC refuses an empty event id; '0' sorts before every entry id.
        newest = first.entries[0]?.id ?? '0';
        yield tracked(newest, { kind: 'snapshot', ...first } as ActivityLiveMessage);
      }
      while (!signal?.aborted) {
        if (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
        const fresh = queue.splice(0).filter((e) => e.id > (newest as string));
        if (fresh.length === 0) continue;
        fresh.sort((a, b) => (a.id < b.id ? 1 : -1));
        newest = fresh[0]?.id as string;
        yield tracked(newest, {
          kind: 'added',
          entries: fresh.slice(0, ACTIVITY_PAGE_SIZE),
        } as ActivityLiveMessage);
      }
    } finally {
      stop();
      signal?.removeEventListener('abort', onAbort);
    }
  }),
});
