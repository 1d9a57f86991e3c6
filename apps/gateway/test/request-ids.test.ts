import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type FakeHandler, sendJson, startFakeBackend } from './fake-backend.js';
import { type Hardened, openSocket, startHardened } from './hardening/stack.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const user = { uid: 'u1', name: 'Ops', department: 'customer_support', access_to: [], superadmin: false };

interface LogLine {
  reqId?: string;
  msg: string;
  backendPath?: string;
}

let fake: Awaited<ReturnType<typeof startFakeBackend>>;
let behaviour: FakeHandler = (_req, res) => sendJson(res, 200, { data: { user } });
/** Trusts 127.0.0.1 as its proxy (the tests' own address). */
let behindProxy: Hardened;
/** Trusts no proxy. */
let direct: Hardened;
const lines: LogLine[] = [];

beforeAll(async () => {
  fake = await startFakeBackend((req, res) => behaviour(req, res));
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as LogLine);
      done();
    },
  });
  behindProxy = await startHardened(
    { BACKEND_URL: fake.url, TRUST_PROXY: '127.0.0.1' },
    pino({ level: 'info' }, sink),
  );
  direct = await startHardened({ BACKEND_URL: fake.url });
});

afterAll(async () => {
  await behindProxy?.close();
  await direct?.close();
  await fake?.close();
});

const backendIdsOf = (path: string) =>
  fake.requests.filter((r) => r.url.startsWith(path)).map((r) => r.headers['x-request-id']);

describe('request ids', () => {
  it('answers every request with a new UUID when no trusted proxy named one', async () => {
    for (const path of ['/healthz', '/no-such-page', '/trpc/users.me']) {
      const response = await fetch(`${direct.url}${path}`, {
        headers: { 'x-request-id': 'forged-by-client' },
      });
      expect(response.headers.get('x-request-id'), path).toMatch(UUID);
    }
  });

  it("keeps a trusted proxy's sane X-Request-Id and replaces an insane one", async () => {
    const kept = await fetch(`${behindProxy.url}/healthz`, { headers: { 'x-request-id': 'lb-7f3a.91:x_2' } });
    expect(kept.headers.get('x-request-id')).toBe('lb-7f3a.91:x_2');
    for (const insane of ['a'.repeat(129), 'has space', 'quote"d', '<script>', '']) {
      const replaced = await fetch(`${behindProxy.url}/healthz`, { headers: { 'x-request-id': insane } });
      expect(replaced.headers.get('x-request-id'), insane).toMatch(UUID);
    }
  });

  it("puts the id in a failed call's error data, the backend call and the log lines of both", async () => {
    behaviour = (_req, res) => sendJson(res, 500, { error: { code: 'internal', message: 'boom' } });
    try {
      const response = await fetch(`${behindProxy.url}/trpc/users.me`, {
        headers: { authorization: 'Bearer backend-token-1', 'x-request-id': 'trace-abc-123' },
      });
      expect(response.status).toBe(502);
      expect(response.headers.get('x-request-id')).toBe('trace-abc-123');
      const body = (await response.json()) as { error: { data: { requestId: string } } };
      expect(body.error.data.requestId).toBe('trace-abc-123');
      expect(backendIdsOf('/users/me').at(-1)).toBe('trace-abc-123');
      const mine = lines.filter((l) => l.reqId === 'trace-abc-123').map((l) => l.msg);
      // The request's own lines, and the backend client's, which knows the request only by its scope.
      expect(mine).toEqual(
        expect.arrayContaining(['incoming request', 'backend error', 'request completed']),
      );
    } finally {
      behaviour = (_req, res) => sendJson(res, 200, { data: { user } });
    }
  });

  it("names the websocket's upgrade request in its calls' errors and backend calls", async () => {
    behaviour = (_req, res) => sendJson(res, 500, { error: { code: 'internal', message: 'boom' } });
    const socket = await openSocket(behindProxy.wsUrl, {
      authorization: 'Bearer backend-token-1',
      'x-request-id': 'upgrade-42',
    });
    try {
      socket.ws.send(JSON.stringify({ id: 1, method: 'query', params: { path: 'users.me', input: null } }));
      const answer = (await socket.next((m) => (m as { id?: number }).id === 1)) as {
        error: { data: { requestId: string } };
      };
      expect(answer.error.data.requestId).toBe('upgrade-42');
      expect(backendIdsOf('/users/me').at(-1)).toBe('upgrade-42');
      expect(lines.some((l) => l.reqId === 'upgrade-42' && l.msg === 'backend error')).toBe(true);
    } finally {
      socket.ws.close();
      behaviour = (_req, res) => sendJson(res, 200, { data: { user } });
    }
  });

  it('answers an accepted websocket upgrade with its id', async () => {
    const id = await new Promise<string | undefined>((resolve, reject) => {
      const ws = new WebSocket(behindProxy.wsUrl, { headers: { 'x-request-id': 'upgrade-ok-7' } });
      ws.on('upgrade', (res) => resolve(res.headers['x-request-id'] as string | undefined));
      ws.on('open', () => ws.close());
      ws.on('error', reject);
    });
    expect(id).toBe('upgrade-ok-7');
  });

  it('answers a refused websocket upgrade with its id', async () => {
    const status = await new Promise<{ code: number; id: string | undefined }>((resolve, reject) => {
      const ws = new WebSocket(direct.wsUrl, { headers: { origin: 'https://evil.example.com' } });
      ws.on('unexpected-response', (req, res) => {
        req.destroy();
        resolve({ code: res.statusCode ?? 0, id: res.headers['x-request-id'] as string | undefined });
      });
      ws.on('open', () => reject(new Error('the upgrade was accepted')));
      ws.on('error', () => {});
    });
    expect(status.code).toBe(403);
    expect(status.id).toMatch(UUID);
  });
});
