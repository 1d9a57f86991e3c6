import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_PROCEDURES } from '../../src/security/sign-in-limit.js';
import { type Hardened, openSocket, type RawSocket, startHardened } from './stack.js';

const LIMIT = 3;
const RIGHT_PASSWORD = { email: 'ops@example.com', password: 'waybill-demo', bearer: true };

/** A well-formed call of each procedure the sign-in limit covers. */
const ATTEMPTS: Record<string, unknown> = {
  'auth.passwordLogin': { ...RIGHT_PASSWORD, password: 'wrong-password' },
  'auth.googleAuthorizationLink': {},
  'auth.googleCallback': { code: 'guessed-code', state: 'guessed-state' },
  'auth.shopifyAuthorize': { query: { shop: 'demo.myshopify.com', hmac: 'x' } },
  'auth.shopifyGenerateToken': { query: { shop: 'demo.myshopify.com', code: 'guessed-code', hmac: 'x' } },
};
const QUERIES = new Set(['auth.googleAuthorizationLink', 'auth.shopifyAuthorize']);

let stack: Hardened;

beforeAll(async () => {
  stack = await startHardened({ SIGNIN_RATE_MAX: String(LIMIT), SIGNIN_RATE_WINDOW_MS: '60000' });
});

afterAll(async () => {
  await stack?.close();
});

/** Backend calls of the sign-in flows. */
function signInCalls(): number {
  const counts = stack.sim!.control.callCounts();
  return Object.entries(counts)
    .filter(([route]) => /login|authorization/.test(route))
    .reduce((sum, [, n]) => sum + n, 0);
}

/** Sends one message of calls and resolves with their answers, in order. */
async function send(socket: RawSocket, calls: Array<{ path: string; input: unknown }>, firstId: number) {
  const message = calls.map(({ path, input }, i) => ({
    id: firstId + i,
    method: QUERIES.has(path) ? 'query' : 'mutation',
    params: { path, input },
  }));
  socket.ws.send(JSON.stringify(message));
  return Promise.all(
    message.map(({ id }) => socket.next((m) => (m as { id?: number }).id === id)),
  ) as Promise<Array<{ result?: { data: unknown }; error?: { message: string; data: { code: string } } }>>;
}

describe('sign-in over a websocket', () => {
  it('is refused before the backend is asked, on anonymous and signed-in sockets: passwords cannot be tried past the limit', async () => {
    expect(Object.keys(ATTEMPTS).sort()).toEqual([...SIGN_IN_PROCEDURES].sort());
    const token = await stack.signIn();
    const before = signInCalls();
    // Twice the limit's worth of wrong passwords, then the right one; and every other sign-in.
    const guesses = Array.from({ length: 2 * LIMIT }, () => ({
      path: 'auth.passwordLogin',
      input: ATTEMPTS['auth.passwordLogin'],
    }));
    const calls = [
      ...guesses,
      { path: 'auth.passwordLogin', input: RIGHT_PASSWORD },
      ...SIGN_IN_PROCEDURES.map((path) => ({ path, input: ATTEMPTS[path] })),
    ];
    const anonymous = await openSocket(stack.wsUrl);
    const signedIn = await openSocket(stack.wsUrl, { authorization: `Bearer ${token}` });
    try {
      for (const socket of [anonymous, signedIn]) {
        const answers = await send(socket, calls, 1);
        for (const [i, answer] of answers.entries()) {
          const where = `${calls[i]?.path}: ${JSON.stringify(answer)}`;
          expect(answer.result, where).toBeUndefined();
          expect(answer.error?.data.code, where).toBe('METHOD_NOT_SUPPORTED');
          expect(answer.error?.message, where).toBe(
            `Sign in over HTTP (/trpc/${calls[i]?.path}), not over the websocket`,
          );
        }
      }
      expect(signInCalls()).toBe(before);
    } finally {
      anonymous.ws.close();
      signedIn.ws.close();
    }

    // Over HTTP the limit still counts every attempt from this address (the sign-in above was one).
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i++) {
      const response = await fetch(`${stack.url}/trpc/auth.passwordLogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(RIGHT_PASSWORD),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });
});
