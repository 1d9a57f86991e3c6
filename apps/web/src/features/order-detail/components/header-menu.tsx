import * as Menu from '@radix-ui/react-dropdown-menu';
import {
  type FulfillmentCenter,
  formatOrderReference,
  type OperatorOrderStatus,
  type Order,
  orderRowActions,
  orderStatusLabel,
  parseServerTime,
  STATUS_ACTIONS,
  type StatusAction,
} from '@waybill/contracts';
import { EllipsisVertical } from 'lucide-react';
import { useState } from 'react';
import { DateChangeModal } from '../../../components/date-change-modal/date-change-modal.js';
import { MenuPortal } from '../../../components/index.js';
import { useToast } from '../../../components/toast/toast.js';
import { useDrafts } from '../../../hooks/use-drafts.js';
import { expectedOf, type SaveOptions } from '../../../lib/conflict.js';
import { asDateDraft, dateDraftTarget } from '../../../lib/drafts.js';
import { trpc } from '../../../lib/trpc.js';
import styles from './order-detail.module.css';

export interface HeaderMenuProps {
  order: Order;
  warehouse: FulfillmentCenter | null;
  onAddComment: () => void;
  onChanged: () => void;
}

/**
 * The detail's actions: add a comment and the status changes the order allows (same rules as the row
 * menu). A date modal that was open here when the page was reloaded opens again with the typed date.
 */
export function HeaderMenu({ order, warehouse, onAddComment, onChanged }: HeaderMenuProps) {
  const allowed = orderRowActions(order, warehouse);
  const drafts = useDrafts();
  const [open, setOpen] = useState<(typeof STATUS_ACTIONS)[number] | null>(() => {
    const kind = drafts.read('date', dateDraftTarget('order-detail', order.uid), asDateDraft)?.kind;
    return STATUS_ACTIONS.find((item) => item.action === kind && allowed[item.action]) ?? null;
  });
  return (
    <>
      <Menu.Root modal={false}>
        <Menu.Trigger className={styles.iconButton} aria-label="Order Options" title="Order Options">
          <EllipsisVertical size={16} aria-hidden />
        </Menu.Trigger>
        <MenuPortal>
          <Menu.Content className={styles.menu} align="end" sideOffset={4} aria-label="Order Options">
            <Menu.Item className={styles.menuItem} onSelect={onAddComment}>
              Add comment <span className={styles.counter}>{order.comments.count_}</span>
            </Menu.Item>
            {STATUS_ACTIONS.filter((item) => allowed[item.action]).map((item) => (
              <Menu.Item key={item.action} className={styles.menuItem} onSelect={() => setOpen(item)}>
                {item.menuLabel}
              </Menu.Item>
            ))}
          </Menu.Content>
        </MenuPortal>
      </Menu.Root>
      {open ? (
        <StatusModal
          order={order}
          action={open.action}
          title={open.title}
          dateLabel={open.dateLabel}
          status={open.status}
          onClose={() => setOpen(null)}
          onChanged={onChanged}
        />
      ) : null}
    </>
  );
}

function StatusModal({
  order,
  action,
  title,
  dateLabel,
  status,
  onClose,
  onChanged,
}: {
  order: Order;
  action: StatusAction;
  title: string;
  dateLabel: string;
  status: OperatorOrderStatus;
  onClose: () => void;
  onChanged: () => void;
}) {
  const change = trpc.orders.changeStatus.useMutation();
  const toast = useToast();
  // What the modal opened on: the detail may refresh under it (conflict warning rule).
  const [expected] = useState(() => expectedOf(order));
  const save = async (date: Date, options?: SaveOptions) => {
    await change.mutateAsync({
      orderUid: order.uid,
      status,
      happenedAt: date.toISOString(),
      ...(options?.force ? {} : { expected }),
    });
    toast.success(`Order ${formatOrderReference(order.reference)} marked as ${orderStatusLabel(status)}`);
    onChanged();
  };
  return (
    <DateChangeModal
      title={title}
      label={dateLabel}
      testId="detail-status-modal"
      createdAt={parseServerTime(order.external_app_dates.created_at)}
      draft={{ target: dateDraftTarget('order-detail', order.uid), kind: action }}
      summary={<p className={styles.muted}>Order {formatOrderReference(order.reference)}</p>}
      onSave={save}
      onClose={onClose}
      onReview={() => {
        onChanged();
        onClose();
      }}
    />
  );
}
