import { describe, expect, it } from 'vitest';
import {
  asDateDraft,
  asText,
  clearDraft,
  DRAFT_MAX_AGE_MS,
  DRAFT_MAX_CHARS,
  DRAFT_PREFIX,
  type DraftStorage,
  dateDraftTarget,
  dateModalsAt,
  draftKey,
  listDrafts,
  pruneDrafts,
  readDraft,
  writeDraft,
} from './drafts.js';

/** An in-memory Storage; `quota` makes setItem throw past that many entries, as a full browser storage does. */
function fakeStorage(quota = Number.POSITIVE_INFINITY): DraftStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => {
      if (!map.has(k) && map.size >= quota) throw new DOMException('full', 'QuotaExceededError');
      map.set(k, v);
    },
    removeItem: (k) => {
      map.delete(k);
    },
  };
}

const T0 = Date.UTC(2026, 0, 10, 9, 0);
const DAY = 24 * 60 * 60_000;

describe('draft store', () => {
  it('keeps a comment per user and order until cleared', () => {
    const storage = fakeStorage();
    expect(writeDraft(storage, 'u1', 'comment', 'ord-1', 'Courier will call', T0)).toBe(true);
    expect(readDraft(storage, 'u1', 'comment', 'ord-1', T0 + 1000, asText)).toBe('Courier will call');
    // Another order, another user, another kind: nothing.
    expect(readDraft(storage, 'u1', 'comment', 'ord-2', T0, asText)).toBeNull();
    expect(readDraft(storage, 'u2', 'comment', 'ord-1', T0, asText)).toBeNull();
    expect(readDraft(storage, 'u1', 'bulk-comment', 'ord-1', T0, asText)).toBeNull();
    clearDraft(storage, 'u1', 'comment', 'ord-1');
    expect(readDraft(storage, 'u1', 'comment', 'ord-1', T0, asText)).toBeNull();
  });

  it('stores and reads nothing for a signed-out user', () => {
    const storage = fakeStorage();
    expect(writeDraft(storage, null, 'comment', 'ord-1', 'text', T0)).toBe(false);
    expect(storage.map.size).toBe(0);
    expect(readDraft(storage, null, 'comment', 'ord-1', T0, asText)).toBeNull();
    expect(listDrafts(storage, null, 'comment', T0, asText)).toEqual([]);
  });

  it('drops a draft older than seven days when read, and lists only fresh ones', () => {
    const storage = fakeStorage();
    writeDraft(storage, 'u1', 'comment', 'old', 'typed long ago', T0);
    writeDraft(storage, 'u1', 'comment', 'new', 'typed today', T0 + 6 * DAY);
    const later = T0 + DRAFT_MAX_AGE_MS + 1;
    expect(listDrafts(storage, 'u1', 'comment', later, asText).map((d) => d.target)).toEqual(['new']);
    expect(readDraft(storage, 'u1', 'comment', 'old', later, asText)).toBeNull();
    expect(storage.map.has(draftKey('u1', 'comment', 'old'))).toBe(false);
    expect(readDraft(storage, 'u1', 'comment', 'new', later, asText)).toBe('typed today');
  });

  it('prunes expired and unreadable drafts and each user’s oldest beyond the cap, and nothing else', () => {
    const storage = fakeStorage();
    storage.setItem('waybill.time-mode', 'local');
    storage.setItem(`${DRAFT_PREFIX}u1:comment:broken`, '{not json');
    writeDraft(storage, 'u1', 'comment', 'expired', 'x', T0 - DRAFT_MAX_AGE_MS - 1);
    for (let i = 0; i < 4; i += 1) writeDraft(storage, 'u1', 'comment', `ord-${i}`, `text ${i}`, T0 + i);
    writeDraft(storage, 'u2', 'comment', 'ord-0', 'theirs', T0);
    expect(pruneDrafts(storage, T0 + 10, 2)).toBe(4);
    expect(listDrafts(storage, 'u1', 'comment', T0 + 10, asText).map((d) => d.target)).toEqual([
      'ord-3',
      'ord-2',
    ]);
    expect(readDraft(storage, 'u2', 'comment', 'ord-0', T0 + 10, asText)).toBe('theirs');
    expect(storage.getItem('waybill.time-mode')).toBe('local');
  });

  it('refuses oversized values and makes room once when the storage is full', () => {
    const storage = fakeStorage(2);
    expect(writeDraft(storage, 'u1', 'comment', 'huge', 'x'.repeat(DRAFT_MAX_CHARS), T0)).toBe(false);
    writeDraft(storage, 'u1', 'comment', 'a', 'first', T0);
    writeDraft(storage, 'u1', 'comment', 'b', 'second', T0 + 1);
    // Full: the oldest drafts go to make room for the new one.
    expect(writeDraft(storage, 'u1', 'comment', 'c', 'third', T0 + 2)).toBe(true);
    expect(readDraft(storage, 'u1', 'comment', 'c', T0 + 3, asText)).toBe('third');
    expect(readDraft(storage, 'u1', 'comment', 'a', T0 + 3, asText)).toBeNull();
  });

  it('reads back only well-formed values: user ids and targets with separators stay apart', () => {
    const storage = fakeStorage();
    writeDraft(
      storage,
      'a:b',
      'date',
      'order-row:ord-1',
      { kind: 'delivered', day: '05', month: '1', year: '' },
      T0,
    );
    expect(listDrafts(storage, 'a:b', 'date', T0, asDateDraft)).toEqual([
      { target: 'order-row:ord-1', at: T0, value: { kind: 'delivered', day: '05', month: '1', year: '' } },
    ]);
    expect(listDrafts(storage, 'a', 'date', T0, asDateDraft)).toEqual([]);
    expect(asDateDraft({ kind: 'delivered', day: 'ab', month: '', year: '' })).toBeNull();
    expect(asDateDraft({ kind: 'delivered', day: '123', month: '', year: '' })).toBeNull();
    expect(asDateDraft({ day: '01', month: '', year: '' })).toBeNull();
    expect(asText('   ')).toBeNull();
    expect(asText(42)).toBeNull();
  });

  it('finds the date modals that were open at one place, newest first', () => {
    const storage = fakeStorage();
    const date = (kind: string) => ({ kind, day: '01', month: '02', year: '2026' });
    writeDraft(storage, 'u1', 'date', dateDraftTarget('order-row', 'ord-1'), date('lost'), T0);
    writeDraft(storage, 'u1', 'date', dateDraftTarget('order-detail', 'ord-2'), date('delivered'), T0 + 1);
    writeDraft(storage, 'u1', 'date', dateDraftTarget('order-row', 'ord-3'), date('cancelled'), T0 + 2);
    const open = dateModalsAt(listDrafts(storage, 'u1', 'date', T0 + 3, asDateDraft), 'order-row');
    expect(open.map((m) => [m.id, m.draft.kind])).toEqual([
      ['ord-3', 'cancelled'],
      ['ord-1', 'lost'],
    ]);
  });
});
