import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  formatOrderReference,
  type Order,
  orderStatusLabel,
  type PendingActionTicket,
  parseServerTime,
  type StatusAction,
  statusAction,
} from '@waybill/contracts';
import { useConsoleSettings } from '../../hooks/use-console-settings.js';
import { useReferenceData } from '../../hooks/use-reference-data.js';
import { useUndoableWrites } from '../../hooks/use-undoable-writes.js';
import { conflictOf, expectedOf, type SaveOptions } from '../../lib/conflict.js';
import { errorMessage } from '../../lib/errors.js';
import { useTRPC } from '../../lib/trpc.js';
import { DateChangeModal } from '../date-change-modal/date-change-modal.js';
import { OrderSummary } from '../order-modals/order-summary.js';
import { ReissueModal } from '../order-modals/reissue-modal.js';
import { useToast } from '../toast/toast.js';
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
  const merchant = channel?.alias?.trim() || channel?.name?.trim() || null;
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
  const undoable = useUndoableWrites();
  const changed = useOrderChanged(order.uid);
  const { title, dateLabel, status } = statusAction(action);
  const save = async (date: Date, options?: SaveOptions) => {
    const ticket = await undoable.changeStatus({
      orderUid: order.uid,
      status,
      happenedAt: date.toISOString(),
      ...(options?.force ? {} : { expected: expectedOf(order) }),
    });
    undoable.offerUndo(
      ticket,
      `Order ${formatOrderReference(order.reference)} marked as ${orderStatusLabel(status)}`,
    );
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
  const undoable = useUndoableWrites();
  const toast = useToast();
  const changed = useOrderChanged(order.uid);
  const { reissueMaxParcels } = useConsoleSettings();
  const confirm = async (opened: Order, numberOfParcels: number, options?: SaveOptions) => {
    let ticket: PendingActionTicket;
    try {
      ticket = await undoable.reissueLabel({
        orderUid: opened.uid,
        numberOfParcels,
        ...(options?.force ? {} : { expected: expectedOf(opened) }),
      });
    } catch (error) {
      // A conflict is the modal's own warning; anything else is said here, in plain words.
      if (!conflictOf(error))
        toast.error(
          `The label of ${formatOrderReference(opened.reference)} was not reissued`,
          errorMessage(error),
        );
      throw error;
    }
    undoable.offerUndo(
      ticket,
      `Label reissued for ${formatOrderReference(opened.reference)} (${numberOfParcels} boxes)`,
    );
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
