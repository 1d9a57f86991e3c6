import { z } from 'zod';
import { ordersFilterSchema } from './filters/orders-filter.js';

/** A saved view's name is shown in a menu button: longer names are refused, not cut. */
export const VIEW_NAME_MAX = 40;
/** The console pages a view can open (the orders queue today). */
export const VIEW_PATHS = ['/realtime'] as const;

const viewIdSchema = z
  .string()
  .min(1, 'a view id is empty')
  .max(100, 'a view id has at most 100 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'a view id is letters, digits, "-" and "_"');

const viewNameSchema = z
  .string()
  .trim()
  .min(1, 'Give the view a name.')
  .max(VIEW_NAME_MAX, `A view name has at most ${VIEW_NAME_MAX} characters.`);

/**
 * Saves a view of the caller's: a new one, or (same id) a renamed or refiltered one of theirs. `search`
 * is the list's filter query (what opening the view navigates to), `filter` the filter it stands for
 * (what its live count counts). An id is chosen by the console, so saving twice is one view.
 */
export const viewSaveInputSchema = z.strictObject({
  id: viewIdSchema,
  name: viewNameSchema,
  path: z.enum(VIEW_PATHS),
  search: z.string().max(4000, 'a view query has at most 4000 characters'),
  filter: ordersFilterSchema,
});
export type ViewSaveInput = z.infer<typeof viewSaveInputSchema>;

export const viewRemoveInputSchema = z.strictObject({ id: viewIdSchema });
export const viewShareInputSchema = z.strictObject({ id: viewIdSchema, shared: z.boolean() });

/** A view as `views.list` gives it: the caller's own, and the ones colleagues share (read-only). */
export const savedViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  path: z.enum(VIEW_PATHS),
  search: z.string(),
  filter: ordersFilterSchema,
  shared: z.boolean(),
  owner: z.object({ uid: z.string(), name: z.string() }),
  /** The caller owns it (may rename, delete, share); false for a colleague's shared view. */
  mine: z.boolean(),
});
export type SavedTeamView = z.infer<typeof savedViewSchema>;

/** Key of a view in `views.counts`: the owner's uid and the view's id (ids are unique per owner). */
export const viewKey = (view: { id: string; owner: { uid: string } }) => `${view.owner.uid}/${view.id}`;

/**
 * Each `views.counts` message: the orders each listed view holds, by `viewKey` (null: not read yet or
 * failed), and `listing`, the token `views.list` gives for the same views (it changes with any listed
 * view's name, filter or sharing: a list with another token is out of date).
 */
export const viewCountsSchema = z.object({
  counts: z.record(z.string(), z.number().int().nullable()),
  listing: z.string(),
});
export type ViewCounts = z.infer<typeof viewCountsSchema>;
