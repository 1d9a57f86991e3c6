import type { Order } from '@waybill/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { orderDetailHref } from '../../lib/order-row.js';
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
    onOpen: (order) => navigate(orderDetailHref(order.uid, { total: order.comments.count_, unread: 0 })),
    onComment,
    onToggle: (order) => rowSelection.toggle(order.uid),
    onHelp: () => setHelp(true),
  });
  return <ShortcutsDialog open={help} onClose={() => setHelp(false)} />;
}
