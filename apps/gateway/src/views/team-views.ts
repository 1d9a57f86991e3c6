import type { SavedTeamView } from '@waybill/contracts';
import type { ViewCounter } from './view-counter.js';
import type { StoredView, ViewStore } from './view-store.js';

/** Saved views kept at the gateway, and their live counts. */
export interface TeamViews {
  store: ViewStore;
  counter: ViewCounter;
  /** VIEWS_MAX_PER_USER */
  maxPerUser: number;
  /** VIEWS_SHARED_MAX_PER_USER */
  maxSharedPerUser: number;
  close(): Promise<void>;
}

export function createTeamViews(opts: {
  store: ViewStore;
  counter: ViewCounter;
  maxPerUser: number;
  maxSharedPerUser: number;
}): TeamViews {
  return {
    ...opts,
    async close() {
      opts.counter.close();
      await opts.store.close();
    },
  };
}

/** What one user's menu lists: their own views, then the ones colleagues share. */
export async function viewsFor(store: ViewStore, userUid: string): Promise<SavedTeamView[]> {
  const [own, shared] = await Promise.all([store.ofOwner(userUid), store.shared()]);
  return [...own, ...shared.filter((v) => v.ownerUid !== userUid)].map((v) => toTeamView(v, userUid));
}

export const toTeamView = (view: StoredView, userUid: string): SavedTeamView => ({
  id: view.id,
  name: view.name,
  path: view.path,
  search: view.search,
  filter: view.filter,
  shared: view.shared,
  owner: { uid: view.ownerUid, name: view.ownerName },
  mine: view.ownerUid === userUid,
});
