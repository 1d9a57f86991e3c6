import * as Menu from '@radix-ui/react-dropdown-menu';
import { Bookmark, ChevronDown } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import menu from '../../../../components/dropdown-filter/dropdown-filter.module.css';
import { MenuPortal } from '../../../../components/index.js';
import { useCurrentUser } from '../../../../hooks/use-reference-data.js';
import { useSavedViews } from '../../../../hooks/use-saved-views.js';
import { filterSearch, viewHref } from '../../../../lib/saved-views.js';
import { FILTER_PARAMS } from '../../lib/url-codec.js';
import styles from './saved-views.module.css';

// The dialogs load on first use, like the screen's other modals.
const SaveViewModal = lazy(async () => ({ default: (await import('./save-view-modal.js')).SaveViewModal }));
const ManageViewsModal = lazy(async () => ({
  default: (await import('./manage-views-modal.js')).ManageViewsModal,
}));

const PATH = '/realtime';

/** 'Saved views' in the filter bar: open one, save the current filters, rename, delete or share them. */
export function SavedViewsMenu() {
  const me = useCurrentUser();
  const userUid = me.data?.user?.uid ?? null;
  const saved = useSavedViews(userUid);
  const location = useLocation();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'save' | 'manage' | null>(null);
  const current = filterSearch(location.search, FILTER_PARAMS);
  const active = saved.views.find((v) => v.path === PATH && v.search === current);

  return (
    <>
      <Menu.Root modal={false}>
        <Menu.Trigger className={menu.trigger} data-testid="saved-views">
          <Bookmark size={14} aria-hidden />
          <span className={menu.triggerText}>{active ? active.name : 'Saved views'}</span>
          <ChevronDown size={14} aria-hidden />
        </Menu.Trigger>
        <MenuPortal>
          <Menu.Content className={menu.content} align="start" sideOffset={4} aria-label="Saved views">
            {saved.views.length === 0 ? (
              <Menu.Label className={styles.empty}>No saved views yet</Menu.Label>
            ) : (
              saved.views.map((view) => (
                <Menu.Item
                  key={view.id}
                  className={menu.item}
                  data-testid="saved-view"
                  onSelect={() => navigate(viewHref(view))}
                >
                  <span className={menu.label}>{view.name}</span>
                </Menu.Item>
              ))
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
            views={saved.views}
            onSave={(name) => saved.add(name, PATH, current)}
            onClose={() => setDialog(null)}
          />
        ) : null}
        {dialog === 'manage' ? (
          <ManageViewsModal
            views={saved.views}
            onRename={saved.rename}
            onDelete={saved.remove}
            onClose={() => setDialog(null)}
          />
        ) : null}
      </Suspense>
    </>
  );
}
