import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../src/router.js';
import { type Hardened, openSocket, startHardened } from './stack.js';

const procedures = (appRouter._def as unknown as { procedures: Record<string, { _def: { type: string } }> })
  .procedures;
const subscriptions = Object.keys(procedures).filter(
  (path) => procedures[path]?._def.type === 'subscription',
);

let stack: Hardened;
let token: string;

beforeAll(async () => {
  // One page of live rows per session: a refused call that held any would leave none for the websocket.
  stack = await startHardened({ SESSION_MAX_LIVE_ROWS: '100' });
  token = await stack.signIn();
});

afterAll(async () => {
  await stack?.close();
});

interface StreamEvent {
  type: string;
  data: unknown;
}

/**
 * The first event of an event stream that is neither tRPC's `connected` nor a ping, and then
 * whether the stream ends (a stream that stays open is cut off by the fetch's deadline).
 */
async function firstEvent(
  response: Response,
): Promise<{ event: StreamEvent | null; ends(): Promise<boolean> }> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const ends = async () => {
    try {
      while (!(await reader.read()).done);
      return true;
    } catch {
      return false;
    }
  };
  let text = '';
  try {
    while (true) {
      const { value, done } = await reader.read();
      if (done) return { event: null, ends: async () => true };
      text += decoder.decode(value, { stream: true });
      const blocks = text.split('\n\n');
      text = blocks.pop() ?? '';
      for (const block of blocks) {
        const fields = Object.fromEntries(
          block
            .split('\n')
            .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
        );
        const type = fields.event ?? 'message';
        if (type === 'connected' || type === 'ping') continue;
        return { event: { type, data: fields.data ? JSON.parse(fields.data) : null }, ends };
      }
    }
  } catch {
    return { event: null, ends: async () => false };
  }
}

/** Inputs the console's live screens send: valid, so only the transport can be refused. */
const LIVE_INPUTS: Record<string, unknown> = {
  'holds.live': undefined,
  'activity.live': {},
  'orders.live': { window: { skip: 0, limit: 100 } },
};

describe('subscriptions over HTTP', () => {
  it('are refused, every one, naming the websocket endpoint, and the stream ends', async () => {
    expect(subscriptions).toEqual(expect.arrayContaining(Object.keys(LIVE_INPUTS)));
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    // The live screens' calls, then every subscription with no input: the transport is refused before
    // the input is read.
    const calls = [
      ...Object.entries(LIVE_INPUTS).map(([path, input]) => ({ path, input, method: 'GET' })),
      ...subscriptions.flatMap((path) =>
        ['GET', 'POST'].map((method) => ({ path, input: undefined, method })),
      ),
    ];
    for (const { path, input, method } of calls) {
      const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
      const response = await fetch(`${stack.url}/trpc/${path}${query}`, {
        method,
        headers,
        ...(method === 'POST' ? { body: '{}' } : {}),
        signal: AbortSignal.timeout(5000),
      });
      const { event, ends } = await firstEvent(response);
      const where = `${method} ${path}: ${JSON.stringify(event)}`;
      expect(event?.type, where).toBe('serialized-error');
      const error = event?.data as { message: string; data: { code: string } };
      expect(error.data.code, where).toBe('METHOD_NOT_SUPPORTED');
      expect(error.message, where).toMatch(/websocket at \/trpc/);
      expect(await ends(), where).toBe(true);
    }
  });

  it('still run over the websocket, with the whole budget a refused call never held', async () => {
    const input = encodeURIComponent(JSON.stringify(LIVE_INPUTS['orders.live']));
    const refused = await firstEvent(
      await fetch(`${stack.url}/trpc/orders.live?input=${input}`, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(5000),
      }),
    );
    expect((refused.event?.data as { data?: { code?: string } } | null)?.data?.code).toBe(
      'METHOD_NOT_SUPPORTED',
    );
    expect(await refused.ends()).toBe(true);

    const socket = await openSocket(stack.wsUrl, { authorization: `Bearer ${token}` });
    const answer = (id: number) => (m: unknown) => {
      const message = m as { id?: number; result?: { type?: string }; error?: unknown };
      return message.id === id && (message.result?.type === 'data' || message.error !== undefined);
    };
    try {
      for (const [id, path] of ['holds.live', 'orders.live'].entries())
        socket.ws.send(
          JSON.stringify({ id, method: 'subscription', params: { path, input: LIVE_INPUTS[path] } }),
        );
      const holds = (await socket.next(answer(0))) as { result: { data: { data: unknown } } };
      expect(holds.result.data.data).toEqual({ holds: [] });
      const orders = (await socket.next(answer(1))) as { error?: unknown };
      expect(orders.error).toBeUndefined();
    } finally {
      socket.ws.close();
    }
  });
});
