import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trpcError } from '../helpers.js';
import { type Client, polledOrders, type Stack, startStack } from '../realtime/harness.js';

const MAX = 5;

describe('follows, unfollows and read marks per person (NOTIFICATION_RATE_MAX, real HTTP, backend-sim)', () => {
  let stack: Stack;
  let a: { client: Client; token: string };
  let orderUid: string;
  let writes = 0;

  beforeAll(async () => {
    stack = await startStack({ NOTIFICATION_RATE_MAX: String(MAX), NOTIFICATION_RATE_WINDOW_MS: '600000' });
    a = await stack.signIn('ops@example.com');
    orderUid = polledOrders((await a.client.orders.search.query({})).orders)[0]!.uid;
    const store = stack.app.services.collaboration.notifications;
    const [follow, markRead] = [store.follow.bind(store), store.markRead.bind(store)];
    store.follow = (...args) => {
      writes += 1;
      return follow(...args);
    };
    store.markRead = (...args) => {
      writes += 1;
      return markRead(...args);
    };
  }, 30_000);

  afterAll(async () => {
    await stack?.close();
  });

  it('counts them together over all sessions, then refuses naming the limit; a colleague is not affected', async () => {
    const tab = stack.tab((await stack.signIn('ops@example.com')).token);
    await a.client.notifications.follow.mutate({ orderUid, follow: true });
    await a.client.notifications.follow.mutate({ orderUid, follow: false });
    await tab.notifications.markRead.mutate({ ids: ['n-1'] });
    await tab.notifications.markAllRead.mutate();
    await a.client.notifications.follow.mutate({ orderUid, follow: false });
    expect(writes).toBe(MAX);
    for (const call of [
      () => a.client.notifications.follow.mutate({ orderUid, follow: false }),
      () => tab.notifications.markRead.mutate({ ids: ['n-1'] }),
      () => tab.notifications.markAllRead.mutate(),
    ]) {
      const error = await trpcError(call());
      expect(error.data?.code).toBe('TOO_MANY_REQUESTS');
      expect(error.data?.limit).toBe('NOTIFICATION_RATE_MAX');
      expect(error.message).toMatch(
        /NOTIFICATION_RATE_MAX, NOTIFICATION_RATE_WINDOW_MS\); try again in \d+ s$/,
      );
    }
    // Refused calls reach no store.
    expect(writes).toBe(MAX);
    const dan = await stack.signIn('dev@example.com');
    await dan.client.notifications.follow.mutate({ orderUid, follow: false });
    expect(writes).toBe(MAX + 1);
  });
});
