import { tracked } from '@trpc/server';
import { type PresenceSnapshot, presenceHereInputSchema } from '@waybill/contracts';
import { z } from 'zod';
import type { Context } from '../context.js';
import { changes } from '../presence/changes.js';
import { hashOf } from '../presence/identity.js';
import { probeWhileHeld } from '../presence/liveness.js';
import { PresenceLimitError } from '../presence/presence-hub.js';
import { socketOf } from '../realtime/wire-fanout.js';
import { limitRefusal } from '../security/limit-reached.js';
import { authedProcedure, router } from '../trpc.js';

/** A watcher's pushes are coalesced over this, so a burst of changes gives one message. */
const SETTLE_MS = 50;
/**
 * A watcher gets at most one push per this, the latest state: each change goes to every console,
 * so one user starting and stopping presence in a loop would otherwise send each of them ~10 a second.
 */
export const PRESENCE_PUSH_INTERVAL_MS = 500;

/** Who the caller is, for presence: never the session id itself (it would travel over Redis). */
async function caller(ctx: Context & { token: string }, signal?: AbortSignal) {
  const person = await ctx.services.collaboration.identity.of(ctx.token, signal);
  return { person, holder: hashOf(ctx.sessionId ?? ctx.token) };
}

// Presence is ephemeral and stays in the gateway: nothing of it is sent to the backend.
export const presenceRouter = router({
  /**
   * Announces that the caller has `orderUid` open (and is typing a comment, with `typing`) for as
   * long as the subscription lasts: stopping it, or the socket closing, removes it at once.
   * Yields `{ held: true }` once the announcement is in place. An order the backend does not let
   * the caller read (or that does not exist) is refused with NOT_FOUND and never announced.
   */
  here: authedProcedure.input(presenceHereInputSchema).subscription(async function* ({ ctx, input, signal }) {
    // Everyone watching sees the uid: only an order this user can open is announced.
    await ctx.services.collaboration.orderAccess.check(ctx.token, input.orderUid);
    const { person, holder } = await caller(ctx, signal);
    // Stopped while the order or the name was being looked up: announce nothing.
    if (signal?.aborted) return;
    let hold: { release(): void };
    try {
      hold = ctx.services.collaboration.presence.hold({
        holder,
        userUid: person.uid,
        name: person.name,
        orderUid: input.orderUid,
        typing: input.typing,
      });
    } catch (error) {
      if (error instanceof PresenceLimitError)
        throw limitRefusal('TOO_MANY_REQUESTS', error.limit, error.message);
      throw error;
    }
    // A half-open socket is found within the presence TTL, not at the next keep-alive.
    const socket = socketOf(ctx);
    const probe = socket ? probeWhileHeld(socket, ctx.services.config.PRESENCE_TTL_MS / 2) : null;
    try {
      yield { held: true as const };
      if (!signal?.aborted)
        await new Promise((resolve) => signal?.addEventListener('abort', resolve, { once: true }));
    } finally {
      hold.release();
      probe?.release();
    }
  }),
  /**
   * Every order other users have open, pushed whole on each change (the caller's own user left out).
   * Tracked by a hash of the map: a reconnect that already has the current one gets nothing until
   * the next change.
   */
  watch: authedProcedure
    .input(z.strictObject({ lastEventId: z.string().max(100).nullish() }).optional())
    .subscription(async function* ({ ctx, input, signal }) {
      const { person } = await caller(ctx, signal);
      const hub = ctx.services.collaboration.presence;
      let last = input?.lastEventId ?? '';
      for await (const _ of changes(
        (wake) => hub.onChange(wake),
        signal,
        SETTLE_MS,
        PRESENCE_PUSH_INTERVAL_MS,
      )) {
        const snapshot: PresenceSnapshot = hub.snapshot(person.uid);
        const id = hashOf(JSON.stringify(snapshot)).slice(0, 16);
        if (id === last) continue;
        last = id;
        yield tracked(id, snapshot);
      }
    }),
});
