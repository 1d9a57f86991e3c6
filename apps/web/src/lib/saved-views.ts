import { z } from 'zod';

/**
 * Saved views: named filter states of a list, kept per user in this browser (localStorage). A view is
 * the list's path and the filter part of its URL query, so opening or sharing it is just that URL.
 */
export interface SavedView {
  id: string;
  name: string;
  path: string;
  /** The filter query without '?', e.g. "status=in_transit&q=123"; "" is the default view. */
  search: string;
}

export const VIEW_NAME_MAX = 40;
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

/** Why `name` cannot name a view (empty, too long, taken by another view), or null. */
export function viewNameProblem(name: string, views: readonly SavedView[], exceptId?: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) return 'Give the view a name.';
  if (trimmed.length > VIEW_NAME_MAX) return `A name has at most ${VIEW_NAME_MAX} characters.`;
  if (views.some((v) => v.id !== exceptId && sameName(v.name, trimmed)))
    return `A view named "${trimmed}" already exists.`;
  return null;
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

/** Adds a view; throws with the name problem (the form shows it before it gets here). */
export function addView(
  views: readonly SavedView[],
  view: Omit<SavedView, 'name'> & { name: string },
): SavedView[] {
  const problem = viewNameProblem(view.name, views);
  if (problem) throw new Error(problem);
  if (views.length >= SAVED_VIEWS_MAX) throw new Error(`At most ${SAVED_VIEWS_MAX} saved views.`);
  return [...views, { ...view, name: view.name.trim() }];
}

export function renameView(views: readonly SavedView[], id: string, name: string): SavedView[] {
  const problem = viewNameProblem(name, views, id);
  if (problem) throw new Error(problem);
  return views.map((v) => (v.id === id ? { ...v, name: name.trim() } : v));
}

export function deleteView(views: readonly SavedView[], id: string): SavedView[] {
  return views.filter((v) => v.id !== id);
}
