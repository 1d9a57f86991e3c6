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
  return item.reference ? `Order ${item.reference}` : 'An order you follow';
}

/** A desktop notification when the browser allows it; clicking it brings the tab up on that order. */
export function showDesktop(item: AppNotification, open: (uid: string) => void): void {
  if (desktopPermission() !== 'granted') return;
  const shown = new Notification(notificationTitle(item), { body: item.text, tag: item.id });
  shown.onclick = () => {
    window.focus();
    open(item.orderUid);
    shown.close();
  };
}
