import { useMutation } from '@tanstack/react-query';
import { INBOUND_STATUS_REFRESH_DELAY_MS, type OperatorInboundStatus } from '@waybill/contracts';
import { useEffect, useRef } from 'react';
import { logFailure } from '../../../lib/errors.js';
import { useTRPC } from '../../../lib/trpc.js';

/**
 * Status change (arrived, processing, cancelled). On success the caller closes its modal and the list
 * refreshes 2 s later; failures are logged and the busy flag resets.
 */
export function useChangeInboundStatus(onRefresh: () => void) {
  const trpc = useTRPC();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const mutation = useMutation(
    trpc.inbounds.changeStatus.mutationOptions({
      onSuccess: () => {
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(onRefresh, INBOUND_STATUS_REFRESH_DELAY_MS);
      },
      onError: (error, input) => {
        logFailure('Inbound status change failed', error, {
          inboundUid: input.inboundUid,
          status: input.status,
        });
      },
    }),
  );
  return {
    change: (inboundUid: string, status: OperatorInboundStatus, happenedAt: Date) =>
      mutation.mutateAsync({ inboundUid, status, happenedAt: happenedAt.toISOString() }),
    isPending: mutation.isPending,
    error: mutation.error,
    reset: mutation.reset,
  };
}
