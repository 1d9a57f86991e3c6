import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appRouter } from '../../src/router.js';
import { type Hardened, openSocket, startHardened } from './stack.js';

const LIMIT = 3;
const MADE_UP = 'made-up-token-123';
const USERS_ME = '/users/me';

type Kind = 'query' | 'mutation' | 'subscription';
const procedures = Object.entries(
  (appRouter._def as unknown as { procedures: Record<string, { _def: { type: Kind } }> }).procedures,
).map(([path, p]) => ({ path, kind: p._def.type }));

let stack: Hardened;

// A gateway per test: each starts with the whole sign-in limit for 127.0.0.1.
beforeEach(async () => {
  stack = await startHardened({ SIGNIN_RATE_MAX: String(LIMIT), SIGNIN_RATE_WINDOW_MS: '60000' });
});

afterEach(async () => {
  await stack?.close();
});

const usersMe = () => stack.sim!.control.callCounts()[USERS_ME] ?? 0;

/** One HTTP call of `path` with `token` as the bearer; resolves with its tRPC answer. */
async function call(path: string, kind: Kind, token: string) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const res =
    kind === 'query'
      ? await fetch(`${stack.url}/trpc/${path}?input=${encodeURIComponent('{}')}`, { headers })
      : await fetch(`${stack.url}/trpc/${path}`, { method: 'POST', headers, body: '{}' });
  return (await res.json()) as { result?: unknown; error?: { message: string; data: { code: string } } };
}

/** A backend token a script got from the backend itself. */
async function backendToken(): Promise<string> {
  const res = await fetch(`${stack.sim!.url}/login/username_password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'ops@example.com', password: 'waybill-demo' }),
  });
  return ((await res.json()) as { data: { access_token: string } }).data.access_token;
}

describe('a made-up backend token', () => {
  it('gets nothing from any procedure but sign-in, the records the gateway keeps included', async () => {
    const open = procedures.filter((p) => p.kind !== 'subscription' && !p.path.startsWith('auth.'));
    expect(open.map((p) => p.path)).toEqual(expect.arrayContaining(['holds.list', 'activity.list']));
    for (const { path, kind } of open) {
      const answer = await call(path, kind, MADE_UP);
      expect(answer.result, path).toBeUndefined();
      expect(answer.error?.data.code, path).toBe('UNAUTHORIZED');
      expect(answer.error?.message, path).toBe('Sign in again: the backend does not accept this token');
    }
    // Asked about once: the refusal is remembered.
    expect(usersMe()).toBe(1);

    // Over a websocket, the live records answer no snapshot either.
    const socket = await openSocket(`${stack.wsUrl}?connectionParams=1`);
    try {
      socket.ws.send(JSON.stringify({ method: 'connectionParams', data: { token: MADE_UP } }));
      const live = ['holds.live', 'activity.live'];
      socket.ws.send(
        JSON.stringify(
          live.map((path, i) => ({ id: i + 1, method: 'subscription', params: { path, input: {} } })),
        ),
      );
      for (const id of [1, 2]) {
        const answer = (await socket.next((m) => (m as { id?: number }).id === id)) as {
          result?: unknown;
          error?: { data: { code: string } };
        };
        expect(answer.result, live[id - 1]).toBeUndefined();
        expect(answer.error?.data.code, live[id - 1]).toBe('UNAUTHORIZED');
      }
    } finally {
      socket.ws.close();
    }
  });

  it('counts against the sign-in limit per address when new, so rotating them cannot make the backend answer without end', async () => {
    const real = await backendToken();
    expect((await call('holds.list', 'query', real)).result).toBeDefined();
    for (let i = 1; i < LIMIT; i++)
      expect((await call('holds.list', 'query', `${MADE_UP}-${i}`)).error?.data.code).toBe('UNAUTHORIZED');
    const limited = await call('holds.list', 'query', `${MADE_UP}-${LIMIT}`);
    expect(limited.error?.data.code).toBe('TOO_MANY_REQUESTS');
    expect(limited.error?.message).toMatch(/^Too many sign-in attempts from this address/);
    expect(usersMe()).toBe(LIMIT);
    // A token the backend accepted lately is known: it is not held up.
    expect((await call('holds.list', 'query', real)).result).toBeDefined();
    expect(usersMe()).toBe(LIMIT);
  });
});
