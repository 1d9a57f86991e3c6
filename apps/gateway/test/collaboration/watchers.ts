import type { NotificationState, PresenceSnapshot } from '@waybill/contracts';
import type { Client } from '../realtime/harness.js';

export interface Watch<T> {
  latest: T | null;
  all: T[];
  ids: string[];
  /** When each of `all` arrived (ms epoch). */
  at: number[];
  errors: Array<{ message?: string; data?: { code?: string } }>;
  stop(): void;
}

type Subscribable = {
  subscribe(
    input: unknown,
    opts: { onData(d: unknown): void; onError(e: unknown): void },
  ): { unsubscribe(): void };
};

function collect<T>(on: unknown, input: unknown, unwrap: (d: unknown) => { id?: string; data: T }): Watch<T> {
  const w: Watch<T> = { latest: null, all: [], ids: [], at: [], errors: [], stop: () => {} };
  const sub = (on as Subscribable).subscribe(input, {
    onData(d) {
      const { id, data } = unwrap(d);
      if (id) w.ids.push(id);
      w.latest = data;
      w.all.push(data);
      w.at.push(Date.now());
    },
    onError(e) {
      w.errors.push(e as Watch<T>['errors'][number]);
    },
  });
  w.stop = () => sub.unsubscribe();
  return w;
}

export const watchPresence = (client: Client) =>
  collect<PresenceSnapshot>(
    client.presence.watch,
    undefined,
    (d) => d as { id: string; data: PresenceSnapshot },
  );

export const holdPresence = (client: Client, orderUid: string, typing = false) =>
  collect<{ held: true }>(client.presence.here, { orderUid, typing }, (d) => ({ data: d as { held: true } }));

export const watchNotifications = (client: Client, lastEventId?: string) =>
  collect<NotificationState>(client.notifications.live, lastEventId ? { lastEventId } : undefined, (d) => {
    const { id, data } = d as { id: string; data: NotificationState };
    return { id, data };
  });
