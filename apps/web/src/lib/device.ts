import { deviceKind, orientation } from '@waybill/contracts';

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
