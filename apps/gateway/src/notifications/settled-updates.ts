import type { NotificationStore } from './notification-store.js';

/**
 * How often a user's centre is pushed at most. `notifications.live` sends the whole centre on every
 * update, so a burst of notifications (a colleague's bulk change) would send it once per item: the
 * first update goes at once, the rest of a burst is folded into one push at the end of the interval.
 */
export const CENTRE_PUSH_INTERVAL_MS = 500;

/** Calls `deliver` for a user at once, then at most once per `intervalMs` while updates keep coming. */
export class UpdateThrottle {
  private readonly waiting = new Map<string, { again: boolean; timer: NodeJS.Timeout }>();

  constructor(
    private readonly intervalMs: number,
    private readonly deliver: (userUid: string) => void,
  ) {}

  update(userUid: string): void {
    const slot = this.waiting.get(userUid);
    if (slot) {
      slot.again = true;
      return;
    }
    this.deliver(userUid);
    const timer = setTimeout(() => {
      const done = this.waiting.get(userUid);
      this.waiting.delete(userUid);
      if (done?.again) this.update(userUid);
    }, this.intervalMs);
    timer.unref();
    this.waiting.set(userUid, { again: false, timer });
  }

  close(): void {
    for (const { timer } of this.waiting.values()) clearTimeout(timer);
    this.waiting.clear();
  }
}

/**
 * `store` with its updates throttled per user (UpdateThrottle), on this replica's listeners; every
 * other method is the store's own.
 */
export function withSettledUpdates<S extends NotificationStore>(store: S, intervalMs: number): S {
  const listeners = new Set<(userUid: string) => void>();
  const throttle = new UpdateThrottle(intervalMs, (userUid) => {
    for (const listener of listeners) listener(userUid);
  });
  const stop = store.onUpdate((userUid) => throttle.update(userUid));
  const own: Pick<NotificationStore, 'onUpdate' | 'close'> = {
    onUpdate(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      stop();
      throttle.close();
      listeners.clear();
      await store.close();
    },
  };
  return new Proxy(store, {
    get(target, property) {
      if (property === 'onUpdate' || property === 'close') return own[property];
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
