import { rangeBetween } from '@waybill/contracts';
import { useSyncExternalStore } from 'react';
import styles from './bulk.module.css';

/**
 * Ticked rows of the orders table: one store for the one orders screen (rows, header box, bulk bar
 * and keyboard read it without a provider around the table). The bulk bar publishes the listed uids;
 * a ticked order that leaves the list is no longer ticked.
 */
interface State {
  listed: readonly string[];
  picked: ReadonlySet<string>;
  /** Ticked uids still listed, in list order. */
  ticked: readonly string[];
}

let state: State = { listed: [], picked: new Set(), ticked: [] };
let anchor: string | null = null;
const listeners = new Set<() => void>();

function update(listed: readonly string[], picked: ReadonlySet<string>): void {
  const ticked = listed.filter((u) => picked.has(u));
  state = { listed, picked: new Set(ticked), ticked };
  for (const l of listeners) l();
}

export const rowSelection = {
  /** The list's uids in order (the bulk bar keeps this current). */
  setListed(listed: readonly string[]): void {
    if (listed.length === state.listed.length && listed.every((u, i) => u === state.listed[i])) return;
    update(listed, state.picked);
  },
  /** Ticks or unticks one row; with `range` (Shift-click) every row from the one clicked last. */
  toggle(uid: string, range = false): void {
    const on = !state.picked.has(uid);
    const span = range ? rangeBetween(state.listed, anchor, uid) : [uid];
    const next = new Set(state.picked);
    for (const u of span) {
      if (on) next.add(u);
      else next.delete(u);
    }
    anchor = uid;
    update(state.listed, next);
  },
  /** Replaces the selection (after a bulk action: the failed ones). */
  set(uids: readonly string[]): void {
    update(state.listed, new Set(uids));
  },
  clear(): void {
    anchor = null;
    update(state.listed, new Set());
  },
  /** The current selection (tests). */
  snapshot(): State {
    return state;
  },
  /** Ticks every loaded row, or none when all are ticked. */
  toggleAll(): void {
    const all = state.listed.length > 0 && state.ticked.length === state.listed.length;
    update(state.listed, all ? new Set() : new Set(state.listed));
  },
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useRowSelection(): State {
  return useSyncExternalStore(subscribe, () => state);
}

function useTicked(uid: string): boolean {
  return useSyncExternalStore(subscribe, () => state.picked.has(uid));
}

/** The row's tick box; Shift-click ticks the range from the row clicked last. */
export function RowCheckbox({ uid, reference }: { uid: string; reference: string }) {
  const ticked = useTicked(uid);
  return (
    <label className={styles.tick}>
      <input
        type="checkbox"
        data-testid="row-tick"
        checked={ticked}
        // onClick sees Shift; onChange stays for React's controlled input.
        onClick={(event) => rowSelection.toggle(uid, event.shiftKey)}
        onChange={() => undefined}
      />
      <span className="visually-hidden">Select order {reference}</span>
    </label>
  );
}

/** The header's tick box: every loaded order, or none. */
export function SelectAllCheckbox() {
  const { listed, ticked } = useRowSelection();
  const all = listed.length > 0 && ticked.length === listed.length;
  const some = ticked.length > 0 && !all;
  return (
    <label className={styles.tick}>
      <input
        type="checkbox"
        data-testid="tick-all"
        checked={all}
        ref={(el) => {
          if (el) el.indeterminate = some;
        }}
        onChange={rowSelection.toggleAll}
        disabled={listed.length === 0}
      />
      <span className="visually-hidden">Select all loaded orders</span>
    </label>
  );
}
