import {
  COMMENT_MAX_LENGTH,
  type CommentPreview,
  type Order,
  type OrderCommentCounts,
  ROW_COMMENT_PREVIEW_CHARS,
  unreadCount,
} from '@waybill/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Hardened, openSocket, startHardened } from './stack.js';

/**
 * Every list row once carried every comment of its order, whole: one user bulk-commenting the first
 * page's orders made everybody's first page megabytes. A row now carries its latest comment, cut, and
 * counts over the thread; a list answer has a ceiling in bytes (LIST_MAX_ANSWER_BYTES).
 */
let stack: Hardened;
let viewer: string;
let viewerUid: string;
let firstPage: string[];
const BULK_CALLS = 50;
const PAGE = 20;

type SearchAnswer = { orders: Order[]; comments: CommentPreview[]; commentCounts: OrderCommentCounts[] };
type Rpc<T> = {
  result?: { data: T };
  error?: { message: string; data: { code: string; httpStatus: number } };
};

async function get<T>(url: string, token: string, path: string, input: unknown) {
  const res = await fetch(`${url}/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const text = await res.text();
  return { status: res.status, bytes: Buffer.byteLength(text), body: JSON.parse(text) as Rpc<T> };
}

beforeAll(async () => {
  stack = await startHardened({ COMMENT_RATE_MAX: '100000' });
  viewer = await stack.signIn('ops@example.com');
  const me = await fetch(`${stack.url}/trpc/users.me`, { headers: { authorization: `Bearer ${viewer}` } });
  viewerUid = ((await me.json()) as Rpc<{ user: { uid: string } }>).result!.data.user.uid;
  const commenter = await stack.signIn('dev@example.com');
  const page = await get<SearchAnswer>(stack.url, viewer, 'orders.search', {});
  firstPage = page.body.result!.data.orders.map((o) => o.uid);
  expect(firstPage).toHaveLength(PAGE);
  // 1,000 comments of the longest allowed text on the first page's orders, 20 at a time.
  const text = 'x'.repeat(COMMENT_MAX_LENGTH);
  for (let i = 0; i < BULK_CALLS; i++) {
    const res = await fetch(`${stack.url}/trpc/orders.bulk`, {
      method: 'POST',
      headers: { authorization: `Bearer ${commenter}`, 'content-type': 'application/json' },
      body: JSON.stringify({ action: { kind: 'comment', text }, orderUids: firstPage }),
    });
    const { results } = ((await res.json()) as Rpc<{ results: { ok: boolean }[] }>).result!.data;
    expect(results.every((r) => r.ok)).toBe(true);
  }
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

/** Each first-page order's comment counts, from the whole thread its detail shows. */
async function threadCounts(uid: string) {
  const detail = await get<{ comments: CommentPreview[] }>(stack.url, viewer, 'orders.detail', { uid });
  const { comments } = detail.body.result!.data;
  return { uid, total: comments.length, unread: unreadCount(comments, viewerUid) };
}

function expectBoundedPreview(answer: Pick<SearchAnswer, 'comments' | 'commentCounts'>) {
  const perOrder = new Map<string, number>();
  for (const c of answer.comments) {
    perOrder.set(c.entity.data.uid, (perOrder.get(c.entity.data.uid) ?? 0) + 1);
    expect(c.text.length).toBeLessThanOrEqual(ROW_COMMENT_PREVIEW_CHARS);
  }
  expect(Math.max(...perOrder.values())).toBe(1);
  for (const uid of firstPage)
    expect(answer.commentCounts.find((c) => c.uid === uid)?.total).toBeGreaterThanOrEqual(BULK_CALLS);
}

describe('a list row carries a bounded preview of its comments', () => {
  it('keeps the first page small after 1,000 bulk comments on its orders, with counts over the whole thread', async () => {
    const page = await get<SearchAnswer>(stack.url, viewer, 'orders.search', {});
    console.log(`first page of the default orders list after 1,000 bulk comments: ${page.bytes} bytes`);
    // The whole threads would be over 5 MB; 20 rows with their latest comment stay near 60 KB.
    expect(page.bytes).toBeLessThan(150_000);
    const answer = page.body.result!.data;
    expectBoundedPreview(answer);
    const cut = answer.comments.find((c) => firstPage.includes(c.entity.data.uid));
    expect(cut?.text_truncated).toBe(true);
    const expected = await Promise.all(firstPage.map(threadCounts));
    expect(answer.commentCounts.filter((c) => firstPage.includes(c.uid))).toEqual(
      expect.arrayContaining(expected),
    );
  });

  it('the live list sends the same bounded preview and counts', async () => {
    const s = await openSocket(stack.wsUrl, { authorization: `Bearer ${viewer}` });
    s.ws.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'orders.live', input: {} } }));
    const raw = (await s.next(
      (m) =>
        (m as { result?: { data?: { data?: { kind?: string } } } }).result?.data?.data?.kind === 'snapshot',
      10_000,
    )) as { result: { data: { data: { rows: Order[]; meta: SearchAnswer } } } };
    const { rows, meta } = raw.result.data.data;
    expect(Buffer.byteLength(JSON.stringify(raw))).toBeLessThan(150_000);
    // Commented orders moved up (newest change first): the same orders, in another order.
    expect(rows.map((r) => r.uid).sort()).toEqual([...firstPage].sort());
    expectBoundedPreview(meta);
    s.ws.close();
  });
});

describe('a ceiling in bytes on one list answer', () => {
  let capped: Hardened;

  beforeAll(async () => {
    capped = await startHardened({ BACKEND_URL: stack.sim!.url, LIST_MAX_ANSWER_BYTES: '30000' });
  });

  afterAll(async () => {
    await capped?.close();
  });

  it('refuses a search answer over LIST_MAX_ANSWER_BYTES with 413 naming the limit; a smaller page passes', async () => {
    const token = await capped.signIn();
    const big = await get<SearchAnswer>(capped.url, token, 'orders.search', {});
    expect(big.status).toBe(413);
    expect(big.body.error?.data.code).toBe('PAYLOAD_TOO_LARGE');
    expect(big.body.error?.message).toMatch(/over 30,000 bytes \(LIST_MAX_ANSWER_BYTES\)/);
    const small = await get<SearchAnswer>(capped.url, token, 'orders.search', {
      window: { skip: 0, limit: 3 },
    });
    expect(small.status).toBe(200);
    expect(small.body.result?.data.orders).toHaveLength(3);
  });

  it('ends a live list whose answer is over LIST_MAX_ANSWER_BYTES with the same error', async () => {
    const token = await capped.signIn();
    const s = await openSocket(capped.wsUrl, { authorization: `Bearer ${token}` });
    s.ws.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'orders.live', input: {} } }));
    const refused = (await s.next(
      (m) => (m as { error?: unknown }).error !== undefined,
      10_000,
    )) as Rpc<never>;
    expect(refused.error?.data.code).toBe('PAYLOAD_TOO_LARGE');
    expect(refused.error?.message).toMatch(/LIST_MAX_ANSWER_BYTES/);
    s.ws.close();
  });
});
