import {
  formatOrderReference,
  type OperatorOrderStatus,
  type Order,
  orderStatusLabel,
  type PendingActionTicket,
} from '@waybill/contracts';
import { useCallback, useMemo } from 'react';
import { useToast } from '../components/toast/toast.js';
import { conflictOf, expectedOf, type SaveOptions } from '../lib/conflict.js';
import { errorMessage } from '../lib/errors.js';
import { useUndoableWrites } from './use-undoable-writes.js';

/**
 * A status change and a label reissue as every order modal saves them (row, detail, palette): held
 * for the undo window, with Undo in the toast. `order` is the order as the modal opened on it, so a
 * change by someone else since comes back as a conflict; `{ force: true }` ("Save anyway") skips that
 * check. Each resolves to the ticket: the caller refreshes what it shows (`ticket.windowMs` is when
 * the write really reaches the backend).
 */
export function useOrderWrites() {
  const { changeStatus, reissueLabel, offerUndo } = useUndoableWrites();
  const toast = useToast();

  const hold = useCallback(
    async (send: () => Promise<PendingActionTicket>, done: string, failed: string) => {
      let ticket: PendingActionTicket;
      try {
        ticket = await send();
      } catch (error) {
        // A conflict is the modal's own warning; anything else is said here too, in plain words.
        if (!conflictOf(error)) toast.error(failed, errorMessage(error));
        throw error;
      }
      offerUndo(ticket, done);
      return ticket;
    },
    [toast, offerUndo],
  );

  const changeOrderStatus = useCallback(
    (order: Order, status: OperatorOrderStatus, happenedAt: Date, options?: SaveOptions) => {
      const reference = formatOrderReference(order.reference);
      const input = { orderUid: order.uid, status, happenedAt: happenedAt.toISOString() };
      return hold(
        () => changeStatus({ ...input, ...unlessForced(order, options) }),
        `Order ${reference} marked as ${orderStatusLabel(status)}`,
        `Order ${reference} was not changed`,
      );
    },
    [hold, changeStatus],
  );

  const reissueOrderLabel = useCallback(
    (order: Order, numberOfParcels: number, options?: SaveOptions) => {
      const reference = formatOrderReference(order.reference);
      return hold(
        () => reissueLabel({ orderUid: order.uid, numberOfParcels, ...unlessForced(order, options) }),
        `Label reissued for ${reference} (${numberOfParcels} boxes)`,
        `The label of ${reference} was not reissued`,
      );
    },
    [hold, reissueLabel],
  );

  return useMemo(() => ({ changeOrderStatus, reissueOrderLabel }), [changeOrderStatus, reissueOrderLabel]);
}

/** "Save anyway" sends no expected state, so the gateway no longer checks for someone else's change. */
function unlessForced(order: Order, options: SaveOptions | undefined) {
  return options?.force ? {} : { expected: expectedOf(order) };
}
