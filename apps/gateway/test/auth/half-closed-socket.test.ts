import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Hardened, startHardened } from '../hardening/stack.js';

/**
 * A websocket client written on a bare TCP socket, so it can do what `ws` never does: ignore the
 * server's close frame and go on sending.
 */
class BareWebsocket {
  private received = Buffer.alloc(0);
  private readonly waiters: Array<() => void> = [];
  readonly ended: Promise<void>;

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.ended = new Promise((resolve) => socket.once('close', () => resolve()));
  }

  static async open(port: number, token: string): Promise<BareWebsocket> {
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const client = new BareWebsocket(socket);
    socket.write(
      [
        'GET /trpc HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        'Upgrade: websocket',
        'Connection: Upgrade',
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
        'Sec-WebSocket-Version: 13',
        `Authorization: Bearer ${token}`,
        '',
        '',
      ].join('\r\n'),
    );
    await client.until((text) => text.includes('\r\n\r\n'));
    if (!client.text().startsWith('HTTP/1.1 101')) throw new Error(`upgrade refused: ${client.text()}`);
    client.received = client.received.subarray(client.received.indexOf('\r\n\r\n') + 4);
    return client;
  }

  /** Everything received so far, frames' bytes included, as text. */
  text(): string {
    return this.received.toString('latin1');
  }

  /** Resolves once what was received satisfies `done`. */
  async until(done: (text: string) => boolean): Promise<void> {
    while (!done(this.text())) await new Promise<void>((wake) => this.waiters.push(wake));
  }

  /** Sends one masked text frame, as a browser does. */
  send(message: unknown): void {
    const payload = Buffer.from(JSON.stringify(message));
    const mask = randomBytes(4);
    const head =
      payload.length < 126
        ? Buffer.from([0x81, 0x80 | payload.length])
        : Buffer.from([0x81, 0x80 | 126, payload.length >> 8, payload.length & 0xff]);
    const body = payload.map((byte, i) => byte ^ mask[i % 4]!);
    this.socket.write(Buffer.concat([head, mask, body]));
  }

  /** Ends the TCP connection from this side (what was sent before still reaches the server first). */
  end(): void {
    this.socket.end();
  }
}

describe('a signed-out session on a socket that ignores the close frame', { timeout: 30_000 }, () => {
  let stack: Hardened;

  beforeAll(async () => {
    stack = await startHardened();
  });
  afterAll(async () => {
    await stack?.close();
  });

  const viewNames = async (token: string) => {
    const res = await fetch(`${stack.url}/trpc/views.list`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as { result: { data: { views: Array<{ name: string }> } } };
    return body.result.data.views.map((v) => v.name);
  };

  it('runs nothing it sends after the logout', async () => {
    const token = await stack.signIn();
    const port = Number(new URL(stack.url).port);
    const socket = await BareWebsocket.open(port, token);
    socket.send({ id: 1, method: 'query', params: { path: 'users.me' } });
    await socket.until((text) => text.includes('"id":1'));

    const logout = await fetch(`${stack.url}/trpc/auth.logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    expect(logout.status).toBe(200);
    await socket.until((text) => text.includes('signed out'));

    // Not answering the close frame, the client saves a view with the ended session.
    socket.send({
      id: 2,
      method: 'mutation',
      params: {
        path: 'views.save',
        input: { id: 'after-logout', name: 'After logout', path: '/realtime', search: '', filter: {} },
      },
    });
    // The server reads what came before the end of the stream before it sees the end.
    socket.end();
    await socket.ended;
    expect(socket.text()).not.toContain('"id":2');
    expect(await viewNames(await stack.signIn())).not.toContain('After logout');
  });
});
