import { type SavedTeamView, VIEW_MAX_BYTES, viewBytes } from '@waybill/contracts';
import { hashOf } from '../presence/identity.js';
import type { StoredView, ViewStore } from './view-store.js';

/** What one user's menu lists: `views.list`'s answer, and what `views.counts` counts of it. */
export interface ListedViews {
  /** The user's own views, then the ones colleagues share. */
  views: SavedTeamView[];
  /** A short token of the listed views: it changes with any listed view's name, filter or sharing. */
  listing: string;
  /** Each listed view's filter as JSON, in the order of `views`: one count per distinct filter. */
  filterKeys: string[];
}

/** A stored view with its JSON and its filter's, each worked out once per change of the views. */
interface Prepared {
  view: StoredView;
  json: string;
  filterKey: string;
}

/** The team's shared views, prepared, and one hash of them all. */
interface Team {
  views: Prepared[];
  hash: string;
}

const prepare = (view: StoredView): Prepared => ({
  view,
  json: JSON.stringify(view),
  filterKey: JSON.stringify(view.filter),
});

async function readTeam(store: ViewStore): Promise<Team> {
  // A view saved before VIEW_MAX_BYTES may be larger: its owner still lists it, to remove or trim it,
  // but no colleague's console carries it.
  const views = (await store.shared()).filter((v) => viewBytes(v) <= VIEW_MAX_BYTES).map(prepare);
  return { views, hash: hashOf(views.map((v) => v.json).join('\n')) };
}

function listedFor(userUid: string, own: StoredView[], team: Team): ListedViews {
  const mine = own.map(prepare);
  const listed = [...mine, ...team.views.filter((v) => v.view.ownerUid !== userUid)];
  return {
    views: listed.map((v) => toTeamView(v.view, userUid)),
    // The team's part is hashed once per change whoever asks; each user adds only their own views.
    listing: hashOf([userUid, team.hash, ...mine.map((v) => v.json)].join('\n')).slice(0, 16),
    filterKeys: listed.map((v) => v.filterKey),
  };
}

/** One user's listed views, read now (`views.list`): a view the user just saved is in it. */
export async function readListedViews(store: ViewStore, userUid: string): Promise<ListedViews> {
  const [own, team] = await Promise.all([store.ofOwner(userUid), readTeam(store)]);
  return listedFor(userUid, own, team);
}

/**
 * The listed views `views.counts` pushes, kept until the views next change: a user's subscriptions
 * share one read of their views, and all users one read of the shared ones, each view serialised and
 * hashed once. Every subscription re-lists on each change, so without this a change would cost as
 * many full reads and hashes of the team's views as there are consoles watching.
 */
export class ListedViewsCache {
  private team: Promise<Team> | null = null;
  private readonly byUser = new Map<string, Promise<ListedViews>>();
  private readonly unsubscribe: () => void;

  constructor(private readonly store: ViewStore) {
    // Cleared as a change is heard; subscriptions re-list later, from their own loops.
    this.unsubscribe = store.onUpdate(() => {
      this.team = null;
      this.byUser.clear();
    });
  }

  /** `userUid`'s listed views, kept until the views next change (at most one entry per user then). */
  of(userUid: string): Promise<ListedViews> {
    const kept = this.byUser.get(userUid);
    if (kept) return kept;
    const team = this.teamViews();
    const listed = Promise.all([this.store.ofOwner(userUid), team]).then(([own, t]) =>
      listedFor(userUid, own, t),
    );
    this.byUser.set(userUid, listed);
    // A failed read is not kept: the next re-list reads again.
    listed.catch(() => {
      if (this.byUser.get(userUid) === listed) this.byUser.delete(userUid);
    });
    return listed;
  }

  close(): void {
    this.unsubscribe();
    this.byUser.clear();
    this.team = null;
  }

  private teamViews(): Promise<Team> {
    if (this.team) return this.team;
    const team = readTeam(this.store);
    this.team = team;
    team.catch(() => {
      if (this.team === team) this.team = null;
    });
    return team;
  }
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
