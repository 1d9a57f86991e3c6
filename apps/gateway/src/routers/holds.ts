import { tracked } from '@trpc/server';
import { type Hold, noInputSchema } from '@waybill/contracts';
import { z } from 'zod';
import { changes } from '../presence/changes.js';
import { hashOf } from '../presence/identity.js';
import { authedProcedure, router } from '../trpc.js';

const liveInputSchema = z.strictObject({ lastEventId: z.string().max(100).nullish() }).optional();

/**
 * A burst of takes and releases (a bulk run's orders ending their holds, one person taking many)
 * is one push of the whole set after it settles, not one per hold to every console.
 */
const HOLDS_PUSH_SETTLE_MS = 300;

const sorted = (holds: Hold[]) => [...holds].sort((a, b) => a.orderUid.localeCompare(b.orderUid));

/**
 * Holds reach the lists as their own small subscription, merged into the rows by the console: a hold
 * changes no order, so the list cohorts (and the backend) are not touched by it.
 */
export const holdsRouter = router({
  list: authedProcedure
    .input(noInputSchema)
    .query(async ({ ctx }) => ({ holds: sorted(await ctx.services.team.holds.list()) })),
  /** Every current hold now and on each change (any replica); tracked by a hash of the set. */
  live: authedProcedure.input(liveInputSchema).subscription(async function* ({ ctx, input, signal }) {
    const { holds } = ctx.services.team;
    let last = input?.lastEventId ?? '';
    for await (const _ of changes((wake) => holds.onChange(wake), signal, HOLDS_PUSH_SETTLE_MS)) {
      const snapshot = { holds: sorted(await holds.list()) };
      const id = hashOf(JSON.stringify(snapshot)).slice(0, 16);
      if (id === last) continue;
      last = id;
      yield tracked(id, snapshot);
    }
  }),
});
