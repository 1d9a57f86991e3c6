import { COMMENT_MAX_LENGTH } from '@waybill/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Hardened, startHardened } from './stack.js';

/**
 * One user commenting in a loop, with texts of any length, made every reader of those orders pay for
 * it: the text has a length limit and each user a pace (COMMENT_RATE_MAX per COMMENT_RATE_WINDOW_MS).
 */
let stack: Hardened;
const RATE_MAX = 6;

beforeAll(async () => {
  stack = await startHardened({ COMMENT_RATE_MAX: String(RATE_MAX), COMMENT_RATE_WINDOW_MS: '600000' });
});

afterAll(async () => {
  await stack?.close();
});

type Answer = { result?: { data: unknown }; error?: { message: string; data: { code: string } } };

async function call(token: string, path: string, input: unknown): Promise<{ status: number; body: Answer }> {
  const res = await fetch(`${stack.url}/trpc/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  return { status: res.status, body: (await res.json()) as Answer };
}

async function firstOrders(token: string, n: number): Promise<string[]> {
  const input = encodeURIComponent(JSON.stringify({ window: { skip: 0, limit: n } }));
  const res = await fetch(`${stack.url}/trpc/orders.search?input=${input}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as { result: { data: { orders: { uid: string }[] } } };
  return body.result.data.orders.map((o) => o.uid);
}

const comment = (orderUid: string, text = 'Called the courier') => ({ orderUid, text });
const bulk = (orderUids: string[], text = 'Called the courier') => ({
  action: { kind: 'comment', text },
  orderUids,
});

describe('comment text length', () => {
  it('refuses a comment over the limit with 400 naming it, on one order and in bulk; the limit itself passes', async () => {
    // Another user than the pace test's, so the accepted ones here do not eat into its budget.
    const token = await stack.signIn('dev@example.com');
    const [uid] = await firstOrders(token, 1);
    const over = 'x'.repeat(COMMENT_MAX_LENGTH + 1);
    const one = await call(token, 'orders.comments.add', comment(uid!, over));
    expect(one.status).toBe(400);
    expect(one.body.error?.data.code).toBe('BAD_REQUEST');
    expect(one.body.error?.message).toContain('Comment is longer than 5,000 characters');
    const many = await call(token, 'orders.bulk', bulk([uid!], over));
    expect(many.status).toBe(400);
    expect(many.body.error?.message).toContain('Comment is longer than 5,000 characters');
    const atLimit = await call(token, 'orders.comments.add', comment(uid!, 'y'.repeat(COMMENT_MAX_LENGTH)));
    expect(atLimit.status).toBe(200);
  });
});

describe('comment pace per user', () => {
  it('counts a bulk comment on N orders as N, over every session of the user, then refuses naming the limit and when to retry', async () => {
    const [first, second] = [await stack.signIn(), await stack.signIn()];
    const uids = await firstOrders(first, 5);
    // Four orders in bulk, then one alone from another session of the same user: five of six.
    const four = await call(first, 'orders.bulk', bulk(uids.slice(0, 4)));
    expect(four.status).toBe(200);
    expect(await call(second, 'orders.comments.add', comment(uids[4]!))).toMatchObject({ status: 200 });
    // A bulk of two would make seven: refused whole, nothing is written.
    const bulkOver = await call(second, 'orders.bulk', bulk(uids.slice(0, 2)));
    expect(bulkOver.status).toBe(429);
    expect(bulkOver.body.error?.data).toMatchObject({ code: 'TOO_MANY_REQUESTS', limit: 'COMMENT_RATE_MAX' });
    expect(bulkOver.body.error?.message).toMatch(
      /Too many comments: at most 6 per 600 s per user \(COMMENT_RATE_MAX, COMMENT_RATE_WINDOW_MS\); try again in \d+ s/,
    );
    // The sixth still fits; the seventh, from the first session, does not.
    expect(await call(second, 'orders.comments.add', comment(uids[0]!))).toMatchObject({ status: 200 });
    const seventh = await call(first, 'orders.comments.add', comment(uids[1]!));
    expect(seventh.status).toBe(429);
    expect(seventh.body.error?.message).toMatch(/try again in \d+ s$/);
    // Another user has a pace of their own.
    const other = await stack.signIn('finance@example.com');
    expect(await call(other, 'orders.comments.add', comment(uids[0]!))).toMatchObject({ status: 200 });
  });

  it('refuses a bulk comment that could never fit with 400 naming the limit', async () => {
    const token = await stack.signIn('sales@example.com');
    const uids = await firstOrders(token, RATE_MAX + 1);
    const answer = await call(token, 'orders.bulk', bulk(uids));
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toMatch(/7 comments at once is over the limit of 6 per 600 s/);
  });
});
