import * as Menu from '@radix-ui/react-dropdown-menu';
import {
  assignedUserFilterDefault,
  formatCount,
  type OrdersFilter,
  type SavedTeamView,
  viewKey,
} from '@waybill/contracts';
import { Bookmark, ChevronDown } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import menu from '../../../../components/dropdown-filter/dropdown-filter.module.css';
import { MINE_HREF, useMineActive } from '../../../../components/holds/index.js';
import { MenuPortal } from '../../../../components/index.js';
import { useToast } from '../../../../components/toast/toast.js';
import { useCurrentUser } from '../../../../hooks/use-reference-data.js';
import { useSavedViews } from '../../../../hooks/use-saved-views.js';
import { filterSearch } from '../../../../lib/saved-views.js';
import { useViewCounts } from '../../api/use-view-counts.js';
import {
  decodeOrdersFilter,
  defaultOrdersFilter,
  encodeOrdersFilter,
  FILTER_PARAMS,
} from '../../lib/url-codec.js';
import styles from './saved-views.module.css';

// The dialogs load on first use, like the screen's other modals.
const SaveViewModal = lazy(async () => ({ default: (await import('./save-view-modal.js')).SaveViewModal }));
const ManageViewsModal = lazy(async () => ({
  default: (await import('./manage-views-modal.js')).ManageViewsModal,
}));

const PATH = '/realtime';

/**
 * 'Saved views' in the filter bar: the user's views and the ones colleagues share, each with its live
 * order count; open one, save the current filters, rename, delete, share or copy them.
 */
export function SavedViewsMenu({ filter }: { filter: OrdersFilter }) {
  const me = useCurrentUser();
  const user = me.data?.user ?? null;
  const userUid = user?.uid ?? null;
  const assigned = assignedUserFilterDefault(user);
  const defaults = useMemo(() => defaultOrdersFilter(assigned), [assigned.join(',')]);
  const migrate = useCallback(
    (search: string) => decodeOrdersFilter(new URLSearchParams(search), defaults),
    [defaults],
  );
  const saved = useSavedViews(userUid, migrate);
  // Open while signed in, views or not: it also says when a colleague shares one.
  const counts = useViewCounts(userUid !== null && !saved.loading, saved.listing, () => {
    void saved.refresh();
  });
  const location = useLocation();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'save' | 'manage' | null>(null);
  const current = filterSearch(location.search, FILTER_PARAMS);
  // A view opens on its filter as this user's defaults write it: a colleague's view shows what it counts.
  const searchOf = (view: SavedTeamView) => encodeOrdersFilter(view.filter, defaults).toString();
  const active = saved.views.find((v) => v.path === PATH && searchOf(v) === current);
  useViewGoneNotice(active, current, saved.loading);
  const own = saved.views.filter((v) => v.mine);
  const mine = useMineActive();

  return (
    <>
      <Menu.Root modal={false}>
        <Menu.Trigger className={menu.trigger} data-testid="saved-views">
          <Bookmark size={14} aria-hidden />
          <span className={menu.triggerText}>{mine ? 'Mine' : active ? active.name : 'Saved views'}</span>
          <ChevronDown size={14} aria-hidden />
        </Menu.Trigger>
        <MenuPortal>
          <Menu.Content className={menu.content} align="start" sideOffset={4} aria-label="Saved views">
            {/* Built in: the orders the user holds (Take). */}
            <Menu.Item
              className={menu.item}
              data-testid="view-mine"
              onSelect={() => navigate(mine ? PATH : MINE_HREF)}
            >
              <span className={menu.label}>{mine ? 'All orders' : 'Mine'}</span>
            </Menu.Item>
            <Menu.Separator className={menu.separator} />
            {saved.views.length === 0 ? (
              <Menu.Label className={styles.empty}>
                {saved.loading ? 'Loading saved views…' : 'No saved views yet'}
              </Menu.Label>
            ) : (
              saved.views.map((view) => {
                const count = counts[viewKey(view)];
                return (
                  <Menu.Item
                    key={viewKey(view)}
                    className={menu.item}
                    data-testid="saved-view"
                    onSelect={() => {
                      const search = searchOf(view);
                      navigate(search ? `${view.path}?${search}` : view.path);
                    }}
                  >
                    <span className={styles.itemText}>
                      <span className={menu.label}>{view.name}</span>
                      {view.mine ? (
                        view.shared ? (
                          <span className={styles.owner}>Shared with the team</span>
                        ) : null
                      ) : (
                        <span className={styles.owner} data-testid="saved-view-owner">
                          Shared by {view.owner.name}
                        </span>
                      )}
                    </span>
                    <span className={styles.count} data-testid="saved-view-count">
                      {typeof count === 'number' ? formatCount(count) : '…'}
                      <span className="visually-hidden"> orders</span>
                    </span>
                  </Menu.Item>
                );
              })
            )}
            <Menu.Separator className={menu.separator} />
            <Menu.Item className={menu.item} disabled={!userUid} onSelect={() => setDialog('save')}>
              <span className={menu.label}>Save current view…</span>
            </Menu.Item>
            {saved.views.length > 0 ? (
              <Menu.Item className={menu.item} onSelect={() => setDialog('manage')}>
                <span className={menu.label}>Rename, delete or share…</span>
              </Menu.Item>
            ) : null}
          </Menu.Content>
        </MenuPortal>
      </Menu.Root>
      <Suspense fallback={null}>
        {dialog === 'save' ? (
          <SaveViewModal
            views={own}
            saving={{ search: current, filter }}
            onSave={(name) => saved.add(name, PATH, current, filter)}
            onClose={() => setDialog(null)}
          />
        ) : null}
        {dialog === 'manage' ? (
          <ManageViewsModal
            views={saved.views}
            hrefOf={(view) => {
              const search = searchOf(view);
              return search ? `${view.path}?${search}` : view.path;
            }}
            onRename={saved.rename}
            onDelete={saved.remove}
            onShare={saved.share}
            onCopy={(view, name) => saved.add(name, PATH, searchOf(view), view.filter)}
            onClose={() => setDialog(null)}
          />
        ) : null}
      </Suspense>
    </>
  );
}

/**
 * A colleague's view this list shows stopped being shared (removed or made private by its owner):
 * the filters stay as they are, and the user is told why the view's name went.
 */
function useViewGoneNotice(active: SavedTeamView | undefined, search: string, loading: boolean) {
  const toast = useToast();
  const shown = useRef<{ view: SavedTeamView; search: string } | null>(null);
  useEffect(() => {
    if (loading) return;
    const was = shown.current;
    shown.current = active ? { view: active, search } : null;
    if (!was || active || was.search !== search || was.view.mine) return;
    toast.show({
      title: `${was.view.owner.name} no longer shares the view "${was.view.name}"`,
      description: 'The list keeps its filters. Save them as a view of your own to keep it.',
    });
  }, [active, search, loading, toast]);
}
