import { createContext, type ReactNode, useContext, useMemo } from 'react';
import {
  browserDraftStorage,
  clearDraft,
  type DraftKind,
  type DraftParser,
  draftKey,
  listDrafts,
  pruneDrafts,
  readDraft,
  writeDraft,
} from '../lib/drafts.js';

let pruned = false;

/** The browser's drafts, pruned once per page load (expired ones, the oldest past the cap). */
function storage() {
  const found = browserDraftStorage();
  if (found && !pruned) {
    pruned = true;
    pruneDrafts(found, Date.now());
  }
  return found;
}

/** Whose drafts the screens read and write: the signed-in user's id, null outside the signed-in area. */
const DraftUserContext = createContext<string | null>(null);

/** Set by the signed-in layout; everything outside it (sign-in, tests without it) keeps no drafts. */
export function DraftsProvider({ userId, children }: { userId: string | null; children: ReactNode }) {
  return <DraftUserContext.Provider value={userId}>{children}</DraftUserContext.Provider>;
}

export interface DraftStore {
  /** Drafts can be kept: a user is signed in and the browser allows storage. */
  available: boolean;
  read<T>(kind: DraftKind, target: string, parse: DraftParser<T>): T | null;
  write(kind: DraftKind, target: string, value: unknown): boolean;
  clear(kind: DraftKind, target: string): void;
  list<T>(kind: DraftKind, parse: DraftParser<T>): { target: string; at: number; value: T }[];
  /**
   * Calls `cleared` with the draft's last value when another tab of this browser clears it (saved
   * or discarded there); returns the unsubscribe.
   */
  onClearedElsewhere<T>(
    kind: DraftKind,
    target: string,
    parse: DraftParser<T>,
    cleared: (last: T | null) => void,
  ): () => void;
}

/** The value a storage event's old entry held (`{ at, value }` as writeDraft stores it), parsed. */
function previousValue<T>(text: string | null, parse: DraftParser<T>): T | null {
  try {
    const entry = text === null ? null : (JSON.parse(text) as { value?: unknown } | null);
    return entry && typeof entry === 'object' ? parse(entry.value) : null;
  } catch {
    return null;
  }
}

/** The signed-in user's drafts (lib/drafts.ts) in this browser; nothing is kept without a user. */
export function useDrafts(): DraftStore {
  const userId = useContext(DraftUserContext);
  return useMemo(() => {
    const store = userId ? storage() : null;
    return {
      available: store !== null,
      read: (kind, target, parse) =>
        store ? readDraft(store, userId, kind, target, Date.now(), parse) : null,
      write: (kind, target, value) =>
        store ? writeDraft(store, userId, kind, target, value, Date.now()) : false,
      clear: (kind, target) => {
        if (store) clearDraft(store, userId, kind, target);
      },
      list: (kind, parse) => (store ? listDrafts(store, userId, kind, Date.now(), parse) : []),
      onClearedElsewhere: (kind, target, parse, cleared) => {
        if (!store || !userId) return () => {};
        const key = draftKey(userId, kind, target);
        // The browser tells the other tabs, never the one that changed the storage.
        const listener = (event: StorageEvent) => {
          if (event.storageArea === store && event.key === key && event.newValue === null)
            cleared(previousValue(event.oldValue, parse));
        };
        window.addEventListener('storage', listener);
        return () => window.removeEventListener('storage', listener);
      },
    };
  }, [userId]);
}
