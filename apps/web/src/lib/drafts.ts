/**
 * What a user typed and has not saved yet (comment texts, the date of an open date modal), kept in
 * the browser per user so a reload, a browser restart or a crash loses nothing. Pure functions over
 * a Storage and a clock, so the rules are tested without a browser.
 *
 * Bounds: nothing for a signed-out user (no user id), a draft older than DRAFT_MAX_AGE_MS is dropped,
 * at most DRAFT_MAX_PER_USER drafts per user (the oldest go), and no value over DRAFT_MAX_CHARS.
 */

/** The part of the Web Storage API the drafts use (localStorage in the browser). */
export interface DraftStorage {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const DRAFT_PREFIX = 'waybill.draft.v1:';
export const DRAFT_MAX_AGE_MS = 7 * 24 * 60 * 60_000;
export const DRAFT_MAX_PER_USER = 50;
/** Far above the longest comment (5,000 characters): a guard against filling the storage. */
export const DRAFT_MAX_CHARS = 20_000;

/** What a draft belongs to: a comment on an order, the bulk comment, the date of a status modal. */
export type DraftKind = 'comment' | 'bulk-comment' | 'date';

/** A stored draft of one kind: what it is for (`target`, e.g. an order uid), when it was typed, its value. */
export interface Draft<T> {
  target: string;
  at: number;
  value: T;
}

/** Checks a stored value's shape (storage is user-writable and outlives app versions). */
export type DraftParser<T> = (value: unknown) => T | null;

const userPrefix = (userId: string) => `${DRAFT_PREFIX}${encodeURIComponent(userId)}:`;
const kindPrefix = (userId: string, kind: DraftKind) => `${userPrefix(userId)}${kind}:`;

export function draftKey(userId: string, kind: DraftKind, target: string): string {
  return `${kindPrefix(userId, kind)}${encodeURIComponent(target)}`;
}

function parseEntry(text: string | null): { at: number; value: unknown } | null {
  if (text === null) return null;
  try {
    const entry: unknown = JSON.parse(text);
    if (!entry || typeof entry !== 'object') return null;
    const { at, value } = entry as { at?: unknown; value?: unknown };
    return typeof at === 'number' && Number.isFinite(at) ? { at, value } : null;
  } catch {
    return null;
  }
}

const expired = (at: number, now: number) => now - at > DRAFT_MAX_AGE_MS;

/** The user's draft for `target`, or null (none, signed out, expired or unreadable; those go). */
export function readDraft<T>(
  storage: DraftStorage,
  userId: string | null,
  kind: DraftKind,
  target: string,
  now: number,
  parse: DraftParser<T>,
): T | null {
  if (!userId) return null;
  const key = draftKey(userId, kind, target);
  const entry = parseEntry(storage.getItem(key));
  const value = entry && !expired(entry.at, now) ? parse(entry.value) : null;
  if (value === null && storage.getItem(key) !== null) storage.removeItem(key);
  return value;
}

/**
 * Keeps `value` as the user's draft for `target`. Returns whether it is stored: never for a signed-out
 * user or an oversized value; a full storage gets room by dropping the oldest drafts, once. (The
 * count per user is held by `pruneDrafts` at page load, not here: this runs at every keystroke.)
 */
export function writeDraft(
  storage: DraftStorage,
  userId: string | null,
  kind: DraftKind,
  target: string,
  value: unknown,
  now: number,
): boolean {
  if (!userId) return false;
  const text = JSON.stringify({ at: now, value });
  if (text.length > DRAFT_MAX_CHARS) return false;
  const key = draftKey(userId, kind, target);
  try {
    storage.setItem(key, text);
  } catch {
    pruneDrafts(storage, now);
    dropOldestHalf(storage, userId);
    try {
      storage.setItem(key, text);
    } catch {
      return false;
    }
  }
  return true;
}

export function clearDraft(
  storage: DraftStorage,
  userId: string | null,
  kind: DraftKind,
  target: string,
): void {
  if (userId) storage.removeItem(draftKey(userId, kind, target));
}

/** The user's readable drafts of one kind, newest first. */
export function listDrafts<T>(
  storage: DraftStorage,
  userId: string | null,
  kind: DraftKind,
  now: number,
  parse: DraftParser<T>,
): Draft<T>[] {
  if (!userId) return [];
  const prefix = kindPrefix(userId, kind);
  const found: Draft<T>[] = [];
  for (const key of storageKeys(storage)) {
    if (!key.startsWith(prefix)) continue;
    const entry = parseEntry(storage.getItem(key));
    const value = entry && !expired(entry.at, now) ? parse(entry.value) : null;
    if (entry && value !== null)
      found.push({ target: decodeURIComponent(key.slice(prefix.length)), at: entry.at, value });
  }
  return found.sort((a, b) => b.at - a.at);
}

function storageKeys(storage: DraftStorage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key !== null) keys.push(key);
  }
  return keys;
}

/** Room in a full storage: the older half of the user's drafts go (at least one). */
function dropOldestHalf(storage: DraftStorage, userId: string): void {
  const prefix = userPrefix(userId);
  const own = storageKeys(storage)
    .filter((key) => key.startsWith(prefix))
    .map((key) => ({ key, at: parseEntry(storage.getItem(key))?.at ?? 0 }))
    .sort((a, b) => a.at - b.at);
  for (const { key } of own.slice(0, Math.max(1, Math.ceil(own.length / 2)))) storage.removeItem(key);
}

/**
 * Drops expired and unreadable drafts of every user, and each user's oldest beyond `perUser`.
 * Returns how many went. Other keys in the storage are left alone.
 */
export function pruneDrafts(storage: DraftStorage, now: number, perUser = DRAFT_MAX_PER_USER): number {
  const byUser = new Map<string, { key: string; at: number }[]>();
  const drop: string[] = [];
  for (const key of storageKeys(storage)) {
    if (!key.startsWith(DRAFT_PREFIX)) continue;
    const entry = parseEntry(storage.getItem(key));
    if (!entry || expired(entry.at, now)) {
      drop.push(key);
      continue;
    }
    const user = key.slice(DRAFT_PREFIX.length).split(':')[0] ?? '';
    const list = byUser.get(user) ?? [];
    list.push({ key, at: entry.at });
    byUser.set(user, list);
  }
  for (const list of byUser.values())
    if (list.length > perUser)
      drop.push(
        ...list
          .sort((a, b) => b.at - a.at)
          .slice(perUser)
          .map((e) => e.key),
      );
  for (const key of drop) storage.removeItem(key);
  return drop.length;
}

/** A comment draft: its text. */
export const asText: DraftParser<string> = (value) =>
  typeof value === 'string' && value.trim().length > 0 ? value : null;

/** The typed parts of a date modal and which status change it was for. */
export interface DateDraft {
  kind: string;
  day: string;
  month: string;
  year: string;
}

const DIGITS = { day: 2, month: 2, year: 4 } as const;

export const asDateDraft: DraftParser<DateDraft> = (value) => {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (typeof v.kind !== 'string' || v.kind.length === 0 || v.kind.length > 100) return null;
  for (const field of ['day', 'month', 'year'] as const) {
    const part = v[field];
    if (typeof part !== 'string' || !/^\d*$/.test(part) || part.length > DIGITS[field]) return null;
  }
  return { kind: v.kind, day: v.day as string, month: v.month as string, year: v.year as string };
};

/** The page's localStorage, or null where the browser refuses it (storage disabled). */
export function browserDraftStorage(): DraftStorage | null {
  try {
    const storage = window.localStorage;
    const probe = `${DRAFT_PREFIX}probe`;
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return storage;
  } catch {
    return null;
  }
}

/** Where a date modal was open; its owner opens it again after a reload (bulk ones only keep the date). */
export type DateModalPlace = 'order-row' | 'order-detail' | 'inbound-row' | 'bulk';

/** The draft target of a date modal open at `place` on `id` (an order or inbound uid, a bulk action). */
export const dateDraftTarget = (place: DateModalPlace, id: string) => `${place}:${id}`;

/** The date modals that were open at `place`, newest first: the id each was open on, and its draft. */
export function dateModalsAt(
  drafts: readonly Draft<DateDraft>[],
  place: DateModalPlace,
): { id: string; draft: DateDraft }[] {
  const prefix = `${place}:`;
  return drafts
    .filter((d) => d.target.startsWith(prefix))
    .map((d) => ({ id: d.target.slice(prefix.length), draft: d.value }));
}
