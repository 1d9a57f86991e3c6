import { useEffect, useRef } from 'react';
import { detailKeyBlocked, singleKeyBlocked } from '../../lib/keyboard.js';
import type { HoldActions } from './holds-context.js';

const ROW_SELECTOR = 'tr[data-testid="order-row"]';

/** `t` on a list's focused order row takes it (Release is the menu's: a key press should not undo). */
export function useRowTakeKey(actions: HoldActions): void {
  const ref = useRef(actions);
  ref.current = actions;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 't' || singleKeyBlocked(event)) return;
      const uid = document.activeElement?.closest<HTMLElement>(ROW_SELECTOR)?.dataset.uid;
      if (!uid) return;
      event.preventDefault();
      ref.current.take(uid);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}

/** `t` in an open order's detail takes it (the detail's key rule: not while typing or under a dialog). */
export function useDetailTakeKey(orderUid: string | null, take: (orderUid: string) => void): void {
  const ref = useRef({ orderUid, take });
  ref.current = { orderUid, take };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 't' || !ref.current.orderUid || detailKeyBlocked(event)) return;
      event.preventDefault();
      ref.current.take(ref.current.orderUid);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
