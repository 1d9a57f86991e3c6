import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Order,
  parseServerTime,
  type StatusAction,
  sellingChannelName,
  statusAction,
} from '@waybill/contracts';
import { useState } from 'react';
import { useConsoleSettings } from '../../hooks/use-console-settings.js';
import { useOrderWrites } from '../../hooks/use-order-writes.js';
import { useReferenceData } from '../../hooks/use-reference-data.js';
import type { SaveOptions } from '../../lib/conflict.js';
import { useTRPC } from '../../lib/trpc.js';
import { DateChangeModal } from '../date-change-modal/date-change-modal.js';
import { OrderSummary } from '../order-modals/order-summary.js';
import { ReissueModal } from '../order-modals/reissue-modal.js';
import type { ModalCommand } from './run-order-command.js';

/** The modal a status change or a reissue asks in, over whatever screen the palette was on. */
export function PaletteCommandModal({
  uid,
  command,
  onClose,
}: {
  uid: string;
  command: ModalCommand;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const detail = useQuery(trpc.orders.detail.queryOptions({ uid }));
  const reference = useReferenceData();
  const order = detail.data?.order;
  if (!order) return null;
  const warehouse = order.fulfillment_center_uid
    ? (reference.fulfillmentCentersByUid.get(order.fulfillment_center_uid) ?? null)
    : null;
  const channel = reference.sellingChannelsByUid.get(order.selling_channel_uid);
  const merchant = sellingChannelName(channel);
  return command.kind === 'status' ? (
    <StatusCommand
      order={order}
      action={command.action}
      summary={<OrderSummary order={order} merchant={merchant} warehouse={warehouse} />}
      onClose={onClose}
    />
  ) : (
    <ReissueCommand order={order} merchant={merchant} warehouse={warehouse} onClose={onClose} />
  );
}

function useOrderChanged(uid: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries(trpc.orders.detail.queryFilter({ uid }));
}

function StatusCommand({
  order,
  action,
  summary,
  onClose,
}: {
  order: Order;
  action: StatusAction;
  summary: React.ReactNode;
  onClose: () => void;
}) {
  // The same write as the order's menus: held for the undo window, with Undo in its toast.
  const { changeOrderStatus } = useOrderWrites();
  const changed = useOrderChanged(order.uid);
  // What the modal opened on: the detail may refresh under it (conflict warning rule).
  const [opened] = useState(order);
  const { title, dateLabel, status } = statusAction(action);
  const save = async (date: Date, options?: SaveOptions) => {
    await changeOrderStatus(opened, status, date, options);
    changed();
  };
  return (
    <DateChangeModal
      title={title}
      label={dateLabel}
      testId="palette-status-modal"
      createdAt={parseServerTime(order.external_app_dates.created_at)}
      summary={summary}
      onSave={save}
      onClose={onClose}
      onReview={() => {
        changed();
        onClose();
      }}
    />
  );
}

function ReissueCommand({
  order,
  merchant,
  warehouse,
  onClose,
}: {
  order: Order;
  merchant: string | null;
  warehouse: Parameters<typeof ReissueModal>[0]['warehouse'];
  onClose: () => void;
}) {
  const { reissueOrderLabel } = useOrderWrites();
  const changed = useOrderChanged(order.uid);
  const { reissueMaxParcels } = useConsoleSettings();
  const confirm = async (opened: Order, numberOfParcels: number, options?: SaveOptions) => {
    await reissueOrderLabel(opened, numberOfParcels, options);
    changed();
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
