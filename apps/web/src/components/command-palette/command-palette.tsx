import { lazy, Suspense, useEffect, useState } from 'react';
import { isPaletteKey, modalOpen } from '../../lib/keyboard.js';

// The dialog loads on first use: it keeps Radix Dialog out of the first screen's JavaScript.
const PaletteDialog = lazy(async () => ({ default: (await import('./palette-dialog.js')).PaletteDialog }));

/**
 * Ctrl+K (⌘K) on every screen: jump to an order by reference (every status), to a screen or to a
 * saved view. A combobox over a listbox: arrows move, Enter opens, Esc closes.
 */
export function CommandPalette() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isPaletteKey(event)) return;
      // Another dialog keeps the keyboard; the palette's own Ctrl+K closes it.
      if (!open && modalOpen()) return;
      event.preventDefault();
      setUsed(true);
      setOpen((o) => !o);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return used ? (
    <Suspense fallback={null}>
      <PaletteDialog open={open} onOpenChange={setOpen} />
    </Suspense>
  ) : null;
}
