import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useToast } from '../../../components/toast/toast.js';
import { errorMessage } from '../../../lib/errors.js';
import { useTRPC } from '../../../lib/trpc.js';

/** Logout clears the session cookie (server side), every cached answer, and goes to /login. */
export function useLogout() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const mutation = useMutation(
    trpc.auth.logout.mutationOptions({
      onSettled: (_data, error) => {
        if (error) toast.error('Could not sign out cleanly', errorMessage(error));
        queryClient.clear();
        navigate('/login', { replace: true });
      },
    }),
  );
  return { logout: () => mutation.mutate(), pending: mutation.isPending };
}
