import { lazy, Suspense, useEffect, useState } from 'react';
import { dialogOverDetail, isPaletteKey } from '../../lib/keyboard.js';
import { currentOrderUid } from './current-order.js';
import { asksFirst, type ModalCommand, useRunOrderCommand } from './run-order-command.js';

// The dialog loads on first use: it keeps Radix Dialog out of the first screen's JavaScript.
const PaletteDialog = lazy(async () => ({ default: (await import('./palette-dialog.js')).PaletteDialog }));
const PaletteCommandModal = lazy(async () => ({
  default: (await import('./palette-command-modal.js')).PaletteCommandModal,
}));

/**
 * Ctrl+K (⌘K) on every screen: commands on the order open or focused, and jump to an order by
 * reference (every status), to a screen or to a saved view. A combobox over a listbox: arrows move,
 * Enter opens or runs, Esc closes.
 */
export function CommandPalette() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const [orderUid, setOrderUid] = useState<string | null>(null);
  const [asking, setAsking] = useState<{ uid: string; command: ModalCommand } | null>(null);
  const run = useRunOrderCommand();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isPaletteKey(event)) return;
      // Another dialog keeps the keyboard (an open detail does not); the palette's own Ctrl+K closes it.
      if (!open && dialogOverDetail()) return;
      event.preventDefault();
      setUsed(true);
      // Read before the palette takes the focus from the row.
      if (!open) setOrderUid(currentOrderUid());
      setOpen((o) => !o);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return used ? (
    <Suspense fallback={null}>
      <PaletteDialog
        open={open}
        onOpenChange={setOpen}
        orderUid={orderUid}
        onCommand={(uid, reference, command) =>
          asksFirst(command) ? setAsking({ uid, command }) : run(uid, reference, command)
        }
      />
      {asking ? (
        <PaletteCommandModal uid={asking.uid} command={asking.command} onClose={() => setAsking(null)} />
      ) : null}
    </Suspense>
  ) : null;
}
