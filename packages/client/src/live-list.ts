import { TRPCClientError } from '@trpc/client';
import { applyListMessage, type ListState, type LiveListEvent } from '@waybill/contracts';
import type { RouterInputs, RouterOutputs } from '@waybill/gateway/router';
import type { WaybillClient } from './index.js';

/** The live list subscriptions: `orders.live`, `inbounds.live`, `clients.live`. */
export type LiveListProcedure = 'orders' | 'inbounds' | 'clients';

type LiveInput<P extends LiveListProcedure> = RouterInputs[P]['live'];
/** What the subscription yields: tracked messages, `{ id, data }`. */
type LiveMessage<P extends LiveListProcedure> =
  RouterOutputs[P]['live'] extends AsyncIterable<{ data: infer Message }> ? Message : never;
type Snapshot<P extends LiveListProcedure> = Extract<LiveMessage<P>, { kind: 'snapshot' }>;
type RowOf<P extends LiveListProcedure> = Snapshot<P> extends { rows: Array<infer Row> } ? Row : never;
type MetaOf<P extends LiveListProcedure> = Snapshot<P> extends { meta: infer Meta } ? Meta : never;

/** One state of a live list: its rows and list-level fields, and whether live updates are paused. */
export interface LiveListState<Row, Meta> extends ListState<Row & { uid: string }, Meta> {
  /** True while the gateway says its refreshes keep failing (the rows may be stale meanwhile). */
  paused: boolean;
  /** When the gateway last fetched these rows (ms epoch), as its latest pause or resume said; null before. */
  dataAt: number | null;
  /** The message that brought this state: `snapshot` (the whole list) or `patch`. */
  kind: 'snapshot' | 'patch';
}

/** Sending the subscription again after its connection closed, at most this many times in a row. */
const MAX_RESENDS = 3;

/** The websocket failed, not the gateway: an answer of the gateway's carries a code. */
function isTransportFailure(error: unknown): boolean {
  return error instanceof TRPCClientError && !(error.data as { code?: unknown } | null | undefined)?.code;
}

/** The websocket's state as tRPC reports it: `connecting` with an error after a drop, `pending` once open. */
export interface LiveConnectionState {
  state: 'idle' | 'connecting' | 'pending';
  error: unknown;
}

/**
 * The current rows of a live list, each time they change: subscribes to `<procedure>.live` and
 * applies its snapshot and patches with the console's own reducer (applyListMessage). After a
 * dropped connection the client resubscribes with the last message's id (`lastEventId`): the gateway
 * replays what was missed, or sends a fresh snapshot when it no longer has it (after a restart, say).
 * Health messages (`paused`) yield the same rows with `paused` changed. Ends when the loop is left
 * (break/return) or `signal` aborts; throws when the subscription fails for good.
 * `onConnectionStateChange` hears of drops and reconnections, which yield nothing.
 */
export async function* liveList<P extends LiveListProcedure>(
  client: WaybillClient,
  procedure: P,
  input: LiveInput<P>,
  options: { signal?: AbortSignal; onConnectionStateChange?: (state: LiveConnectionState) => void } = {},
): AsyncGenerator<LiveListState<RowOf<P>, MetaOf<P>>, void, undefined> {
  type Event = LiveListEvent<RowOf<P> & { uid: string }, MetaOf<P>>;
  const queue: Event[] = [];
  let failure: { error: unknown } | null = null;
  let ended = false;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  const router = client[procedure] as unknown as {
    live: {
      subscribe(
        input: unknown,
        handlers: {
          onData(data: unknown): void;
          onError(error: unknown): void;
          onComplete(): void;
          onConnectionStateChange(state: LiveConnectionState): void;
        },
      ): { unsubscribe(): void };
    };
  };
  let resends = 0;
  const subscribe = (): { unsubscribe(): void } =>
    router.live.subscribe(input, {
      onData(data) {
        resends = 0;
        // Tracked messages arrive as { id, data }: the id is what a resume sends as lastEventId.
        const message = (data && typeof data === 'object' && 'data' in data ? data.data : data) as Event;
        queue.push(message);
        notify();
      },
      onError(error) {
        // A connection that closed while the subscription was being sent fails it, where tRPC
        // resends one dropped later: sent again here, it gets a fresh snapshot.
        if (isTransportFailure(error) && resends < MAX_RESENDS && !ended) {
          resends += 1;
          subscription = subscribe();
          return;
        }
        failure = { error };
        notify();
      },
      onComplete() {
        ended = true;
        notify();
      },
      onConnectionStateChange(state) {
        options.onConnectionStateChange?.(state);
      },
    });
  let subscription = subscribe();
  const abort = () => {
    ended = true;
    notify();
  };
  options.signal?.addEventListener('abort', abort, { once: true });
  let state: ListState<RowOf<P> & { uid: string }, MetaOf<P>> | null = null;
  let paused = false;
  let dataAt: number | null = null;
  try {
    for (;;) {
      const message = queue.shift();
      if (message) {
        if (message.kind === 'health') {
          paused = message.paused;
          dataAt = message.dataAt;
          if (state) yield { ...state, paused, dataAt, kind: 'patch' };
          continue;
        }
        state = applyListMessage(state, message);
        yield { ...state, paused, dataAt, kind: message.kind };
        continue;
      }
      if (failure) throw (failure as { error: unknown }).error;
      if (ended) return;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  } finally {
    options.signal?.removeEventListener('abort', abort);
    subscription.unsubscribe();
  }
}
