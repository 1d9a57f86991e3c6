import type { Order } from '@waybill/contracts';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { rowSelection } from '../bulk/selection.js';
import { useQueueShortcuts } from './use-queue-shortcuts.js';

// Loads on first use, like the screen's other modals (Radix Dialog stays out of the first screen's JavaScript).
const ShortcutsDialog = lazy(async () => ({
  default: (await import('./shortcuts-dialog.js')).ShortcutsDialog,
}));

/** The orders screen's keyboard: j/k/Enter/c/x and the '?' dialog listing them. */
export function QueueKeyboard({
  rows,
  rowHeight,
  detailHref,
  onComment,
}: {
  rows: readonly Order[];
  rowHeight: number;
  /** The order detail's address for a row, as its comments link has it. */
  detailHref: (order: Order) => string;
  onComment: (order: Order) => void;
}) {
  const navigate = useNavigate();
  const [help, setHelp] = useState(false);
  useQueueShortcuts({
    rows,
    rowHeight,
    onOpen: (order) => navigate(detailHref(order)),
    onComment,
    onToggle: (order) => rowSelection.toggle(order.uid),
    onHelp: () => setHelp(true),
  });
  return help ? (
    <Suspense fallback={null}>
      <ShortcutsDialog open onClose={() => setHelp(false)} />
    </Suspense>
  ) : null;
}
