import { useMutation } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { type Hold, holdConflictSchema } from '@waybill/contracts';
import { lazy, type ReactNode, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { useCurrentUser } from '../../hooks/use-reference-data.js';
import { useRetryAfterOutage } from '../../hooks/use-retry-after-outage.js';
import { errorCode, errorMessage } from '../../lib/errors.js';
import { useTRPC } from '../../lib/trpc.js';
import { useToast } from '../toast/toast.js';
import { type HoldActions, HoldActionsContext, HoldsContext } from './holds-context.js';
import { takeRefusal } from './take-refusal.js';
import { useRowTakeKey } from './use-take-key.js';

// Loaded when first asked: the dialog (and Radix Dialog) stays out of the first screen's JavaScript.
const TakeOverDialog = lazy(async () => ({
  default: (await import('./take-over-dialog.js')).TakeOverDialog,
}));

/** The holder named by a CONFLICT of orders.take (someone took it first), if the answer says. */
function holderInConflict(error: unknown): string | null {
  const data = (error as { data?: { holdConflict?: unknown } } | null)?.data;
  const parsed = holdConflictSchema.safeParse(data?.holdConflict);
  return parsed.success ? parsed.data.holder.name : null;
}

/**
 * One `holds.live` for the signed-in area (each message is every current hold, so a reconnect gets
 * the current set), the take and release calls, the take-over question, and `t` on a focused row.
 */
export function HoldsProvider({ children }: { children: ReactNode }) {
  const trpc = useTRPC();
  const toast = useToast();
  const myUid = useCurrentUser().data?.user.uid ?? null;
  const [holds, setHolds] = useState<Record<string, Hold>>({});
  const live = useSubscription(
    trpc.holds.live.subscriptionOptions(undefined, {
      onData: ({ data }) => setHolds(Object.fromEntries(data.holds.map((h) => [h.orderUid, h]))),
      onError: () => setHolds({}),
    }),
  );
  useRetryAfterOutage(live);

  const takeCall = useMutation(trpc.orders.take.mutationOptions());
  const releaseCall = useMutation(trpc.orders.release.mutationOptions());
  const [asking, setAsking] = useState<{ orderUid: string; holderName: string } | null>(null);
  const holdsRef = useRef(holds);
  holdsRef.current = holds;

  const send = useCallback(
    (orderUid: string, force: boolean) =>
      takeCall.mutate(
        { uid: orderUid, force },
        {
          onSuccess: () => setAsking(null),
          onError: (error) => {
            const holderName = errorCode(error) === 'CONFLICT' ? holderInConflict(error) : null;
            if (holderName) setAsking({ orderUid, holderName });
            else {
              setAsking(null);
              toast.error('The order could not be taken', takeRefusal(error));
            }
          },
        },
      ),
    [takeCall, toast],
  );

  const actions = useMemo<HoldActions>(
    () => ({
      myUid,
      take: (orderUid) => {
        const current = holdsRef.current[orderUid];
        if (current && current.holder.uid !== myUid) setAsking({ orderUid, holderName: current.holder.name });
        else send(orderUid, false);
      },
      release: (orderUid) =>
        releaseCall.mutate(
          { uid: orderUid },
          { onError: (error) => toast.error('The order could not be released', errorMessage(error)) },
        ),
    }),
    [myUid, send, releaseCall, toast],
  );
  useRowTakeKey(actions);

  return (
    <HoldsContext.Provider value={holds}>
      <HoldActionsContext.Provider value={actions}>
        {children}
        {asking ? (
          <Suspense fallback={null}>
            <TakeOverDialog
              holderName={asking.holderName}
              busy={takeCall.isPending}
              onConfirm={() => send(asking.orderUid, true)}
              onCancel={() => setAsking(null)}
            />
          </Suspense>
        ) : null}
      </HoldActionsContext.Provider>
    </HoldsContext.Provider>
  );
}
