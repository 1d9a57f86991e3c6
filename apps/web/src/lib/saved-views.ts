import {
  firstCharacters,
  hasControlCharacters,
  type LimitName,
  type OrdersFilter,
  textLength,
  VIEW_MAX_BYTES,
  VIEW_NAME_CONTROL_MESSAGE,
  VIEW_NAME_MAX,
  type ViewSaveInput,
  viewBytes,
} from '@waybill/contracts';
import { z } from 'zod';
import { errorCode, errorLimit, errorMessage } from './errors.js';

export { VIEW_NAME_MAX };

/**
 * Saved views: named filter states of a list, kept per user at the gateway (`views.*`). A view is the
 * list's path and the filter part of its URL query, so opening or sharing it is just that URL. This
 * browser's localStorage held them before: `readLocalViews` finds those once, to move them.
 */
export interface SavedView {
  id: string;
  name: string;
  path: string;
  /** The filter query without '?', e.g. "status=in_transit&q=123"; "" is the default view. */
  search: string;
}

export const SAVED_VIEWS_MAX = 50;
const STORAGE_PREFIX = 'waybill.savedViews.v1.';

export const storageKey = (userUid: string) => `${STORAGE_PREFIX}${userUid}`;

const viewSchema = z.object({
  id: z.string().min(1).max(100),
  name: z.string().trim().min(1).max(VIEW_NAME_MAX),
  path: z.string().regex(/^\/[a-z/-]*$/, 'a console path'),
  search: z.string().max(4000),
});

/**
 * The stored views, whatever is stored: bad JSON, a non-array or a malformed entry never throws;
 * bad entries are dropped, as are repeated ids and names.
 */
export function parseSavedViews(raw: string | null): SavedView[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const views: SavedView[] = [];
  for (const item of data.slice(0, SAVED_VIEWS_MAX)) {
    const parsed = viewSchema.safeParse(item);
    if (!parsed.success) continue;
    const view = parsed.data;
    if (views.some((v) => v.id === view.id || sameName(v.name, view.name))) continue;
    views.push({ id: view.id, name: view.name, path: view.path, search: view.search.replace(/^\?/, '') });
  }
  return views;
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Why `name` cannot name a view (empty, too long, holding control characters, taken), or null. */
export function viewNameProblem(
  name: string,
  views: ReadonlyArray<Pick<SavedView, 'id' | 'name'>>,
  exceptId?: string,
): string | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) return 'Give the view a name.';
  // Counted as zod counts the gateway's rule: in code points, an emoji is one character.
  if (textLength(trimmed) > VIEW_NAME_MAX) return `A name has at most ${VIEW_NAME_MAX} characters.`;
  if (hasControlCharacters(trimmed)) return VIEW_NAME_CONTROL_MESSAGE;
  if (views.some((v) => v.id !== exceptId && sameName(v.name, trimmed)))
    return `A view named "${trimmed}" already exists.`;
  return null;
}

const TOO_LARGE = `These filters are too large to save as a view (at most ${VIEW_MAX_BYTES / 1024} KB): pick fewer values.`;

/** Why the filters cannot be kept as a view (over VIEW_MAX_BYTES), or null. */
export function viewSizeProblem(view: { search: string; filter: OrdersFilter }): string | null {
  return viewBytes(view) > VIEW_MAX_BYTES ? TOO_LARGE : null;
}

/** The query's parameters a list's filter owns, in a stable order (others, like `state`, are left out). */
export function filterSearch(search: string, owned: readonly string[]): string {
  const query = new URLSearchParams(search);
  const out = new URLSearchParams();
  for (const key of owned) {
    const value = query.get(key);
    if (value !== null) out.set(key, value);
  }
  return out.toString();
}

export function viewHref(view: Pick<SavedView, 'path' | 'search'>): string {
  return view.search ? `${view.path}?${view.search}` : view.path;
}

export const newViewId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** The views this browser kept for the user before they moved to the gateway; never throws. */
export function readLocalViews(userUid: string): SavedView[] {
  try {
    return parseSavedViews(window.localStorage.getItem(storageKey(userUid)));
  } catch {
    // Storage blocked (private mode, policy): nothing to move.
    return [];
  }
}

/** Keeps `views` (the ones not moved yet) in this browser, or clears the key when none are left. */
export function writeLocalViews(userUid: string, views: readonly SavedView[]): void {
  try {
    if (views.length === 0) window.localStorage.removeItem(storageKey(userUid));
    else window.localStorage.setItem(storageKey(userUid), JSON.stringify(views));
  } catch {
    // Blocked storage holds nothing to clear.
  }
}

/**
 * What moving this browser's views to the gateway saves: each view under its own id (saving it twice
 * is one view), with the filter its query stands for; a name the gateway list already has for
 * another view gets " (this browser)" so neither is lost.
 */
export function migrationPlan(
  local: readonly SavedView[],
  remote: ReadonlyArray<{ id: string; name: string; mine: boolean }>,
  toFilter: (search: string) => OrdersFilter,
): Array<{ view: SavedView; input: ViewSaveInput }> {
  const own = remote.filter((v) => v.mine);
  return local
    .filter((view) => view.path === '/realtime' && !own.some((v) => v.id === view.id))
    .map((view) => {
      const taken = viewNameProblem(view.name, own) !== null;
      const name = taken
        ? `${firstCharacters(view.name, VIEW_NAME_MAX - 15).trim()} (this browser)`
        : view.name;
      return {
        view,
        input: {
          id: view.id,
          name,
          path: '/realtime' as const,
          search: view.search,
          filter: toFilter(view.search),
        },
      };
    });
}

/** The console's words for each limit a save, share or removal of a view can meet. */
const VIEW_LIMIT_TEXT: Partial<Record<LimitName, string>> = {
  VIEWS_MAX_PER_USER: 'You have as many saved views as allowed: delete one first.',
  VIEWS_SHARED_MAX_PER_USER: 'You share as many views as allowed: stop sharing one first.',
  VIEWS_RATE_MAX: 'You changed saved views many times in a short while: try again in a few minutes.',
  VIEW_MAX_BYTES: TOO_LARGE,
};

/** The console's words for a failed save, share or removal of a view. */
export function viewErrorText(error: unknown, fallback: string): string {
  const limit = errorLimit(error);
  const limited = limit && VIEW_LIMIT_TEXT[limit];
  if (limited) return limited;
  switch (errorCode(error)) {
    case 'CONFLICT':
      return 'You have a view with this name already: pick another name.';
    case 'NOT_FOUND':
      return 'That view is no longer there: the list is refreshed.';
    default:
      return errorMessage(error, fallback);
  }
}
