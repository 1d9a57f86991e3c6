import * as Menu from '@radix-ui/react-dropdown-menu';
import * as ToggleGroup from '@radix-ui/react-toggle-group';
import { CONSOLE_SCREENS } from '@waybill/contracts';
import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { badgeInitials } from '../../lib/text.js';
import { type TimeMode, useTimeMode } from '../../lib/time-mode.js';
import { MenuPortal, PopupLayer, usePopupLayerElement } from '../popup-layer/popup-layer.js';
import styles from './header.module.css';

const TABS = CONSOLE_SCREENS.flatMap((screen) =>
  screen.tab ? [{ to: screen.path, label: screen.tab }] : [],
);

/** ADMIN / {TAB}: the tab comes from the first path segment; / is the realtime tab. */
export function tabTitle(pathname: string): string {
  const first = pathname.split('/').filter(Boolean)[0] ?? 'realtime';
  const tab = TABS.find((t) => t.to === `/${first}`);
  return `ADMIN / ${(tab?.label ?? first).toUpperCase()}`;
}

/** A tab is active on its path and below it; the realtime tab is also active on /. */
export function isTabActive(pathname: string, to: string): boolean {
  if (to === '/realtime' && pathname === '/') return true;
  return pathname === to || pathname.startsWith(`${to}/`);
}

export interface HeaderProps {
  user: { name: string; email?: string | undefined } | null;
  onLogout: () => void;
  /** Header tools of the signed-in area (the export tray), before the welcome text. */
  tools?: ReactNode;
}

export function Header({ user, onLogout, tools }: HeaderProps) {
  const { pathname } = useLocation();
  const { mode, setMode } = useTimeMode();
  // The header is the account menu's popup layer: the menu opens inside the banner landmark.
  const [element, setElement] = usePopupLayerElement();
  return (
    <header className={styles.header} ref={setElement}>
      <div className={styles.left}>
        <span className={styles.logo} aria-hidden>
          W
        </span>
        {/* The screen's one h1 (ADMIN / REALTIME): each screen has exactly one top heading. */}
        <h1 className={styles.title} data-testid="header-title">
          {tabTitle(pathname)}
        </h1>
        <nav className={styles.nav} aria-label="Main">
          {TABS.map((tab) => {
            const active = isTabActive(pathname, tab.to);
            return (
              <Link
                key={tab.to}
                to={tab.to}
                className={active ? `${styles.link} ${styles.active}` : styles.link}
                aria-current={active ? 'page' : undefined}
              >
                {tab.label}
              </Link>
            );
          })}
        </nav>
      </div>
      <div className={styles.right}>
        {tools}
        {user ? <span className={styles.welcome}>Welcome, {user.name}!</span> : null}
        <ToggleGroup.Root
          type="single"
          className={styles.timeSwitch}
          value={mode}
          aria-label="Time zone"
          onValueChange={(value) => {
            if (value) setMode(value as TimeMode);
          }}
        >
          <ToggleGroup.Item value="local" className={styles.timeItem} aria-label="Local time">
            Local time
          </ToggleGroup.Item>
          <ToggleGroup.Item value="warehouse" className={styles.timeItem} aria-label="Warehouse time">
            Warehouse time
          </ToggleGroup.Item>
        </ToggleGroup.Root>
        <PopupLayer element={element}>
          <Menu.Root modal={false}>
            {/* Named by its content, not aria-label: the initials alone would not be in the name. */}
            <Menu.Trigger className={styles.badge}>
              <span aria-hidden>{badgeInitials(user?.name)}</span>
              <span className="visually-hidden">Account menu for {user?.name ?? 'you'}</span>
            </Menu.Trigger>
            <MenuPortal>
              <Menu.Content className={styles.menu} align="end" sideOffset={6}>
                <div className={styles.menuUser}>
                  <strong>{user?.name}</strong>
                  {user?.email ? <span>{user.email}</span> : null}
                </div>
                <Menu.Separator className={styles.separator} />
                <Menu.Item className={styles.menuItem} onSelect={onLogout}>
                  <LogOut size={14} aria-hidden />
                  Log out
                </Menu.Item>
              </Menu.Content>
            </MenuPortal>
          </Menu.Root>
        </PopupLayer>
      </div>
    </header>
  );
}
