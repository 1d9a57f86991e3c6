import { request as httpRequest } from 'node:http';
import fastifyCompress from '@fastify/compress';
import { initTRPC, TRPCError } from '@trpc/server';
import { fastifyRequestHandler } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { plainQueryHandler } from './trpc-plain-query.js';

type Ctx = { user: string | null };
const t = initTRPC.context<Ctx>().create({
  isDev: false,
  errorFormatter: ({ shape, ctx }) => ({ ...shape, data: { ...shape.data, who: ctx?.user ?? null } }),
});
/** What the `slow` procedure tells the test: that it started, and that its signal aborted. */
const slowCalls = { started: () => {}, aborted: () => {} };
const router = t.router({
  hello: t.procedure.input(z.object({ name: z.string().min(1) }).optional()).query(({ input, ctx }) => ({
    text: `hello ${input?.name ?? 'world'}`,
    user: ctx.user,
  })),
  nested: t.router({ value: t.procedure.query(() => [1, 'two', { three: null }]) }),
  missing: t.procedure.query(() => {
    throw new TRPCError({ code: 'NOT_FOUND', message: 'No such thing' });
  }),
  broken: t.procedure.query(() => {
    throw new Error('secret detail');
  }),
  private: t.procedure.query(({ ctx }) => {
    if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in first' });
    return 'ok';
  }),
  slow: t.procedure.query(
    ({ signal }) =>
      new Promise((resolve) => {
        signal?.addEventListener('abort', () => {
          slowCalls.aborted();
          resolve('aborted');
        });
        slowCalls.started();
      }),
  ),
  write: t.procedure.mutation(() => 'written'),
});

const errors: string[] = [];
const options = {
  router,
  createContext: ({ req }: { req: { headers: Record<string, unknown> } }) => ({
    user: typeof req.headers['x-user'] === 'string' ? req.headers['x-user'] : null,
  }),
  onError: ({ error, path }: { error: TRPCError; path?: string }) => errors.push(`${path}:${error.code}`),
  allowMethodOverride: true,
};

/** `/plain/*` answers only through the plain path (418 when it declines); `/trpc/*` only through tRPC's handler. */
let app: FastifyInstance;
let base = '';
beforeAll(async () => {
  app = Fastify();
  // As in the gateway's /trpc scope: either path's answer may go compressed.
  await app.register(fastifyCompress);
  const plain = plainQueryHandler(options as never);
  app.get<{ Params: { path: string } }>('/plain/:path', async (req, res) => {
    if (!(await plain(req, res, req.params.path))) await res.code(418).send('declined');
  });
  app.all<{ Params: { path: string } }>('/trpc/:path', async (req, res) => {
    await fastifyRequestHandler({ ...options, req, res, path: req.params.path } as never);
  });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());

async function answer(prefix: string, path: string, init: RequestInit = {}) {
  const res = await fetch(`${base}/${prefix}/${path}`, init);
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    vary: res.headers.get('vary'),
    body: await res.text(),
  };
}

const enc = (v: unknown) => encodeURIComponent(JSON.stringify(v));

describe('plain GET queries', () => {
  it.each([
    ['hello', {}],
    [`hello?input=${enc({ name: 'Ana' })}`, {}],
    [`hello?input=${enc({ name: '' })}`, {}],
    [`hello?input=${enc('not an object')}`, {}],
    ['nested.value', {}],
    ['nested%2Evalue', {}],
    [`hello?batch=1&input=${enc({ 0: { name: 'Ana' } })}`, {}],
    [`hello?batch=1&input=${enc({ 0: { name: '' } })}`, {}],
    ['hello?batch=1', {}],
    [`missing?batch=1&input=${enc({})}`, {}],
    [`private?batch=1&input=${enc({})}`, { headers: { 'x-user': 'ana' } }],
    ['missing', {}],
    ['broken', {}],
    ['private', {}],
    ['private', { headers: { 'x-user': 'ana' } }],
  ] as const)('answers %s as tRPC does', async (path, init) => {
    const viaTrpc = await answer('trpc', path, init);
    const plain = await answer('plain', path, init);
    expect(plain.status).not.toBe(418);
    expect(plain).toEqual(viaTrpc);
  });

  it('reports errors to onError with the path, once per call', async () => {
    errors.length = 0;
    await answer('plain', 'missing');
    await answer('plain', 'broken');
    expect(errors).toEqual(['missing:NOT_FOUND', 'broken:INTERNAL_SERVER_ERROR']);
  });

  it.each([
    ['a batch of two', `hello,nested.value?batch=1&input=${enc({})}`, {}],
    ['a batch whose input is not an object', `hello?batch=1&input=${enc([{ name: 'Ana' }])}`, {}],
    ['a batch flag other than 1', 'hello?batch=true', {}],
    ['an unknown procedure', 'nope', {}],
    ['a mutation over GET', 'write', {}],
    ['input that is not JSON', 'hello?input=%7Bnot-json', {}],
    ['a streaming accept', 'hello', { headers: { 'trpc-accept': 'application/jsonl' } }],
  ] as const)('leaves %s to tRPC', async (_what, path, init) => {
    expect((await answer('plain', path, init)).status).toBe(418);
  });

  it('aborts the procedure signal when the caller goes away', async () => {
    const started = new Promise<void>((resolve) => (slowCalls.started = resolve));
    const aborted = new Promise<void>((resolve) => (slowCalls.aborted = resolve));
    const req = httpRequest(`${base}/plain/slow`);
    req.on('error', () => {});
    req.end();
    // The caller goes away once the procedure runs (not after a set time, which a slow run outlasts).
    await started;
    req.destroy();
    await aborted;
  });
});

describe('plain GET queries with a data transformer', () => {
  // A transformer that changes the shape, so an answer sent untransformed (or transformed twice) shows.
  const wrap = {
    serialize: (v: unknown) => ({ wrapped: v }),
    deserialize: (v: unknown) => (v as { wrapped: unknown }).wrapped,
  };
  const tt = initTRPC.create({ isDev: false, transformer: { input: wrap, output: wrap } });
  const wrapped = tt.router({
    echo: tt.procedure.input(z.object({ n: z.number() })).query(({ input }) => ({ twice: input.n * 2 })),
    missing: tt.procedure.query(() => {
      throw new TRPCError({ code: 'NOT_FOUND', message: 'No such thing' });
    }),
  });
  let wrappedApp: FastifyInstance;
  let wrappedBase = '';
  beforeAll(async () => {
    wrappedApp = Fastify();
    const plain = plainQueryHandler({ router: wrapped });
    wrappedApp.get<{ Params: { path: string } }>('/plain/:path', async (req, res) => {
      if (!(await plain(req, res, req.params.path))) await res.code(418).send('declined');
    });
    wrappedApp.get<{ Params: { path: string } }>('/trpc/:path', async (req, res) => {
      await fastifyRequestHandler({ router: wrapped, req, res, path: req.params.path } as never);
    });
    wrappedBase = await wrappedApp.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => wrappedApp.close());

  it.each([
    `echo?input=${enc({ wrapped: { n: 21 } })}`,
    `echo?batch=1&input=${enc({ 0: { wrapped: { n: 21 } } })}`,
    `echo?input=${enc({ wrapped: { n: 'x' } })}`,
    'missing',
    'missing?batch=1',
  ])('answers %s as tRPC does', async (path) => {
    const get = async (prefix: string) => {
      const res = await fetch(`${wrappedBase}/${prefix}/${path}`);
      return { status: res.status, body: await res.text() };
    };
    const plain = await get('plain');
    expect(plain.status).not.toBe(418);
    expect(plain).toEqual(await get('trpc'));
    expect(plain.body).toContain('"wrapped"');
  });
});
