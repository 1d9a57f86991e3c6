import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import type { ReferenceCache } from '../reference/reference-cache.js';
import { MemoryWindowCounts } from '../security/comment-rate.js';
import { BackendTokenCheck } from './backend-token-check.js';

const GOOD = 'good-token';

/** A users.me behind a cache, as ReferenceCache keeps it: `answer` decides, `asked` records. */
function checkWith(answer: (token: string) => 'ok' | 'refused' | 'down', max = 3) {
  let now = 1_000_000;
  const asked: string[] = [];
  const known = new Set<string>();
  const reference = {
    knows: (token: string) => known.has(token),
    user: async (token: string) => {
      asked.push(token);
      const said = answer(token);
      if (said === 'refused') throw new TRPCError({ code: 'UNAUTHORIZED', message: 'refused' });
      if (said === 'down') throw new TRPCError({ code: 'BAD_GATEWAY', message: 'down' });
      known.add(token);
      return { uid: 'u1' };
    },
  } as unknown as ReferenceCache;
  const check = new BackendTokenCheck({
    reference,
    counts: new MemoryWindowCounts(() => now),
    max,
    windowMs: 60_000,
    now: () => now,
  });
  return { check, asked, advance: (ms: number) => (now += ms) };
}

describe('BackendTokenCheck', () => {
  it('asks the backend once about a token, then answers from what it said', async () => {
    const { check, asked, advance } = checkWith((t) => (t === GOOD ? 'ok' : 'refused'));
    expect(await check.accepts(GOOD, 'a')).toBe(true);
    expect(await check.accepts(GOOD, 'a')).toBe(true);
    expect(await check.accepts('made-up', 'a')).toBe(false);
    expect(await check.accepts('made-up', 'a')).toBe(false);
    expect(asked).toEqual([GOOD, 'made-up']);
    // A refusal is remembered for a minute.
    advance(60_000);
    expect(await check.accepts('made-up', 'b')).toBe(false);
    expect(asked).toEqual([GOOD, 'made-up', 'made-up']);
  });

  it('counts asks about new tokens per address: past the limit it refuses without asking', async () => {
    const { check, asked, advance } = checkWith((t) => (t === GOOD ? 'ok' : 'refused'));
    expect(await check.accepts(GOOD, 'a')).toBe(true);
    expect(await check.accepts('made-up-1', 'a')).toBe(false);
    expect(await check.accepts('made-up-2', 'a')).toBe(false);
    const refused = await check.accepts('made-up-3', 'a').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TRPCError);
    expect((refused as TRPCError).code).toBe('TOO_MANY_REQUESTS');
    expect((refused as TRPCError).message).toBe(
      'Too many sign-in attempts from this address (at most 3 per 60 s, unknown tokens included): try again in 60 s',
    );
    // Known tokens and other addresses are not held up.
    expect(await check.accepts(GOOD, 'a')).toBe(true);
    expect(await check.accepts('made-up-3', 'b')).toBe(false);
    expect(asked).toEqual([GOOD, 'made-up-1', 'made-up-2', 'made-up-3']);
    advance(60_000);
    expect(await check.accepts('made-up-4', 'a')).toBe(false);
  });

  it('throws when the backend cannot tell, and remembers nothing', async () => {
    let down = true;
    const { check, asked } = checkWith(() => (down ? 'down' : 'ok'));
    await expect(check.accepts(GOOD, 'a')).rejects.toMatchObject({ code: 'BAD_GATEWAY' });
    down = false;
    expect(await check.accepts(GOOD, 'a')).toBe(true);
    expect(asked).toEqual([GOOD, GOOD]);
  });
});
