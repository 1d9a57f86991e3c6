import { TRPCError, tracked } from '@trpc/server';
import {
  noInputSchema,
  type SavedTeamView,
  viewKey,
  viewRemoveInputSchema,
  viewSaveInputSchema,
  viewShareInputSchema,
} from '@waybill/contracts';
import { z } from 'zod';
import { changes } from '../presence/changes.js';
import { hashOf } from '../presence/identity.js';
import { limitRefusal } from '../security/limit-reached.js';
import { authedProcedure, router } from '../trpc.js';
import { readListedViews, toTeamView } from '../views/listed-views.js';
import type { CountHandle } from '../views/view-counter.js';
import { ViewLimitError } from '../views/view-store.js';

const countsInputSchema = z.strictObject({ lastEventId: z.string().max(100).nullish() }).optional();

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

const notYours = (id: string) =>
  new TRPCError({
    code: 'NOT_FOUND',
    message: `You have no saved view "${id}" (a colleague's view is read-only: copy it)`,
  });

/**
 * Saved views, per user at the gateway: a user's own views, and the ones colleagues share with the
 * team (listed to everyone, changed only by their owner). `counts` pushes each listed view's orders.
 * `listing`, in `list` and every `counts` message, is a short token of the listed views: a colleague's
 * rename or refilter keeps the view's key (and often its count), so the console compares it to see
 * that the list it shows is out of date. Each change is counted against VIEWS_RATE_MAX, since it
 * makes every watching console read its list again.
 */
export const viewsRouter = router({
  list: authedProcedure.input(noInputSchema).query(async ({ ctx, signal }) => {
    const { collaboration, views } = ctx.services;
    const person = await collaboration.identity.of(ctx.token, signal);
    const listed = await readListedViews(views.store, person.uid);
    return { views: listed.views, listing: listed.listing };
  }),
  /** Creates, or (same id) renames and refilters, one of the caller's views. */
  save: authedProcedure.input(viewSaveInputSchema).mutation(async ({ ctx, input, signal }) => {
    const { collaboration, views } = ctx.services;
    const person = await collaboration.identity.of(ctx.token, signal);
    await views.rate.count(person.uid);
    // One at a time with shares: a save writes back the `shared` it read.
    const view = await ctx.services.userLock.run('views', person.uid, async () => {
      const own = await views.store.ofOwner(person.uid);
      if (own.some((v) => v.id !== input.id && sameName(v.name, input.name)))
        throw new TRPCError({ code: 'CONFLICT', message: `A view named "${input.name}" already exists.` });
      const existing = own.find((v) => v.id === input.id);
      const next = {
        ...input,
        ownerUid: person.uid,
        ownerName: person.name,
        shared: existing?.shared ?? false,
        createdAt: existing?.createdAt ?? Date.now(),
      };
      try {
        await views.store.put(next, views.maxPerUser);
      } catch (error) {
        if (error instanceof ViewLimitError)
          throw limitRefusal('TOO_MANY_REQUESTS', 'VIEWS_MAX_PER_USER', error.message);
        throw error;
      }
      return next;
    });
    return { view: toTeamView(view, person.uid) };
  }),
  remove: authedProcedure.input(viewRemoveInputSchema).mutation(async ({ ctx, input, signal }) => {
    const { collaboration, views } = ctx.services;
    const person = await collaboration.identity.of(ctx.token, signal);
    await views.rate.count(person.uid);
    if (!(await views.store.remove(person.uid, input.id))) throw notYours(input.id);
    return { ok: true as const };
  }),
  /**
   * Shares one of the caller's views with the team, or stops sharing it: at most
   * VIEWS_SHARED_MAX_PER_USER shared at once, since every colleague's console counts each one live.
   */
  share: authedProcedure.input(viewShareInputSchema).mutation(async ({ ctx, input, signal }) => {
    const { collaboration, views } = ctx.services;
    const person = await collaboration.identity.of(ctx.token, signal);
    await views.rate.count(person.uid);
    // Counted and written as one step, over every replica: a batch of shares would all pass the count.
    const next = await ctx.services.userLock.run('views', person.uid, async () => {
      const own = await views.store.ofOwner(person.uid);
      const view = own.find((v) => v.id === input.id);
      if (!view) throw notYours(input.id);
      const sharing = own.filter((v) => v.shared).length;
      if (input.shared && !view.shared && sharing >= views.maxSharedPerUser)
        throw limitRefusal(
          'PRECONDITION_FAILED',
          'VIEWS_SHARED_MAX_PER_USER',
          `You share ${sharing} views already (at most ${views.maxSharedPerUser}, VIEWS_SHARED_MAX_PER_USER): stop sharing one first`,
        );
      const shared = { ...view, shared: input.shared, ownerName: person.name };
      await views.store.put(shared, views.maxPerUser);
      return shared;
    });
    return { view: toTeamView(next, person.uid) };
  }),
  /**
   * The orders each listed view holds, by `viewKey`, counted with the caller's token: the whole map
   * now, and again whenever a count changes or a view is saved, shared or removed anywhere. `listing`
   * is `views.list`'s: a rename changes no count, and still reaches every colleague listing the view.
   */
  counts: authedProcedure.input(countsInputSchema).subscription(async function* ({ ctx, input, signal }) {
    const { collaboration, views } = ctx.services;
    const person = await collaboration.identity.of(ctx.token, signal);
    let wake = () => {};
    let relist = true;
    const subscribe = (wakeUp: () => void) => {
      wake = wakeUp;
      return views.store.onUpdate(() => {
        relist = true;
        wakeUp();
      });
    };
    // The listed views are read once per change for all of this user's subscriptions (and the
    // shared ones once for everybody's): this one only keeps its count handles in step.
    /** One handle per distinct filter of the listed views, by the filter's JSON. */
    const handles = new Map<string, CountHandle>();
    let listed: SavedTeamView[] = [];
    let filterKeys: string[] = [];
    let listing = '';
    let last = input?.lastEventId ?? '';
    try {
      for await (const _ of changes(subscribe, signal, 0)) {
        if (relist) {
          relist = false;
          ({ views: listed, filterKeys, listing } = await views.listed.of(person.uid));
          const wanted = new Set(filterKeys);
          for (const [key, handle] of handles)
            if (!wanted.has(key)) {
              handle.release();
              handles.delete(key);
            }
          listed.forEach((view, i) => {
            const key = filterKeys[i]!;
            if (!handles.has(key))
              handles.set(
                key,
                views.counter.watch(person.uid, ctx.token, view.filter, () => wake()),
              );
          });
        }
        const counts = Object.fromEntries(
          listed.map((v, i) => [viewKey(v), handles.get(filterKeys[i]!)?.count() ?? null]),
        );
        const id = hashOf(JSON.stringify({ counts, listing })).slice(0, 16);
        if (id === last) continue;
        last = id;
        yield tracked(id, { counts, listing });
      }
    } finally {
      for (const handle of handles.values()) handle.release();
    }
  }),
});
