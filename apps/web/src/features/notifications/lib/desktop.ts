import type { AppNotification } from '@waybill/contracts';

export const orderHref = (uid: string) => `/realtime/order?uid=${encodeURIComponent(uid)}`;

export type DesktopPermission = NotificationPermission | 'unsupported';

export function desktopPermission(): DesktopPermission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Asked only from an explicit click ("Enable desktop notifications"), never on load. */
export async function askDesktopPermission(): Promise<DesktopPermission> {
  if (typeof Notification === 'undefined') return 'unsupported';
  return Notification.requestPermission();
}

export function notificationTitle(item: Pick<AppNotification, 'reference'>): string {
  return item.reference ? `Order ${item.reference}` : 'An order';
}

/** What happened, naming who did it unless the text already does ("Ana Popescu mentioned you on …"). */
export function notificationHeadline(item: Pick<AppNotification, 'text' | 'author'>): string {
  const name = item.author?.name;
  return name && !item.text.includes(name) ? `${name} · ${item.text}` : item.text;
}

/** The comment's first words or the change's summary, when it says more than the headline. */
export function notificationExcerpt(item: Pick<AppNotification, 'text' | 'excerpt'>): string | null {
  return item.excerpt && item.excerpt !== item.text ? item.excerpt : null;
}

/**
 * A desktop notification when the browser allows it and this tab leads (one per browser, see
 * desktop-lead.ts); clicking it brings the tab up on that order.
 */
export function showDesktop(item: AppNotification, open: (uid: string) => void): void {
  if (desktopPermission() !== 'granted') return;
  const excerpt = notificationExcerpt(item);
  const body = excerpt ? `${notificationHeadline(item)}\n${excerpt}` : notificationHeadline(item);
  // A folded notification's update (its count) is a new desktop notification, not a silent swap.
  const shown = new Notification(notificationTitle(item), { body, tag: `${item.id}:${item.count ?? 1}` });
  shown.onclick = () => {
    window.focus();
    open(item.orderUid);
    shown.close();
  };
}
