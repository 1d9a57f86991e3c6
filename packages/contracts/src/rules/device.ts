/** Page-root device attributes, recomputed at load and on every resize. */
export type DeviceKind = 'desktop' | 'phone' | 'tablet';
export type Orientation = 'landscape' | 'portrait';

const TABLET = /iPad|Tablet|PlayBook|Silk|Kindle|Nexus (7|9|10)/i;
const PHONE = /Mobi|iPhone|iPod|Windows Phone|BlackBerry|Opera Mini|IEMobile/i;

/**
 * phone on a mobile device, tablet on a tablet, desktop otherwise. Android without 'Mobile' is a
 * tablet; iPadOS reports a Mac user agent, so a Mac with touch points is a tablet too.
 */
export function deviceKind(userAgent: string, maxTouchPoints = 0): DeviceKind {
  if (TABLET.test(userAgent)) return 'tablet';
  if (PHONE.test(userAgent)) return 'phone';
  if (/Android/i.test(userAgent)) return 'tablet';
  if (/Macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'tablet';
  return 'desktop';
}

/** landscape when the window is wider than tall, otherwise portrait. */
export function orientation(width: number, height: number): Orientation {
  return width > height ? 'landscape' : 'portrait';
}
