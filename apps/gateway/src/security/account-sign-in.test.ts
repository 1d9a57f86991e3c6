import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { BackendError } from '../backend/backend-error.js';
import { AccountSignInLimit } from './account-sign-in.js';
import { MemoryWindowCounts } from './comment-rate.js';

const log = pino({ level: 'silent' }) as FastifyBaseLogger;
const wrong = () =>
  new BackendError('UNAUTHORIZED', 'Wrong e-mail or password', {
    path: '/login/username_password',
    status: 401,
    error: null,
  });

function limit(max: number, now: () => number) {
  return new AccountSignInLimit({ max, windowMs: 60_000, counts: new MemoryWindowCounts(now), secret: 's' });
}

describe('AccountSignInLimit', () => {
  it('lets at most the budget of parallel guesses reach the backend', async () => {
    const accounts = limit(3, () => 0);
    let asked = 0;
    const releases: Array<() => void> = [];
    const attempts = Array.from({ length: 10 }, () =>
      accounts
        .attempt('ops@example.com', '198.51.100.1', log, () => {
          asked += 1;
          return new Promise<never>((_resolve, reject) => releases.push(() => reject(wrong())));
        })
        .catch((error: { code?: string }) => error.code),
    );
    // The refused ones answer without waiting for the ones at the backend.
    await expect(Promise.all(attempts.slice(3))).resolves.toEqual(Array(7).fill('TOO_MANY_REQUESTS'));
    expect(asked).toBe(3);
    for (const release of releases) release();
    await expect(Promise.all(attempts.slice(0, 3))).resolves.toEqual(Array(3).fill('UNAUTHORIZED'));
  });

  it('opens again when the window of the first failure ends, and keys the account by a keyed hash', async () => {
    let now = 1_000;
    const accounts = limit(1, () => now);
    await expect(accounts.attempt('a@example.com', 'c', log, () => Promise.reject(wrong()))).rejects.toThrow(
      'Wrong e-mail or password',
    );
    now += 59_999;
    await expect(accounts.attempt('A@example.com', 'c', log, async () => 'ok')).rejects.toThrow(
      /try again in 1 s$/,
    );
    now += 1;
    await expect(accounts.attempt('a@example.com', 'c', log, async () => 'ok')).resolves.toBe('ok');
    expect(accounts.accountHash(' A@Example.com')).toBe(accounts.accountHash('a@example.com'));
    const other = new AccountSignInLimit({
      max: 1,
      windowMs: 1,
      counts: new MemoryWindowCounts(),
      secret: 't',
    });
    expect(other.accountHash('a@example.com')).not.toBe(accounts.accountHash('a@example.com'));
  });
});
