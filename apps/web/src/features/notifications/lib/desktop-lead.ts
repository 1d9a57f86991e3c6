/** One lock per browser profile: the tab holding it is the one that shows desktop notifications. */
const LOCK_NAME = 'waybill.desktop-notifications';

export interface DesktopLead {
  /** True while this tab holds the lock. */
  leads(): boolean;
  release(): void;
}

/**
 * Elects one tab of the browser to show desktop notifications, with the Web Locks API: every tab asks
 * for the same lock and holds it until it closes, so exactly one holds it and the next in line takes
 * over when that tab goes (the browser releases a closed tab's locks). Without the API (an old
 * browser), every tab shows them, as before.
 */
export function claimDesktopLead(locks: LockManager | undefined = globalThis.navigator?.locks): DesktopLead {
  if (!locks) return { leads: () => true, release: () => {} };
  let leading = false;
  let letGo = () => {};
  const held = new Promise<void>((resolve) => {
    letGo = resolve;
  });
  const abort = new AbortController();
  locks
    .request(LOCK_NAME, { signal: abort.signal }, async () => {
      leading = true;
      await held;
      leading = false;
    })
    // Aborted while waiting in line (the tab's centre unmounted): nothing to hold.
    .catch(() => {});
  return {
    leads: () => leading,
    release: () => {
      abort.abort();
      letGo();
    },
  };
}
