import { initTRPC } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { appRouter } from '../router.js';
import { assertPlainJsonWire } from './wire-fanout.js';

describe('assertPlainJsonWire', () => {
  it("accepts the gateway's router, which has no transformer", () => {
    expect(() => assertPlainJsonWire(appRouter)).not.toThrow();
  });

  it('refuses a router with a transformer, naming the direct fan-out', () => {
    const wrapped = {
      serialize: (value: unknown) => ({ json: value }),
      deserialize: (value: unknown) => (value as { json: unknown }).json,
    };
    const t = initTRPC.create({ transformer: wrapped });
    const router = t.router({ ping: t.procedure.query(() => 'pong') });
    expect(() => assertPlainJsonWire(router)).toThrow(/transformer.*plain JSON/);
  });
});
