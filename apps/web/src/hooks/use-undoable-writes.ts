import { useMutation } from '@tanstack/react-query';
import type { PendingActionTicket } from '@waybill/contracts';
import { useCallback } from 'react';
import { useToast } from '../components/toast/toast.js';
import { errorMessage, isTransient } from '../lib/errors.js';
import { useTRPC } from '../lib/trpc.js';

/**
 * An Undo the gateway could not take (restarting, out of reach) is asked again every
 * UNDO_RETRY_EVERY_MS: a gateway that starts holds what it finds for a few seconds before sending
 * it, so the Undo still lands. After UNDO_RETRY_FOR_MS the console stops and says so.
 */
const UNDO_RETRY_EVERY_MS = 1_000;
const UNDO_RETRY_FOR_MS = 120_000;

/**
 * The order writes the console offers to undo: the gateway holds each for its undo window and sends
 * it only then (`undo.*`). `offerUndo` shows the toast with the Undo button and its countdown.
 */
export function useUndoableWrites() {
  const trpc = useTRPC();
  const toast = useToast();
  const changeStatus = useMutation(trpc.undo.changeStatus.mutationOptions());
  const reissueLabel = useMutation(trpc.undo.reissueLabel.mutationOptions());
  const { mutateAsync: undo } = useMutation(trpc.undo.undo.mutationOptions());

  const undoNow = useCallback(
    async (ticket: PendingActionTicket, what: string): Promise<boolean> => {
      const giveUpAt = Date.now() + UNDO_RETRY_FOR_MS;
      let told = false;
      for (;;) {
        try {
          const { outcome } = await undo({ actionId: ticket.actionId });
          if (outcome === 'undone') {
            toast.success(`Undone: ${what}`, 'Nothing was sent.');
            return true;
          }
          toast.error('Too late to undo', 'It had already been sent.');
          return false;
        } catch (error) {
          if (!isTransient(error)) {
            toast.error('It could not be undone', errorMessage(error));
            return false;
          }
          if (Date.now() >= giveUpAt) {
            // A gateway that was down sends the held action when it is back; a backend that was down refuses it.
            toast.error(
              'It could not be undone',
              'The server could not be reached for two minutes: the change may still be sent. Check the order once it is back.',
            );
            return false;
          }
          if (!told) {
            told = true;
            toast.show({
              title: `Undoing: ${what}`,
              description: 'The server cannot be reached; the console keeps asking until it answers.',
            });
          }
          await new Promise((resolve) => setTimeout(resolve, UNDO_RETRY_EVERY_MS));
        }
      }
    },
    [undo, toast],
  );

  const offerUndo = useCallback(
    (ticket: PendingActionTicket, what: string, onUndone?: () => void) => {
      // Undo turned off (UNDO_WINDOW_MS=0): it was sent already.
      if (ticket.windowMs === 0) {
        toast.success(what);
        return;
      }
      // The client's own clock: the server's commitAt would be off by any clock skew.
      toast.undoable(what, {
        until: Date.now() + ticket.windowMs,
        onUndo: () => {
          void undoNow(ticket, what).then((undone) => {
            if (undone) onUndone?.();
          });
        },
      });
    },
    [toast, undoNow],
  );

  return {
    changeStatus: changeStatus.mutateAsync,
    reissueLabel: reissueLabel.mutateAsync,
    offerUndo,
    undoNow,
  };
}
