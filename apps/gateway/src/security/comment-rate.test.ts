import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { CommentRate, MemoryWindowCounts } from './comment-rate.js';

describe('comment pace windows in memory', () => {
  it('takes up to the limit per window, says how long the window has left, and starts afresh after it', async () => {
    let now = 1_000_000;
    const counts = new MemoryWindowCounts(() => now);
    expect(await counts.take('ana', 3, 5, 60_000)).toEqual({ ok: true });
    now += 20_000;
    expect(await counts.take('ana', 2, 5, 60_000)).toEqual({ ok: true });
    expect(await counts.take('ana', 1, 5, 60_000)).toEqual({ ok: false, retryInMs: 40_000 });
    // Another user's window is their own.
    expect(await counts.take('bo', 5, 5, 60_000)).toEqual({ ok: true });
    now += 40_000;
    expect(await counts.take('ana', 5, 5, 60_000)).toEqual({ ok: true });
  });

  it('forgets ended windows, so users who left cost nothing', async () => {
    let now = 0;
    const counts = new MemoryWindowCounts(() => now);
    for (let i = 0; i < 100; i++) await counts.take(`user-${i}`, 1, 5, 1000);
    now += 1000;
    await counts.take('last', 1, 5, 1000);
    expect((counts as unknown as { windows: Map<string, unknown> }).windows.size).toBe(1);
  });
});

describe('CommentRate', () => {
  it('refuses with TOO_MANY_REQUESTS naming the limit and the wait in whole seconds', async () => {
    let now = 0;
    const rate = new CommentRate({ max: 2, windowMs: 60_000, counts: new MemoryWindowCounts(() => now) });
    await rate.take('ana', 2);
    now += 500;
    const error = await rate.take('ana', 1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).code).toBe('TOO_MANY_REQUESTS');
    expect((error as TRPCError).message).toBe(
      'Too many comments: at most 2 per 60 s per user (COMMENT_RATE_MAX, COMMENT_RATE_WINDOW_MS); try again in 60 s',
    );
  });
});

describe('MemoryWindowCounts.giveBack', () => {
  it('takes back within the window, never below zero, and never reopens an ended window', async () => {
    let now = 0;
    const counts = new MemoryWindowCounts(() => now);
    expect(await counts.take('u', 2, 2, 1000)).toEqual({ ok: true });
    await counts.giveBack('u', 5);
    expect(await counts.take('u', 2, 2, 1000)).toEqual({ ok: true });
    expect(await counts.take('u', 1, 2, 1000)).toEqual({ ok: false, retryInMs: 1000 });
    now = 1000;
    await counts.giveBack('u', 1);
    expect(await counts.take('u', 2, 2, 1000)).toEqual({ ok: true });
  });
});
