import { z } from 'zod';
import { type OrdersFilter, ordersFilterSchema } from './filters/orders-filter.js';
import type { LimitName } from './limits.js';
import { hasControlCharacters } from './rules/control-characters.js';

/** A saved view's name is shown in a menu button: longer names are refused, not cut. */
export const VIEW_NAME_MAX = 40;
/**
 * Bytes a saved view's search and filter may take together, as JSON (`viewBytes`). Every colleague's
 * console lists each shared view and reads the list again whenever a view changes, so a view stays
 * small. The console's largest realistic filter (every facet with a dozen values, ids of 36
 * characters, a 200-character reference) takes about 5 KB; every status and courier at once, 7.3 KB.
 */
export const VIEW_MAX_BYTES = 16_384;

/** A view's search and filter as saved: UTF-8 bytes of their JSON. */
export const viewBytes = (view: { search: string; filter: OrdersFilter }): number =>
  utf8Bytes(JSON.stringify({ search: view.search, filter: view.filter }));

// Counted by hand: contracts run in the browser and in Node and assume neither's globals.
function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code < 0xdc00 && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

const kilobytes = (bytes: number) => `${Math.round((bytes / 1024) * 10) / 10} KB`;

/** The console pages a view can open (the orders queue today). */
export const VIEW_PATHS = ['/realtime'] as const;

const viewIdSchema = z
  .string()
  .min(1, 'a view id is empty')
  .max(100, 'a view id has at most 100 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'a view id is letters, digits, "-" and "_"');

export const VIEW_NAME_CONTROL_MESSAGE =
  'A view name cannot hold control characters or marks that change the direction of the text.';

const viewNameSchema = z
  .string()
  .trim()
  .min(1, 'Give the view a name.')
  .max(VIEW_NAME_MAX, `A view name has at most ${VIEW_NAME_MAX} characters.`)
  // Colleagues see a shared view's name: the rule script token names follow.
  .refine((name) => !hasControlCharacters(name), VIEW_NAME_CONTROL_MESSAGE);

/**
 * Saves a view of the caller's: a new one, or (same id) a renamed or refiltered one of theirs. `search`
 * is the list's filter query (what opening the view navigates to), `filter` the filter it stands for
 * (what its live count counts), both together at most VIEW_MAX_BYTES. An id is chosen by the console,
 * so saving twice is one view.
 */
export const viewSaveInputSchema = z
  .strictObject({
    id: viewIdSchema,
    name: viewNameSchema,
    path: z.enum(VIEW_PATHS),
    search: z.string().max(4000, 'a view query has at most 4000 characters'),
    filter: ordersFilterSchema,
  })
  .superRefine((view, ctx) => {
    const bytes = viewBytes(view);
    if (bytes > VIEW_MAX_BYTES)
      ctx.addIssue({
        code: 'custom',
        path: ['filter'],
        params: { limit: 'VIEW_MAX_BYTES' satisfies LimitName },
        message: `A view's filters and search take at most ${kilobytes(VIEW_MAX_BYTES)} (VIEW_MAX_BYTES); these take ${kilobytes(bytes)}: pick fewer values.`,
      });
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
