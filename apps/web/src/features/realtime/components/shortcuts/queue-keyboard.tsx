import type { Order } from '@waybill/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { rowSelection } from '../bulk/selection.js';
import { ShortcutsDialog } from './shortcuts-dialog.js';
import { useQueueShortcuts } from './use-queue-shortcuts.js';

/** The orders screen's keyboard: j/k/Enter/c/x and the '?' dialog listing them. */
export function QueueKeyboard({
  rows,
  rowHeight,
  onComment,
}: {
  rows: readonly Order[];
  rowHeight: number;
  onComment: (order: Order) => void;
}) {
  const navigate = useNavigate();
  const [help, setHelp] = useState(false);
  useQueueShortcuts({
    rows,
    rowHeight,
    // Enter opens the order itself (the comment link opens the editor when there is no comment yet).
    onOpen: (order) => navigate(`/realtime/order?uid=${encodeURIComponent(order.uid)}&cached=true`),
    onComment,
    onToggle: (order) => rowSelection.toggle(order.uid),
    onHelp: () => setHelp(true),
  });
  return <ShortcutsDialog open={help} onClose={() => setHelp(false)} />;
}
