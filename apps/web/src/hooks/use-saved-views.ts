import { useCallback, useMemo, useSyncExternalStore } from 'react';
import {
  addView,
  deleteView,
  parseSavedViews,
  renameView,
  type SavedView,
  storageKey,
} from '../lib/saved-views.js';

const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab saving a view updates this one too.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function read(key: string | null): string | null {
  if (!key) return null;
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage blocked (private mode, policy): no saved views rather than a broken screen.
    return null;
  }
}

/** The signed-in user's saved views, and the calls that change them (stored in this browser). */
export function useSavedViews(userUid: string | null) {
  const key = userUid ? storageKey(userUid) : null;
  const raw = useSyncExternalStore(subscribe, () => read(key));
  const views = useMemo(() => parseSavedViews(raw), [raw]);

  const write = useCallback(
    (next: SavedView[]) => {
      if (!key) throw new Error('Sign in to save views.');
      window.localStorage.setItem(key, JSON.stringify(next));
      notify();
    },
    [key],
  );

  return {
    views,
    add: (name: string, path: string, search: string): SavedView => {
      const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
      const view = { id, name: name.trim(), path, search };
      write(addView(views, view));
      return view;
    },
    rename: (id: string, name: string) => write(renameView(views, id, name)),
    remove: (id: string) => write(deleteView(views, id)),
  };
}
