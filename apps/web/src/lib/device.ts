/** Device kind and orientation attributes on the page root, recomputed on every resize. */
export type DeviceKind = 'desktop' | 'tablet' | 'phone';
export type Orientation = 'landscape' | 'portrait';

const TABLET_UA = /iPad|Tablet|PlayBook|Silk|Kindle|(Android(?!.*Mobile))/i;
const PHONE_UA = /Mobi|iPhone|iPod|Android.*Mobile|Windows Phone|BlackBerry|Opera Mini/i;

export function deviceKind(userAgent: string, maxTouchPoints = 0): DeviceKind {
  if (TABLET_UA.test(userAgent)) return 'tablet';
  // iPadOS 13+ reports a desktop Safari user agent; touch support gives it away.
  if (/Macintosh/.test(userAgent) && maxTouchPoints > 1) return 'tablet';
  if (PHONE_UA.test(userAgent)) return 'phone';
  return 'desktop';
}

export function orientation(width: number, height: number): Orientation {
  return width > height ? 'landscape' : 'portrait';
}

/** Writes data-device / data-orientation on <html> and on #root; returns a cleanup. */
export function trackDeviceAttributes(win: Window = window): () => void {
  const apply = () => {
    const kind = deviceKind(win.navigator.userAgent, win.navigator.maxTouchPoints ?? 0);
    const turn = orientation(win.innerWidth, win.innerHeight);
    const targets = [win.document.documentElement, win.document.getElementById('root')];
    for (const el of targets) {
      if (!el) continue;
      el.setAttribute('data-device', kind);
      el.setAttribute('data-orientation', turn);
    }
  };
  apply();
  win.addEventListener('resize', apply);
  return () => win.removeEventListener('resize', apply);
}
