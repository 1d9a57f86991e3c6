import { limitRefusal } from './limit-reached.js';

/**
 * Queries and mutations running per session (SESSION_MAX_IN_FLIGHT), over HTTP and every websocket
 * of it. tRPC starts each call of a websocket message at once, and the message rate alone let one
 * session start calls faster than gateway-local writes finish: each waiting call held its context,
 * span and promise until the process ran out of memory. Past the cap a call is refused before it
 * holds anything, so one session's share of memory is bounded whatever it sends.
 */
export class SessionCalls {
  private readonly running = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** Calls of `session` running now. */
  inFlight(session: string): number {
    return this.running.get(session) ?? 0;
  }

  /**
   * Runs `call` counted against `session` (null: an anonymous call, capped by the sign-in limits),
   * or throws TOO_MANY_REQUESTS naming the limit without calling it.
   */
  async run<R>(session: string | null, call: () => Promise<R>): Promise<R> {
    if (session === null) return call();
    const held = this.inFlight(session);
    if (held >= this.max)
      throw limitRefusal(
        'TOO_MANY_REQUESTS',
        'SESSION_MAX_IN_FLIGHT',
        `Too many calls of this session running at once (at most ${this.max}, SESSION_MAX_IN_FLIGHT): wait for their answers`,
      );
    this.running.set(session, held + 1);
    try {
      return await call();
    } finally {
      const left = this.inFlight(session) - 1;
      if (left > 0) this.running.set(session, left);
      else this.running.delete(session);
    }
  }
}
