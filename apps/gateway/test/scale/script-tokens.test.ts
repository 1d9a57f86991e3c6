import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WS_CLOSE } from '../../src/security/index.js';
import { Browser } from '../auth/browser.js';
import { openSocket } from '../hardening/stack.js';
import { type Replica, type ReplicaStack, STACK_START_MS, startReplicaStack } from './replicas.js';

const DEMO = { email: 'ops@example.com', password: 'waybill-demo' };

describe('script tokens across two replicas on one Redis', { timeout: 30_000 }, () => {
  let stack: ReplicaStack;
  let replicas: Replica[] = [];

  beforeAll(async () => {
    stack = await startReplicaStack({ names: ['a', 'b'] });
    ({ replicas } = stack);
  }, STACK_START_MS);

  afterAll(async () => {
    await stack?.close();
  });

  const meCode = async (replica: Replica, token: string) => {
    const response = await fetch(`${replica.url}/trpc/users.me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await response.json()) as { error?: { data: { code: string } } };
    return body.error?.data.code ?? String(response.status);
  };

  it('a token made on A is listed and works on B (its use listed on A); revoked on A, B refuses it and closes its websockets at once', async () => {
    const [a, b] = replicas as [Replica, Replica];
    const onA = new Browser(a.url);
    expect((await onA.mutate('auth.passwordLogin', DEMO)).status).toBe(200);
    const made = await onA.mutate('tokens.create', { name: 'on every replica' });
    const token = String(made.body.result?.data.token);
    const id = (made.body.result?.data.entry as { id: string } | undefined)?.id;

    const onB = new Browser(b.url);
    for (const [name, value] of onA.cookies) onB.cookies.set(name, value);
    const listed = await onB.query('tokens.list');
    const ids = (listed.body.result?.data as { tokens: Array<{ id: string }> } | undefined)?.tokens.map(
      (t) => t.id,
    );
    expect(ids).toContain(id);
    expect(await meCode(b, token)).toBe('200');
    // Its use on B shows as "last used" on A.
    await vi.waitFor(
      async () => {
        const again = await onA.query('tokens.list');
        const tokens = (
          again.body.result?.data as { tokens: Array<{ id: string; lastUsedAt: string | null }> }
        )?.tokens;
        expect(tokens?.find((t) => t.id === id)?.lastUsedAt).toBeTruthy();
      },
      { timeout: 5000, interval: 50 },
    );

    const live = await openSocket(`${b.url.replace('http', 'ws')}/trpc`, {
      authorization: `Bearer ${token}`,
    });
    live.ws.send(
      JSON.stringify({ id: 1, method: 'subscription', params: { path: 'orders.live', input: {} } }),
    );
    await live.next((m) => (m as { result?: { type?: string } }).result?.type === 'started');

    expect((await onA.mutate('tokens.revoke', { id })).status).toBe(200);
    expect((await live.closed).code).toBe(WS_CLOSE.signedOut);
    for (const replica of replicas) expect(await meCode(replica, token), replica.name).toBe('UNAUTHORIZED');
  });
});
