/** Which answers the client takes for the gateway's, from a server on loopback answering each body. */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedFetch, UnexpectedResponseError } from '../src/request-guard.js';

let server: Server;
let base: string;
/** The body the next request gets, as JSON with the status given. */
let answer: { status: number; body: string } = { status: 200, body: '' };

beforeAll(async () => {
  server = createServer((_request, response) => {
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}/trpc/users.me`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function taken(status: number, body: unknown, batched = true): Promise<boolean> {
  answer = { status, body: JSON.stringify(body) };
  const url = batched ? `${base}?batch=1&input=%7B%7D` : base;
  const outcome = await guardedFetch(1000)(url).catch((e: unknown) => e);
  if (outcome instanceof UnexpectedResponseError) {
    expect(outcome.status).toBe(status);
    expect(outcome.contentType).toBe('application/json');
    return false;
  }
  if (outcome instanceof Error) throw outcome;
  return true;
}

const refusal = { error: { message: 'Sign in first', code: -32001, data: { code: 'UNAUTHORIZED' } } };

describe('guardedFetch', () => {
  it("takes tRPC's answers: a batch's array of results and errors, or one error for the whole batch", async () => {
    expect(await taken(200, [{ result: { data: { ok: true } } }, refusal])).toBe(true);
    expect(await taken(400, refusal)).toBe(true);
    expect(await taken(200, { result: { data: 1 } }, false)).toBe(true);
    expect(await taken(401, refusal, false)).toBe(true);
  });

  it('refuses JSON of another server, even with an `error` key, as UnexpectedResponseError', async () => {
    // The backend-sim's own 404 and a web framework's: their `error` is no tRPC error.
    expect(await taken(404, { error: { code: 'not_found', message: 'No route GET /trpc/users.me' } })).toBe(
      false,
    );
    expect(await taken(404, { statusCode: 404, error: 'Not Found', message: 'Route not found' })).toBe(false);
    expect(await taken(200, { error: { code: -32001 } })).toBe(false);
    expect(await taken(200, [])).toBe(false);
    expect(await taken(200, [{ result: { data: 1 } }, { error: 'x' }])).toBe(false);
    // A batch is always answered with an array, unless tRPC refused it whole.
    expect(await taken(200, { result: { data: 1 } })).toBe(false);
    expect(await taken(200, [{ result: { data: 1 } }], false)).toBe(false);
  });
});
