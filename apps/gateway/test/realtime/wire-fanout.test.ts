import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import { applyListMessage, type ListMessage, type ListState, type Order } from '@waybill/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { WireSink } from '../../src/realtime/wire-fanout.js';
import type { AppRouter } from '../../src/router.js';
import { metricsText } from '../helpers.js';
import { eventually, polledOrders, type Stack, startStack } from './harness.js';

type Meta = Record<string, unknown>;
type Msg = ListMessage<Order, Meta>;
const input = { filter: {}, window: { skip: 0, limit: 20 } };

/** A raw tRPC websocket client: every frame it got, parsed. */
async function rawSocket(url: string, token: string) {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/trpc`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const frames: Array<{
    id?: unknown;
    jsonrpc?: string;
    result?: { type: string; id?: string; data?: unknown };
  }> = [];
  ws.on('message', (raw) => {
    const text = String(raw);
    if (text !== 'PING' && text !== 'PONG') frames.push(JSON.parse(text));
  });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  return { ws, frames };
}

describe('cohort pushes written to the sockets in tRPC wire format', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ LIVE_COHORTS_PER_USER: '100' });
  });
  afterAll(async () => {
    await stack.close();
  });

  it('a wsLink client gets snapshot then patches, the patches through the direct path', async () => {
    const write = vi.spyOn(WireSink.prototype, 'write');
    const { client } = await stack.signIn();
    let state: ListState<Order, Meta> | null = null;
    const messages: Msg[] = [];
    const sub = client.orders.live.subscribe(input, {
      onData: ({ data }) => {
        messages.push(data as Msg);
        state = applyListMessage(state, data as Msg);
      },
    });
    const snapshot = (await eventually('snapshot', () => state))!;
    const target = polledOrders(snapshot.rows)[0]!;
    const changed = stack.sim.control.changeOrder(target.uid) as Order;
    // The change may also take the order out of the default filter.
    await eventually('the changed row', () =>
      messages.some(
        (m) =>
          m.kind === 'patch' &&
          (m.upserts.some((o) => o.uid === target.uid && o.updated_at === changed.updated_at) ||
            m.removed.includes(target.uid)),
      ),
    );
    expect(messages[0]!.kind).toBe('snapshot');
    expect(messages.slice(1).every((m) => m.kind === 'patch')).toBe(true);
    expect(write).toHaveBeenCalled();
    // The direct writes are counted, with the time they took (what `pnpm bench` reads per socket).
    // Counted before the metrics are read: a later stage (the statistics) may still be written meanwhile.
    const writesSoFar = write.mock.calls.length;
    const metrics = await metricsText(stack.url);
    const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(metrics)?.[1]);
    expect(value('waybill_push_writes_total')).toBeGreaterThanOrEqual(writesSoFar);
    expect(value('waybill_push_write_seconds_total')).toBeGreaterThan(0);
    write.mockRestore();
    sub.unsubscribe();
  });

  it('frames carry the request id and jsonrpc as sent; a stop answers `stopped` and ends the pushes', async () => {
    const { token } = await stack.signIn();
    const a = await rawSocket(stack.url, token);
    const b = await rawSocket(stack.url, token);
    const subscribe = (s: typeof a, id: number) =>
      s.ws.send(
        JSON.stringify({
          id,
          jsonrpc: '2.0',
          method: 'subscription',
          params: { path: 'orders.live', input },
        }),
      );
    subscribe(a, 7);
    subscribe(b, 9);
    const data = (s: typeof a) => s.frames.filter((f) => f.result?.type === 'data');
    await eventually('both snapshots', () => data(a).length === 1 && data(b).length === 1);
    expect(a.frames[0]).toEqual({ id: 7, jsonrpc: '2.0', result: { type: 'started' } });
    const rows = polledOrders((data(a)[0]!.result!.data as { data: ListState<Order, Meta> }).data.rows);

    stack.sim.control.changeOrder(rows[0]!.uid);
    await eventually('a pushed patch on both', () => data(a).length >= 2 && data(b).length >= 2);
    const patch = data(a)[1]!;
    // tRPC's data frame for a tracked event: the event id twice, the payload under data.data.
    expect(patch.id).toBe(7);
    expect(patch.jsonrpc).toBe('2.0');
    expect(patch.result!.id).toMatch(/^[0-9a-f]{8}:\d+$/);
    expect(patch.result!.data).toEqual({
      id: patch.result!.id,
      data: expect.objectContaining({ kind: 'patch' }),
    });
    expect(data(b)[1]!.id).toBe(9);

    a.ws.send(JSON.stringify({ id: 7, jsonrpc: '2.0', method: 'subscription.stop' }));
    await eventually('stopped', () => a.frames.find((f) => f.result?.type === 'stopped'));
    const afterStop = a.frames.length;
    // Both stages of the first change have landed on b before the second change is made.
    await eventually('the statistics stage on b', () => data(b).length >= 3);
    const bBefore = data(b).length;
    stack.sim.control.changeOrder(rows[1]!.uid);
    // The other socket of the same cohort gets the next push; the stopped one gets nothing more.
    await eventually('the next push on the other socket', () => data(b).length > bBefore);
    expect(a.frames.length).toBe(afterStop);
    expect(a.frames.at(-1)).toEqual({ id: 7, jsonrpc: '2.0', result: { type: 'stopped' } });
    a.ws.close();
    b.ws.close();
  });

  it('wsLink reconnects and resumes with lastEventId: the missed patches, no second snapshot', async () => {
    const { token } = await stack.signIn();
    const wsClient = createWSClient({
      url: `${stack.url.replace(/^http/, 'ws')}/trpc`,
      WebSocket: WebSocket as unknown as typeof globalThis.WebSocket,
      connectionParams: () => ({ token }),
      retryDelayMs: () => 100,
    });
    const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient })] });
    const ids: string[] = [];
    const messages: Msg[] = [];
    let state: ListState<Order, Meta> | null = null;
    const sub = client.orders.live.subscribe(input, {
      onData: ({ id, data }) => {
        ids.push(id);
        messages.push(data as Msg);
        state = applyListMessage(state, data as Msg);
      },
    });
    const snapshot = (await eventually('snapshot', () => state))!;
    const rows = polledOrders(snapshot.rows);
    // The server drops every socket; the change lands while the client is away.
    for (const socket of stack.app.websocketServer.clients) socket.terminate();
    const changed = stack.sim.control.changeOrder(rows[2]!.uid) as Order;
    await eventually(
      'the change after the reconnect',
      () =>
        messages.some(
          (m) =>
            m.kind === 'patch' &&
            (m.upserts.some((o) => o.uid === changed.uid && o.updated_at === changed.updated_at) ||
              m.removed.includes(changed.uid)),
        ),
      10_000,
    );
    expect(messages.filter((m) => m.kind === 'snapshot')).toHaveLength(1);
    const [epoch, seq] = ids[0]!.split(':');
    expect(ids).toEqual(ids.map((_, i) => `${epoch}:${Number(seq) + i}`));
    sub.unsubscribe();
    wsClient.close();
  });
});

describe('WireSink backpressure', () => {
  const frame = (id: string) => ({ id, message: { kind: 'patch', upserts: [], removed: [] } });

  function fakeSocket() {
    return {
      readyState: 1,
      bufferedAmount: 0,
      sent: [] as string[],
      send(b: Buffer) {
        this.sent.push(String(b));
      },
    };
  }

  it('a slow socket is skipped, then gets the latest state once drained; a fast one gets every push', async () => {
    const { WireFrame } = await import('../../src/realtime/wire-fanout.js');
    const slow = fakeSocket();
    const fast = fakeSocket();
    const latest = [{ id: 'e:3', message: { kind: 'snapshot', rows: [], meta: {} } }];
    const signal = new AbortController().signal;
    const sinks = [slow, fast].map(
      (socket) => new WireSink({ id: 1, socket: socket as never, signal }, () => latest as never),
    );
    slow.bufferedAmount = 10 * 1024 * 1024;
    for (const id of ['e:1', 'e:2', 'e:3']) {
      const f = new WireFrame(frame(id) as never);
      for (const sink of sinks) sink.write(f);
    }
    expect(fast.sent.map((s) => JSON.parse(s).result.id)).toEqual(['e:1', 'e:2', 'e:3']);
    expect(slow.sent).toEqual([]);
    slow.bufferedAmount = 0;
    await eventually('the catch-up', () => slow.sent.length > 0);
    expect(slow.sent.map((s) => JSON.parse(s))).toEqual([
      { id: 1, result: { type: 'data', id: 'e:3', data: { id: 'e:3', data: latest[0]!.message } } },
    ]);
    for (const sink of sinks) sink.close();
  });
});
