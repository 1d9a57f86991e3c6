import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatOrderReference } from '@waybill/contracts';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../lib/errors.js';
import { useTRPC } from '../../lib/trpc.js';
import { useToast } from '../toast/toast.js';
import type { OrderCommand } from './palette-commands.js';

/** A command that asks before it acts (a date, a parcel count): the palette hands it to a modal. */
export type ModalCommand = Extract<OrderCommand, { kind: 'status' | 'reissue' }>;

export const asksFirst = (command: OrderCommand): command is ModalCommand =>
  command.kind === 'status' || command.kind === 'reissue';

/** Runs the commands that need no answer from the user: follow, take, release, escalate. */
export function useRunOrderCommand(): (uid: string, reference: string | null, command: OrderCommand) => void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const follow = useMutation(trpc.notifications.follow.mutationOptions());
  const take = useMutation(trpc.orders.take.mutationOptions());
  const release = useMutation(trpc.orders.release.mutationOptions());
  return useCallback(
    (uid, reference, command) => {
      const name = formatOrderReference(reference);
      const attempt = async (done: string, call: () => Promise<unknown>) => {
        try {
          await call();
          toast.success(done);
        } catch (error) {
          toast.error(`Order ${name}: not done`, errorMessage(error));
        }
      };
      if (command.kind === 'follow')
        void attempt(
          command.follow ? `Following order ${name}` : `No longer following order ${name}`,
          async () => {
            const answer = await follow.mutateAsync({ orderUid: uid, follow: command.follow });
            queryClient.setQueryData(trpc.notifications.following.queryKey({ orderUid: uid }), answer);
          },
        );
      else if (command.kind === 'take')
        void attempt(`You hold order ${name}`, async () => {
          await take.mutateAsync({ uid });
          await queryClient.invalidateQueries(trpc.holds.list.queryFilter());
        });
      else if (command.kind === 'release')
        void attempt(`Order ${name} released`, async () => {
          await release.mutateAsync({ uid });
          await queryClient.invalidateQueries(trpc.holds.list.queryFilter());
        });
      else if (command.kind === 'escalate')
        // The detail's comment editor with Escalate chosen, and the focus in its text.
        navigate(`/realtime/order?uid=${encodeURIComponent(uid)}&cached=true`, {
          state: { compose: 'escalate' },
        });
    },
    [trpc, queryClient, toast, navigate, follow, take, release],
  );
}
