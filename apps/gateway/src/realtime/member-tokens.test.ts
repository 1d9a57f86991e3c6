import { TRPCError } from '@trpc/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemberTokens } from './member-tokens.js';

const silent = { info() {}, warn() {}, error() {}, debug() {} };
const INTERVAL = 1000;

/** A backend that knows `users` (token → user uid), counting checks per token. */
function backend(users: Record<string, string>) {
  const checks: string[] = [];
  let failing: Error | null = null;
  return {
    checks,
    count: (token: string) => checks.filter((t) => t === token).length,
    fail(error: Error | null) {
      failing = error;
    },
    check: async (token: string) => {
      checks.push(token);
      if (failing) throw failing;
      const user = users[token];
      if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Invalid or expired token' });
      return user;
    },
  };
}

/** Runs the timers due within `ms` and the checks they started. */
async function advance(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
}

describe('MemberTokens', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('checks each held token once per interval, whatever the number of its subscriptions; unheld ones never', async () => {
    const users: Record<string, string> = { 'tok-a': 'user-a', 'tok-b': 'user-b', 'tok-c': 'user-c' };
    const be = backend(users);
    const tokens = new MemberTokens({ check: be.check, intervalMs: INTERVAL, logger: silent });
    expect(await tokens.identify('tok-a')).toBe('user-a');
    expect(await tokens.identify('tok-a')).toBe('user-a');
    expect(be.count('tok-a')).toBe(1);
    for (let i = 0; i < 50; i++) tokens.hold('tok-a', () => {});
    tokens.hold('tok-b', () => {});
    // Identified, never held: forgotten after one interval, and not checked again.
    await tokens.identify('tok-c');
    await advance(INTERVAL * 5);
    expect(be.count('tok-a')).toBe(1 + 5);
    expect(be.count('tok-b')).toBe(5);
    expect(be.count('tok-c')).toBe(1);
    expect(tokens.size()).toBe(2);
    tokens.close();
  });

  it('ends every subscription of a token the backend refuses within one interval, and only those', async () => {
    const users: Record<string, string> = { 'tok-a': 'user-a', 'tok-b': 'user-a' };
    const be = backend(users);
    const tokens = new MemberTokens({ check: be.check, intervalMs: INTERVAL, logger: silent });
    const ended: string[] = [];
    await tokens.identify('tok-a');
    tokens.hold('tok-a', (error) => ended.push(`a1:${error.code}`));
    tokens.hold('tok-a', (error) => ended.push(`a2:${error.code}`));
    tokens.hold('tok-b', (error) => ended.push(`b:${error.code}`));
    await advance(INTERVAL / 2);
    delete users['tok-a'];
    await advance(INTERVAL);
    expect(ended).toEqual(['a1:UNAUTHORIZED', 'a2:UNAUTHORIZED']);
    // Refused tokens are not cached: the next subscription with it is refused at once.
    await expect(tokens.identify('tok-a')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(tokens.size()).toBe(1);
    tokens.close();
  });

  it('keeps subscriptions while the backend fails otherwise, and checks again next interval', async () => {
    const users: Record<string, string> = { 'tok-a': 'user-a' };
    const be = backend(users);
    const tokens = new MemberTokens({ check: be.check, intervalMs: INTERVAL, logger: silent });
    const ended: unknown[] = [];
    await tokens.identify('tok-a');
    tokens.hold('tok-a', (error) => ended.push(error));
    be.fail(new TRPCError({ code: 'BAD_GATEWAY', message: 'backend down' }));
    await advance(INTERVAL * 2);
    expect(ended).toEqual([]);
    expect(be.count('tok-a')).toBe(3);
    be.fail(null);
    delete users['tok-a'];
    await advance(INTERVAL);
    expect(ended).toHaveLength(1);
    tokens.close();
  });

  it('a refusal seen by a cohort ends the token everywhere at once; a recheck respects the interval', async () => {
    const users: Record<string, string> = { 'tok-a': 'user-a', 'tok-b': 'user-a' };
    const be = backend(users);
    const tokens = new MemberTokens({ check: be.check, intervalMs: INTERVAL, logger: silent });
    const ended: string[] = [];
    await tokens.identify('tok-a');
    await tokens.identify('tok-b');
    tokens.hold('tok-a', () => ended.push('a'));
    tokens.hold('tok-b', () => ended.push('b'));
    tokens.recheck(['tok-a', 'tok-b']);
    expect(be.checks).toHaveLength(2);
    tokens.refused('tok-a');
    expect(ended).toEqual(['a']);
    await advance(INTERVAL);
    expect(be.checks).toEqual(['tok-a', 'tok-b', 'tok-b']);
    tokens.close();
  });

  it('refuses a token that now names another user than its subscriptions were joined as', async () => {
    const users: Record<string, string> = { 'tok-a': 'user-a' };
    const be = backend(users);
    const tokens = new MemberTokens({ check: be.check, intervalMs: INTERVAL, logger: silent });
    const ended: string[] = [];
    await tokens.identify('tok-a');
    tokens.hold('tok-a', (error) => ended.push(error.code));
    users['tok-a'] = 'user-b';
    await advance(INTERVAL);
    expect(ended).toEqual(['UNAUTHORIZED']);
    tokens.close();
  });
});
