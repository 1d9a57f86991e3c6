import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeHandler, sendJson, startFakeBackend } from '../fake-backend.js';
import { type Hardened, openSocket, startHardened } from './stack.js';

/** What a failing backend might say about itself: an internal address and a query. */
const INTERNAL = 'boom at 10.1.2.3:5432 running SELECT * FROM users';

const lines: string[] = [];
let fake: Awaited<ReturnType<typeof startFakeBackend>>;
let stack: Hardened;
let behaviour: FakeHandler = (_req, res) =>
  sendJson(res, 500, { error: { code: 'internal', message: INTERNAL } });

beforeAll(async () => {
  fake = await startFakeBackend((req, res) => behaviour(req, res));
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  stack = await startHardened({ BACKEND_URL: fake.url }, pino({ level: 'warn' }, sink));
});

afterAll(async () => {
  await stack?.close();
  await fake?.close();
});

interface ErrorBody {
  error: { message: string; data: { code: string; httpStatus: number; backend: unknown } };
}

/** The caller's answer says which call failed and how, never the backend's words. */
function expectGeneric(text: string, backendPath: string) {
  expect(text).not.toContain('boom');
  expect(text).not.toContain('10.1.2.3');
  expect(text).not.toContain('SELECT');
  const body = JSON.parse(text) as ErrorBody;
  expect(body.error.message).toBe(`Backend failed on ${backendPath} (HTTP 500)`);
  expect(body.error.data.code).toBe('BAD_GATEWAY');
  expect(body.error.data.backend).toEqual({ path: backendPath, status: 500, error: null });
}

describe('a backend answering 5xx with internals in its message', () => {
  it('answers an anonymous sign-in with the path and status only, and logs the detail with the request id', async () => {
    const response = await fetch(`${stack.url}/trpc/auth.passwordLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ops@example.com', password: 'waybill-demo' }),
    });
    expect(response.status).toBe(502);
    expectGeneric(await response.text(), '/login/username_password');
    const logged = lines
      .map((l) => JSON.parse(l) as { reqId?: string; backendError?: string; msg: string })
      .find((l) => l.msg === 'backend failure answered without its details');
    expect(logged?.backendError).toContain(INTERNAL);
    expect(logged?.reqId).toEqual(expect.any(String));
  });

  it('answers a signed-in caller the same, over HTTP and over the websocket', async () => {
    const response = await fetch(`${stack.url}/trpc/users.me`, {
      headers: { authorization: 'Bearer backend-token-1' },
    });
    expect(response.status).toBe(502);
    expectGeneric(await response.text(), '/users/me');

    const socket = await openSocket(stack.wsUrl, { authorization: 'Bearer backend-token-1' });
    try {
      socket.ws.send(JSON.stringify({ id: 1, method: 'query', params: { path: 'users.me', input: null } }));
      const answer = await socket.next((m) => (m as { id?: number }).id === 1);
      expectGeneric(JSON.stringify(answer), '/users/me');
    } finally {
      socket.ws.close();
    }
  });

  it('still passes a 4xx answer’s declared message: it tells the caller what to fix', async () => {
    behaviour = (_req, res) =>
      sendJson(res, 401, { error: { code: 'invalid_credentials', message: 'Wrong e-mail or password' } });
    try {
      const response = await fetch(`${stack.url}/trpc/auth.passwordLogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ops@example.com', password: 'wrong-password' }),
      });
      const body = (await response.json()) as ErrorBody;
      expect(body.error.message).toBe('Wrong e-mail or password');
    } finally {
      behaviour = (_req, res) => sendJson(res, 500, { error: { code: 'internal', message: INTERNAL } });
    }
  });
});
