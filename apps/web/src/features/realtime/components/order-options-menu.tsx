import * as Menu from '@radix-ui/react-dropdown-menu';
import { type FulfillmentCenter, type Order, orderRowActions, statusAction } from '@waybill/contracts';
import {
  Ban,
  CircleHelp,
  EllipsisVertical,
  Hand,
  MessageSquarePlus,
  PackageCheck,
  Printer,
  Truck,
  Undo2,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useHold, useHoldActions } from '../../../components/holds/index.js';
import { MenuPortal } from '../../../components/index.js';
import styles from './order-options-menu.module.css';

export type OrderAction =
  | 'addComment'
  | 'markInTransit'
  | 'markDelivered'
  | 'markReceivedBySender'
  | 'markLost'
  | 'cancel'
  | 'reissueAwb';

const ITEMS: readonly { action: OrderAction; label: string; icon: ReactNode }[] = [
  { action: 'addComment', label: 'Add comment', icon: <MessageSquarePlus size={14} aria-hidden /> },
  {
    action: 'markInTransit',
    label: statusAction('markInTransit').menuLabel,
    icon: <Truck size={14} aria-hidden />,
  },
  {
    action: 'markDelivered',
    label: statusAction('markDelivered').menuLabel,
    icon: <PackageCheck size={14} aria-hidden />,
  },
  {
    action: 'markReceivedBySender',
    label: statusAction('markReceivedBySender').menuLabel,
    icon: <Undo2 size={14} aria-hidden />,
  },
  {
    action: 'markLost',
    label: statusAction('markLost').menuLabel,
    icon: <CircleHelp size={14} aria-hidden />,
  },
  { action: 'cancel', label: statusAction('cancel').menuLabel, icon: <Ban size={14} aria-hidden /> },
  { action: 'reissueAwb', label: 'Reissue AWB', icon: <Printer size={14} aria-hidden /> },
];

export interface OrderOptionsMenuProps {
  order: Order;
  warehouse: FulfillmentCenter | null;
  onAction: (action: OrderAction, order: Order) => void;
}

/** 'Order Options': only the actions the order's status allows (contracts' `orderRowActions`). */
export function OrderOptionsMenu({ order, warehouse, onAction }: OrderOptionsMenuProps) {
  const allowed = orderRowActions(order, warehouse);
  const hold = useHold(order.uid);
  const holds = useHoldActions();
  const mine = hold !== null && hold.holder.uid === holds.myUid;
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger className={styles.trigger} aria-label="Order Options" title="Order Options">
        <EllipsisVertical size={16} aria-hidden />
      </Menu.Trigger>
      <MenuPortal>
        <Menu.Content className={styles.content} align="end" sideOffset={4} aria-label="Order Options">
          <Menu.Label className={styles.label}>Order Options</Menu.Label>
          <Menu.Item
            className={styles.item}
            onSelect={() => (mine ? holds.release(order.uid) : holds.take(order.uid))}
          >
            <Hand size={14} aria-hidden />
            <span className={styles.text}>{mine ? 'Release' : 'Take'}</span>
          </Menu.Item>
          {ITEMS.filter((item) => allowed[item.action]).map((item) => (
            <Menu.Item
              key={item.action}
              className={styles.item}
              onSelect={() => onAction(item.action, order)}
            >
              {item.icon}
              <span className={styles.text}>{item.label}</span>
              {item.action === 'addComment' ? (
                <span className={styles.counter}>
                  {order.comments.count_}
                  <span className="visually-hidden"> comments</span>
                </span>
              ) : null}
            </Menu.Item>
          ))}
        </Menu.Content>
      </MenuPortal>
    </Menu.Root>
  );
}
