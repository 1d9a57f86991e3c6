import * as Menu from '@radix-ui/react-dropdown-menu';
import {
  type FulfillmentCenter,
  type OperatorOrderStatus,
  type Order,
  orderActionUnavailable,
  orderRowActions,
  parseServerTime,
  STATUS_ACTIONS,
  type StatusAction,
} from '@waybill/contracts';
import { EllipsisVertical } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { LiveChangeNotice } from '../../../components/conflict-notice/live-change-notice.js';
import { DateChangeModal } from '../../../components/date-change-modal/date-change-modal.js';
import { MenuPortal } from '../../../components/index.js';
import { OrderSummary } from '../../../components/order-modals/order-summary.js';
import { useConsoleSettings } from '../../../hooks/use-console-settings.js';
import { useDrafts } from '../../../hooks/use-drafts.js';
import { useOrderWrites } from '../../../hooks/use-order-writes.js';
import type { SaveOptions } from '../../../lib/conflict.js';
import { asDateDraft, dateDraftTarget } from '../../../lib/drafts.js';
import styles from './order-detail.module.css';

// Loaded when first opened, as in the list: the detail's first paint does not wait for it.
const ReissueModal = lazy(async () => ({
  default: (await import('../../../components/order-modals/reissue-modal.js')).ReissueModal,
}));

export interface HeaderMenuProps {
  order: Order;
  warehouse: FulfillmentCenter | null;
  /** The merchant's name as the detail shows it (selling channel alias), for the modals' summary. */
  merchant: string | null;
  onAddComment: () => void;
  /** Counts asks to open the menu from the keyboard (the s key): each new one opens it. */
  menuRequest?: number;
  onChanged: () => void;
}

/**
 * The detail's actions: add a comment, the status changes the order allows and Reissue AWB (same
 * rules as the row menu). A date modal that was open here when the page was reloaded opens again
 * with the typed date.
 */
export function HeaderMenu({
  order,
  warehouse,
  merchant,
  onAddComment,
  menuRequest = 0,
  onChanged,
}: HeaderMenuProps) {
  const allowed = orderRowActions(order, warehouse);
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => {
    if (menuRequest > 0) setMenuOpen(true);
  }, [menuRequest]);
  const [reissueOpen, setReissueOpen] = useState(false);
  const drafts = useDrafts();
  const [open, setOpen] = useState<(typeof STATUS_ACTIONS)[number] | null>(() => {
    const kind = drafts.read('date', dateDraftTarget('order-detail', order.uid), asDateDraft)?.kind;
    return STATUS_ACTIONS.find((item) => item.action === kind && allowed[item.action]) ?? null;
  });
  return (
    <>
      <Menu.Root modal={false} open={menuOpen} onOpenChange={setMenuOpen}>
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
            {allowed.reissueAwb ? (
              <Menu.Item className={styles.menuItem} onSelect={() => setReissueOpen(true)}>
                Reissue AWB
              </Menu.Item>
            ) : null}
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
          summary={<OrderSummary order={order} merchant={merchant} warehouse={warehouse} />}
          unavailable={orderActionUnavailable(open.action, order, warehouse)}
          onClose={() => setOpen(null)}
          onChanged={onChanged}
        />
      ) : null}
      {reissueOpen ? (
        <Suspense fallback={null}>
          <Reissue
            order={order}
            merchant={merchant}
            warehouse={warehouse}
            onClose={() => setReissueOpen(false)}
            onChanged={onChanged}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function Reissue({
  order,
  merchant,
  warehouse,
  onClose,
  onChanged,
}: {
  order: Order;
  merchant: string | null;
  warehouse: FulfillmentCenter | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { reissueOrderLabel } = useOrderWrites();
  const { reissueMaxParcels } = useConsoleSettings();
  const confirm = async (opened: Order, numberOfParcels: number, options?: SaveOptions) => {
    await reissueOrderLabel(opened, numberOfParcels, options);
    onChanged();
  };
  return (
    <ReissueModal
      order={order}
      merchant={merchant}
      warehouse={warehouse}
      maxParcels={reissueMaxParcels}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}

function StatusModal({
  order,
  action,
  title,
  dateLabel,
  status,
  summary,
  unavailable,
  onClose,
  onChanged,
}: {
  order: Order;
  action: StatusAction;
  title: string;
  dateLabel: string;
  status: OperatorOrderStatus;
  summary: React.ReactNode;
  unavailable: string | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { changeOrderStatus } = useOrderWrites();
  // What the modal opened on: the detail may refresh under it (conflict warning rule).
  const [opened] = useState(order);
  const save = async (date: Date, options?: SaveOptions) => {
    await changeOrderStatus(opened, status, date, options);
    onChanged();
  };
  return (
    <DateChangeModal
      title={title}
      label={dateLabel}
      testId="detail-status-modal"
      createdAt={parseServerTime(order.external_app_dates.created_at)}
      draft={{ target: dateDraftTarget('order-detail', order.uid), kind: action }}
      summary={summary}
      notice={<LiveChangeNotice opened={opened} current={order} />}
      unavailable={unavailable}
      onSave={save}
      onClose={onClose}
      onReview={() => {
        onChanged();
        onClose();
      }}
    />
  );
}
