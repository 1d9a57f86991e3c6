import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrdersFilter, SavedTeamView } from '@waybill/contracts';
import { useCallback, useEffect, useRef } from 'react';
import { migrationPlan, newViewId, readLocalViews, writeLocalViews } from '../lib/saved-views.js';
import { useTRPC, useTRPCClient } from '../lib/trpc.js';

/** How a view this browser kept before views moved to the gateway is turned into its filter. */
export type LocalViewFilter = (search: string) => OrdersFilter;

/**
 * The signed-in user's saved views and the ones colleagues share, kept at the gateway, and the calls
 * that change them. With `migrate`, the views this browser kept for the user are moved to the
 * gateway once (each keeps its id, so a second try saves nothing twice) and leave this browser.
 */
export function useSavedViews(userUid: string | null, migrate?: LocalViewFilter) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const list = useQuery({ ...trpc.views.list.queryOptions(), enabled: userUid !== null });
  const views: SavedTeamView[] = list.data?.views ?? [];
  const refresh = useCallback(
    () => queryClient.invalidateQueries(trpc.views.list.queryFilter()),
    [queryClient, trpc],
  );
  const onSuccess = () => void refresh();
  const save = useMutation(trpc.views.save.mutationOptions({ onSuccess }));
  const remove = useMutation(trpc.views.remove.mutationOptions({ onSuccess }));
  const share = useMutation(trpc.views.share.mutationOptions({ onSuccess }));

  const migrating = useRef(false);
  const loaded = list.isSuccess;
  useEffect(() => {
    if (!userUid || !migrate || !loaded || migrating.current) return;
    const local = readLocalViews(userUid);
    if (local.length === 0) return;
    migrating.current = true;
    void (async () => {
      const left = [];
      for (const { view, input } of migrationPlan(local, views, migrate)) {
        try {
          await client.views.save.mutate(input);
        } catch {
          // Kept in this browser (over the limit, say): tried again on the next load.
          left.push(view);
        }
      }
      writeLocalViews(userUid, left);
      await refresh();
    })();
  }, [userUid, migrate, loaded, views, client, refresh]);

  return {
    views,
    /** `views.list`'s token for these views, to tell when the live counts list others. */
    listing: list.data?.listing,
    loading: list.isPending && userUid !== null,
    error: list.error,
    refresh,
    add: (name: string, path: '/realtime', search: string, filter: OrdersFilter) =>
      save.mutateAsync({ id: newViewId(), name: name.trim(), path, search, filter }),
    rename: (view: SavedTeamView, name: string) =>
      save.mutateAsync({
        id: view.id,
        name: name.trim(),
        path: view.path,
        search: view.search,
        filter: view.filter,
      }),
    remove: (id: string) => remove.mutateAsync({ id }),
    share: (id: string, shared: boolean) => share.mutateAsync({ id, shared }),
  };
}
