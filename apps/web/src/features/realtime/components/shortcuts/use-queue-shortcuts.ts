import type { Order } from '@waybill/contracts';
import { useEffect, useRef } from 'react';
import { singleKeyBlocked } from '../../../../lib/keyboard.js';

const ROW_SELECTOR = 'tr[data-testid="order-row"]';
/** Frames to wait for a row scrolled to in the virtual table to render. */
const MAX_FRAMES = 30;

export interface QueueShortcutHandlers {
  rows: readonly Order[];
  rowHeight: number;
  onOpen: (order: Order) => void;
  onComment: (order: Order) => void;
  onToggle: (order: Order) => void;
  onHelp: () => void;
}

const rowAt = (index: number) =>
  document.querySelector<HTMLElement>(`${ROW_SELECTOR}[data-index="${index}"]`);
const focusedRow = () => document.activeElement?.closest<HTMLElement>(ROW_SELECTOR) ?? null;

/** The bottom of the sticky table header: a row above it is hidden under it. */
function headerBottom(row: HTMLElement): number {
  return row.closest('table')?.querySelector('thead')?.getBoundingClientRect().bottom ?? 0;
}

/** Scrolls the window the least that shows the whole row below the sticky header. */
function reveal(row: HTMLElement): void {
  const box = row.getBoundingClientRect();
  const top = Math.max(0, headerBottom(row));
  if (box.top < top) window.scrollBy({ top: box.top - top - 8 });
  else if (box.bottom > window.innerHeight) window.scrollBy({ top: box.bottom - window.innerHeight + 8 });
}

/** The first row fully below the header, or the first row. */
function firstVisibleIndex(): number {
  for (const row of document.querySelectorAll<HTMLElement>(ROW_SELECTOR)) {
    if (row.getBoundingClientRect().top >= headerBottom(row)) return Number(row.dataset.index ?? 0);
  }
  return 0;
}

/**
 * Focuses row `index` of the virtual table: a row not rendered yet is scrolled to (from any rendered
 * row's position and the fixed row height) and focused once it renders.
 */
function focusIndex(index: number, rowHeight: number): () => void {
  let frame = 0;
  let tries = 0;
  const attempt = () => {
    const row = rowAt(index);
    if (row) {
      row.focus({ preventScroll: true });
      reveal(row);
      return;
    }
    const any = document.querySelector<HTMLElement>(ROW_SELECTOR);
    if (any && tries === 0) {
      const offset = (index - Number(any.dataset.index ?? 0)) * rowHeight;
      window.scrollBy({ top: any.getBoundingClientRect().top + offset - window.innerHeight / 2 });
    }
    if (++tries < MAX_FRAMES) frame = requestAnimationFrame(attempt);
  };
  attempt();
  return () => cancelAnimationFrame(frame);
}

/**
 * Keyboard-first queue: j/k move the focused row (a real focus, with the row's focus ring), Enter
 * opens it, c comments on it, x ticks it, ? lists the shortcuts. Never while typing or with a modal
 * open ('/' is the search box's own; Esc is the detail's).
 */
export function useQueueShortcuts(handlers: QueueShortcutHandlers): void {
  const ref = useRef(handlers);
  ref.current = handlers;

  // The row the focus was last on (or in): a live update that removes it leaves the focus on the
  // page's body, and the next j would start again from the top. The row now at its place takes it.
  const lastRow = useRef<{ uid: string; index: number } | null>(null);
  useEffect(() => {
    const onFocus = (event: FocusEvent) => {
      const row = (event.target as Element | null)?.closest?.<HTMLElement>(ROW_SELECTOR);
      lastRow.current = row?.dataset.uid ? { uid: row.dataset.uid, index: Number(row.dataset.index) } : null;
    };
    document.addEventListener('focusin', onFocus);
    return () => document.removeEventListener('focusin', onFocus);
  }, []);
  const { rows } = handlers;
  useEffect(() => {
    const last = lastRow.current;
    if (!last || rows.length === 0 || rows.some((o) => o.uid === last.uid)) return;
    if (document.activeElement && document.activeElement !== document.body) return;
    return focusIndex(Math.min(last.index, rows.length - 1), ref.current.rowHeight);
  }, [rows]);

  useEffect(() => {
    let cancel: (() => void) | null = null;
    const orderOf = (row: HTMLElement | null) =>
      row ? ref.current.rows.find((o) => o.uid === row.dataset.uid) : undefined;

    const onKey = (event: KeyboardEvent) => {
      if (singleKeyBlocked(event)) return;
      const { rows, rowHeight } = ref.current;
      if (event.key === '?') {
        event.preventDefault();
        ref.current.onHelp();
        return;
      }
      if (event.key === 'j' || event.key === 'k') {
        if (rows.length === 0) return;
        event.preventDefault();
        const current = focusedRow();
        const at = current ? Number(current.dataset.index) : Number.NaN;
        const next = Number.isNaN(at)
          ? firstVisibleIndex()
          : Math.min(rows.length - 1, Math.max(0, at + (event.key === 'j' ? 1 : -1)));
        cancel?.();
        cancel = focusIndex(next, rowHeight);
        return;
      }
      const row = focusedRow();
      const order = orderOf(row);
      if (!order) return;
      // Enter on a button inside the row is the button's.
      if (event.key === 'Enter' && event.target === row) {
        event.preventDefault();
        ref.current.onOpen(order);
      } else if (event.key === 'c') {
        event.preventDefault();
        ref.current.onComment(order);
      } else if (event.key === 'x') {
        event.preventDefault();
        ref.current.onToggle(order);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      cancel?.();
      document.removeEventListener('keydown', onKey);
    };
  }, []);
}
