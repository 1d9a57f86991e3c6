import WebSocket from 'ws';

/**
 * A minimal tRPC websocket subscriber speaking the wire protocol directly, so thousands of them
 * fit in the benchmark process (each is one real websocket, like one browser tab).
 */
export interface Subscriber {
  ws: WebSocket;
  onData: (handler: (data: unknown, id: string | undefined, bytes: number, text: string) => void) => void;
  /** Resolves on the first data message (a live list's snapshot). */
  firstData: Promise<void>;
  close(): void;
}

export function subscribe(
  url: string,
  headers: Record<string, string>,
  path: string,
  input: unknown,
): Promise<Subscriber> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers, perMessageDeflate: false });
    let handler: (data: unknown, id: string | undefined, bytes: number, text: string) => void = () => {};
    let settled = false;
    let gotData: () => void = () => {};
    const firstData = new Promise<void>((r) => {
      gotData = r;
    });
    ws.on('open', () => {
      ws.send(JSON.stringify({ id: 1, method: 'subscription', params: { path, input } }));
    });
    ws.on('message', (raw) => {
      const text = String(raw);
      // tRPC keep-alive.
      if (text === 'PING') {
        ws.send('PONG');
        return;
      }
      if (text === 'PONG') return;
      const msg = JSON.parse(text) as {
        id?: number;
        method?: string;
        result?: { type: string; id?: string; data?: unknown };
        error?: { message: string };
      };
      if (msg.error && !settled) {
        settled = true;
        reject(new Error(msg.error.message));
        return;
      }
      if (msg.result?.type === 'started' && !settled) {
        settled = true;
        resolve({ ws, onData: (h) => (handler = h), firstData, close: () => ws.close() });
      }
      if (msg.result?.type === 'data') {
        gotData();
        // Tracked events arrive as { id, data }.
        const payload = msg.result.data as { id?: string; data?: unknown } | undefined;
        if (payload && typeof payload === 'object' && 'id' in payload && 'data' in payload) {
          handler(payload.data, payload.id, text.length, text);
        } else {
          handler(msg.result.data, msg.result.id, text.length, text);
        }
      }
    });
    ws.on('error', (err) => {
      if (!settled) {
        settled = true;
        reject(err);
      }
    });
  });
}
