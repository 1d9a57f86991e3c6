import { AUTH_COOKIE_NAME } from '@waybill/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../src/router.js';
import { type Hardened, openSocket, type RawSocket, startHardened } from './stack.js';

type Kind = 'query' | 'mutation' | 'subscription';
interface ProcedureDef {
  _def: { type: Kind; inputs: unknown[] };
}
const procedures = Object.entries(
  (appRouter._def as unknown as { procedures: Record<string, ProcedureDef> }).procedures,
).map(([path, p]) => ({ path, kind: p._def.type, input: p._def.inputs[0] }));

/** Field names of a zod schema, two levels deep, so random inputs often get past the outer checks. */
function fieldNames(schema: unknown, depth = 0, out = new Set<string>()): Set<string> {
  if (!schema || typeof schema !== 'object' || depth > 2) return out;
  const s = schema as {
    shape?: Record<string, unknown>;
    unwrap?: () => unknown;
    def?: { innerType?: unknown };
  };
  if (s.shape && typeof s.shape === 'object')
    for (const [key, child] of Object.entries(s.shape)) {
      out.add(key);
      fieldNames(child, depth + 1, out);
    }
  else if (s.def?.innerType) fieldNames(s.def.innerType, depth, out);
  return out;
}
const KEYS = [...new Set(procedures.flatMap((p) => [...fieldNames(p.input)]))];
const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'then'];

/** A JSON text (not a value: own `__proto__` keys must survive into the wire text). */
type Json = string;
const str = (s: string): Json => JSON.stringify(s);

const scalar: fc.Arbitrary<Json> = fc.oneof(
  fc.string({ maxLength: 40 }).map(str),
  fc.constantFrom('""', '"0"', '"-1"', '"NaN"', '"2024-13-45T99:99"', '"<script>"', '"\\u0000"', '"ﾟ"'),
  fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })).map((n) => JSON.stringify(n)),
  fc.constantFrom('1e308', '-1e308', '9007199254740993', '-0', 'true', 'false', 'null'),
);
const hugeString = fc.integer({ min: 10_000, max: 300_000 }).map((n) => str('x'.repeat(n)));
const deepNest = fc
  .tuple(fc.integer({ min: 100, max: 5000 }), fc.boolean())
  .map(([n, arrays]) =>
    arrays ? `${'['.repeat(n)}${']'.repeat(n)}` : `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`,
  );
const pollution = fc.constantFrom(
  '{"__proto__":{"polluted":"yes"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '{"filter":{"__proto__":{"polluted":"yes"}},"__proto__":{"isAdmin":true}}',
);

const json: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 4 }).map((a) => `[${a.join(',')}]`),
    fc
      .array(fc.tuple(fc.constantFrom(...KEYS, ...HOSTILE_KEYS), tie('value')), { maxLength: 5 })
      .map((entries) => `{${entries.map(([k, v]) => `${str(k)}:${v}`).join(',')}}`),
  ),
})).value;

const input: fc.Arbitrary<Json> = fc.oneof(
  { arbitrary: json, weight: 6 },
  { arbitrary: fc.anything().map((v) => JSON.stringify(v) ?? 'null'), weight: 2 },
  { arbitrary: hugeString, weight: 1 },
  { arbitrary: deepNest, weight: 1 },
  { arbitrary: pollution, weight: 1 },
);

/** Error codes a bad input may earn; anything else (INTERNAL_SERVER_ERROR, BAD_GATEWAY…) is a bug. */
const CLIENT_CODES = new Set([
  'BAD_REQUEST',
  'PARSE_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'PAYLOAD_TOO_LARGE',
  'UNPROCESSABLE_CONTENT',
  'TOO_MANY_REQUESTS',
  'METHOD_NOT_SUPPORTED',
]);

let stack: Hardened;
let token: string;
const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();

beforeAll(async () => {
  stack = await startHardened({ SIGNIN_RATE_MAX: '1000000', WS_MESSAGES_PER_SECOND: '100000' });
  token = await stack.signIn();
});

afterAll(async () => {
  await stack?.close();
});

function assertNotPolluted() {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
  const probe = {} as Record<string, unknown>;
  expect(probe.polluted).toBeUndefined();
  expect(probe.isAdmin).toBeUndefined();
}

describe('every procedure under hostile input', () => {
  it('lists every procedure, subscriptions included', () => {
    expect(procedures.length).toBeGreaterThanOrEqual(30);
    expect(procedures.filter((p) => p.kind === 'subscription').map((p) => p.path)).toEqual(
      expect.arrayContaining(['orders.live', 'inbounds.live', 'clients.live', 'inbounds.export.progress']),
    );
  });

  it('over HTTP: 4xx or success, never a 5xx, a crash or a polluted prototype', async () => {
    const http = procedures.filter((p) => p.kind !== 'subscription');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...http),
        input,
        fc.constantFrom('bearer', 'cookie', 'none'),
        fc.boolean(),
        async (procedure, body, auth, useGet) => {
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (auth === 'bearer') headers.authorization = `Bearer ${token}`;
          if (auth === 'cookie') headers.cookie = `${AUTH_COOKIE_NAME}=${token}`;
          const get = useGet && procedure.kind === 'query' && body.length < 4000;
          const res = get
            ? await fetch(`${stack.url}/trpc/${procedure.path}?input=${encodeURIComponent(body)}`, {
                headers,
              })
            : await fetch(`${stack.url}/trpc/${procedure.path}`, { method: 'POST', headers, body });
          const text = await res.text();
          const where = `${procedure.path} ${res.status} ${body.slice(0, 300)} -> ${text.slice(0, 300)}`;
          expect(res.status, where).toBeLessThan(500);
          if (res.status >= 400 && res.headers.get('content-type')?.includes('json')) {
            const parsed = JSON.parse(text) as { error?: { data?: { code?: string } } };
            if (parsed.error?.data?.code) expect(CLIENT_CODES.has(parsed.error.data.code), where).toBe(true);
          }
        },
      ),
      { numRuns: 2500 },
    );
    assertNotPolluted();
    expect((await fetch(`${stack.url}/healthz`)).status).toBe(200);
  }, 240_000);

  it('over websockets: subscriptions answer started or a client error, and the socket survives', async () => {
    const subs = procedures.filter((p) => p.kind === 'subscription');
    let socket: RawSocket = await openSocket(stack.wsUrl, { cookie: `${AUTH_COOKIE_NAME}=${token}` });
    let id = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...subs),
        // Frames over 64 KB close the socket by design (tested in ws-limits): stay below here.
        input.filter((j) => j.length < 60_000),
        async (procedure, body) => {
          id += 1;
          const mine = id;
          socket.ws.send(
            `{"id":${mine},"method":"subscription","params":{"path":${str(procedure.path)},"input":${body}}}`,
          );
          const answer = (await socket.next((m) => (m as { id?: number }).id === mine)) as {
            result?: { type?: string };
            error?: { data?: { code?: string } };
          };
          const where = `${procedure.path} ${body.slice(0, 300)} -> ${JSON.stringify(answer).slice(0, 300)}`;
          if (answer.error) expect(CLIENT_CODES.has(answer.error.data?.code ?? ''), where).toBe(true);
          else {
            expect(answer.result?.type, where).toBe('started');
            socket.ws.send(JSON.stringify({ id: mine, method: 'subscription.stop' }));
          }
          expect(socket.ws.readyState, where).toBe(socket.ws.OPEN);
        },
      ),
      { numRuns: 1000 },
    );
    // Frames that are not tRPC messages at all get an error answer, not a crash.
    await fc.assert(
      fc.asyncProperty(
        input.filter((j) => j.length < 60_000),
        async (frame) => {
          socket.ws.send(frame);
        },
      ),
      { numRuns: 300 },
    );
    socket.ws.send('PING');
    await socket.next((m) => m === 'PONG');
    socket.ws.close();
    socket = await openSocket(stack.wsUrl);
    socket.ws.close();
    assertNotPolluted();
    expect((await fetch(`${stack.url}/healthz`)).status).toBe(200);
  }, 240_000);
});
