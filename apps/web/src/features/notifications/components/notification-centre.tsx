import * as Popover from '@radix-ui/react-popover';
import { type AppNotification, formatOrderReference, relativeTime } from '@waybill/contracts';
import { Bell } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button/button.js';
import { useNow } from '../../../hooks/use-now.js';
import { useNotifications } from '../api/use-notifications.js';
import {
  askDesktopPermission,
  type DesktopPermission,
  desktopPermission,
  notificationExcerpt,
  notificationHeadline,
  orderHref,
  showDesktop,
} from '../lib/desktop.js';
import { claimDesktopLead, type DesktopLead } from '../lib/desktop-lead.js';
import styles from './notification-centre.module.css';

/** The header's bell: the last 50 notifications with unread state, live over the websocket. */
export function NotificationCentre() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  // An item opened: the focus goes to the order it opens, not back to the bell.
  const opening = useRef(false);
  const [permission, setPermission] = useState<DesktopPermission>(desktopPermission);
  const openOrder = useCallback((uid: string) => navigate(orderHref(uid)), [navigate]);
  // Every tab lists the notifications; only the elected one shows them on the desktop.
  const lead = useRef<DesktopLead | null>(null);
  useEffect(() => {
    const claimed = claimDesktopLead();
    lead.current = claimed;
    return () => claimed.release();
  }, []);
  const { state, failed, markRead, markAllRead } = useNotifications(
    useCallback(
      (item: AppNotification) => {
        if (lead.current?.leads() ?? true) showDesktop(item, openOrder);
      },
      [openOrder],
    ),
  );
  const now = useNow(60_000);
  const unread = state?.unread ?? 0;
  const items = state?.items ?? [];

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger className={styles.bell} data-testid="notification-bell">
        <Bell size={16} aria-hidden />
        {unread > 0 ? (
          <span className={styles.count} aria-hidden data-testid="notification-unread">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
        <span className="visually-hidden">Notifications{unread > 0 ? `, ${unread} unread` : ''}</span>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className={styles.panel}
          align="end"
          sideOffset={6}
          aria-label="Notifications"
          data-testid="notification-centre"
          onCloseAutoFocus={(event) => {
            if (opening.current) event.preventDefault();
            opening.current = false;
          }}
        >
          <div className={styles.top}>
            <h2 className={styles.title}>Notifications</h2>
            <Button size="sm" variant="ghost" disabled={unread === 0} onClick={() => markAllRead.mutate()}>
              Mark all read
            </Button>
          </div>
          {permission === 'default' ? (
            <Button
              size="sm"
              className={styles.enable}
              onClick={() => void askDesktopPermission().then(setPermission)}
            >
              Enable desktop notifications
            </Button>
          ) : null}
          {failed && !state ? (
            <p className={styles.empty}>Notifications cannot be loaded right now.</p>
          ) : items.length === 0 ? (
            <p className={styles.empty}>
              Nothing yet. Follow an order to hear when it changes; comments escalated to your team and
              mentions of you show here too.
            </p>
          ) : (
            <ul className={styles.list}>
              {items.map((item) => (
                <li
                  key={item.id}
                  className={styles.item}
                  data-read={item.read || undefined}
                  data-testid="notification-item"
                >
                  <button
                    type="button"
                    className={styles.open}
                    onClick={() => {
                      if (!item.read) markRead.mutate({ ids: [item.id] });
                      opening.current = true;
                      setOpen(false);
                      openOrder(item.orderUid);
                    }}
                  >
                    <span className={styles.reference}>
                      {item.reference ? formatOrderReference(item.reference) : 'Order'}
                      {item.read ? null : <span className={styles.unreadDot}>Unread</span>}
                    </span>
                    <span className={styles.text}>{notificationHeadline(item)}</span>
                    {notificationExcerpt(item) ? (
                      <span className={styles.excerpt} data-testid="notification-excerpt">
                        {notificationExcerpt(item)}
                      </span>
                    ) : null}
                    <span className={styles.when}>{relativeTime(new Date(item.at), now)}</span>
                  </button>
                  {item.read ? null : (
                    <Button size="sm" variant="ghost" onClick={() => markRead.mutate({ ids: [item.id] })}>
                      Mark read
                      <span className="visually-hidden"> {notificationHeadline(item)}</span>
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
