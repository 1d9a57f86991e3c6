import { createTRPCClient, httpLink } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppRouter } from '../../src/router.js';
import { trpcError } from '../helpers.js';
import { type Hardened, startHardened } from './stack.js';

const LIMIT = 3;
const GOOGLE_LINK = '/api/v1/login/google/authorization_link';
const SHOP_AUTHORIZE = '/api/v1/authorization/selling_channel/shopify/authorize';

let stack: Hardened;

beforeAll(async () => {
  stack = await startHardened({ SIGNIN_RATE_MAX: String(LIMIT), SIGNIN_RATE_WINDOW_MS: '60000' });
});

afterAll(async () => {
  await stack?.close();
});

const backendCalls = () => {
  const counts = stack.sim!.control.callCounts();
  return (counts[GOOGLE_LINK] ?? 0) + (counts[SHOP_AUTHORIZE] ?? 0);
};

describe('the sign-in links', () => {
  it('count against SIGNIN_RATE_MAX per address: an anonymous client cannot make the backend answer without end', async () => {
    const client = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${stack.url}/trpc` })] });
    const shop = { query: { shop: 'demo.myshopify.com', hmac: 'x' } };
    const before = backendCalls();
    // Within the limit, each asks the backend once: two Google links and a shop install.
    for (let i = 0; i < 2; i++)
      expect((await client.auth.googleAuthorizationLink.query()).authorization_url).toMatch(/^https?:\/\//);
    const shopAnswer = await client.auth.shopifyAuthorize.query(shop).then(
      () => null,
      (error: unknown) => error as { data?: { code?: string } },
    );
    expect(shopAnswer?.data?.code).not.toBe('TOO_MANY_REQUESTS');
    expect(backendCalls()).toBe(before + LIMIT);

    for (const call of [
      () => client.auth.googleAuthorizationLink.query(),
      () => client.auth.shopifyAuthorize.query(shop),
    ]) {
      const limited = await trpcError(call());
      expect(limited.data?.code).toBe('TOO_MANY_REQUESTS');
      expect(limited.data?.httpStatus).toBe(429);
      expect(limited.message).toMatch(/Too many sign-in attempts from this address.*try again in/);
    }
    expect(backendCalls()).toBe(before + LIMIT);
  });
});
