import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { RealtimeLogger } from '../realtime/types.js';
import type { PresenceEntry, PresenceTransport } from './presence-hub.js';

type Wire =
  | { replica: string; kind: 'entries'; entries: PresenceEntry[] }
  | { replica: string; kind: 'left' }
  | { replica: string; kind: 'sync' };

const isText = (v: unknown, max = 300): v is string =>
  typeof v === 'string' && v.length > 0 && v.length <= max;

function readEntries(raw: unknown): PresenceEntry[] | null {
  if (!Array.isArray(raw)) return null;
  const out: PresenceEntry[] = [];
  for (const e of raw as Partial<PresenceEntry>[]) {
    if (!isText(e?.holder) || !isText(e.userUid) || !isText(e.orderUid) || typeof e.name !== 'string')
      return null;
    out.push({
      holder: e.holder,
      userUid: e.userUid,
      name: e.name,
      orderUid: e.orderUid,
      typing: e.typing === true,
    });
  }
  return out;
}

/**
 * Presence between replicas on one Redis channel: each replica publishes its whole set of entries
 * (on change and as a heartbeat), says when it leaves, and asks for everyone's on start.
 */
export class RedisPresenceTransport implements PresenceTransport {
  private readonly replica = randomUUID();
  private readonly ready: Promise<unknown>;
  private listener: ((replica: string, entries: PresenceEntry[] | null) => void) | null = null;
  private last: PresenceEntry[] = [];

  constructor(
    private readonly opts: { redis: Redis; subscriber: Redis; channel: string; logger: RealtimeLogger },
  ) {
    opts.subscriber.on('message', (channel: string, message: string) => {
      if (channel !== opts.channel) return;
      let wire: Wire;
      try {
        wire = JSON.parse(message) as Wire;
      } catch {
        return;
      }
      if (!isText(wire?.replica) || wire.replica === this.replica) return;
      if (wire.kind === 'sync') this.publish(this.last);
      else if (wire.kind === 'left') this.listener?.(wire.replica, null);
      else if (wire.kind === 'entries') {
        const entries = readEntries(wire.entries);
        if (entries) this.listener?.(wire.replica, entries);
        else opts.logger.warn({ channel }, 'presence: skipped an unreadable message');
      }
    });
    this.ready = opts.subscriber.subscribe(opts.channel).catch((error: unknown) => {
      opts.logger.error({ err: (error as Error).message }, 'presence: subscribe failed');
    });
  }

  /** Resolves once other replicas' entries are being received. */
  whenReady(): Promise<unknown> {
    return this.ready;
  }

  publish(entries: PresenceEntry[]): void {
    this.last = entries;
    this.send({ replica: this.replica, kind: 'entries', entries });
  }

  onRemote(listener: (replica: string, entries: PresenceEntry[] | null) => void): void {
    this.listener = listener;
  }

  requestSync(): void {
    void this.ready.then(() => this.send({ replica: this.replica, kind: 'sync' }));
  }

  async close(): Promise<void> {
    await this.opts.redis
      .publish(this.opts.channel, JSON.stringify({ replica: this.replica, kind: 'left' }))
      .catch(() => {});
  }

  private send(wire: Wire): void {
    this.opts.redis.publish(this.opts.channel, JSON.stringify(wire)).catch((error: unknown) => {
      this.opts.logger.warn({ err: (error as Error).message }, 'presence: publish failed');
    });
  }
}
