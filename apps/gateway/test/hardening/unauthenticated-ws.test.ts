import { AUTH_COOKIE_NAME } from '@waybill/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WS_CLOSE } from '../../src/security/index.js';
import {
  type Hardened,
  isOpen,
  openSocket,
  pingPong,
  type RawSocket,
  startHardened,
  upgradeStatus,
} from './stack.js';

let stack: Hardened;
let token: string;
const MAX = 4;
const DEADLINE_MS = 600;

beforeAll(async () => {
  stack = await startHardened({
    WS_MAX_UNAUTHENTICATED_PER_ADDRESS: String(MAX),
    WS_AUTH_DEADLINE_MS: String(DEADLINE_MS),
    // The test client stands in for a local load balancer, so X-Forwarded-For names the client.
    TRUST_PROXY: '127.0.0.1',
  });
  token = await stack.signIn();
});

afterAll(async () => {
  await stack?.close();
});

/** The gateway trusts X-Forwarded-For from 127.0.0.1 (TRUST_PROXY above): a stand-in client address. */
const from = (address: string) => ({ 'x-forwarded-for': address });
const closeAll = (sockets: RawSocket[]) => {
  for (const s of sockets) s.ws.close();
};

describe('websockets without credentials', () => {
  it('caps them per address with 429 before the upgrade; other addresses and signed-in sockets are not affected', async () => {
    const open = await Promise.all(
      Array.from({ length: MAX }, () => openSocket(stack.wsUrl, from('203.0.113.5'))),
    );
    expect(await upgradeStatus(stack.wsUrl, from('203.0.113.5'))).toBe(429);
    const other = await openSocket(stack.wsUrl, from('203.0.113.6'));
    const signedIn = await openSocket(stack.wsUrl, {
      ...from('203.0.113.5'),
      cookie: `${AUTH_COOKIE_NAME}=${token}`,
    });
    await pingPong(other);
    await pingPong(signedIn);
    // Closing one frees its place.
    open[0]!.ws.close();
    await open[0]!.closed;
    const again = await openSocket(stack.wsUrl, from('203.0.113.5'));
    closeAll([...open, other, signedIn, again]);
  });

  it('refuses upgrades racing past the check with 1008 and a reason', async () => {
    const settled = await Promise.allSettled(
      Array.from({ length: 3 * MAX }, () => openSocket(stack.wsUrl, from('203.0.113.7'))),
    );
    const opened = settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const refused = settled.filter((r) => r.status === 'rejected');
    // Every upgrade over the cap is refused, before (429) or right after it (1008). The ones within it
    // stay until the sign-in deadline closes them: each close says which it was, however late it came.
    const closed = await Promise.all(opened.map((s) => s.closed));
    for (const c of closed) expect(c.code).toBe(WS_CLOSE.policy);
    const policyClosed = closed.filter((c) => !/WS_AUTH_DEADLINE_MS/.test(c.reason));
    for (const c of policyClosed) expect(c.reason).toMatch(/WS_MAX_UNAUTHENTICATED_PER_ADDRESS/);
    expect(opened.length - policyClosed.length).toBe(MAX);
    expect(refused.length + policyClosed.length).toBe(2 * MAX);
    closeAll(opened);
  });

  it('closes one that stays without credentials past WS_AUTH_DEADLINE_MS; keeps those that send them, or came with them', async () => {
    const idle = await openSocket(stack.wsUrl, from('203.0.113.8'));
    const params = await openSocket(`${stack.wsUrl}?connectionParams=1`, from('203.0.113.8'));
    params.ws.send(JSON.stringify({ method: 'connectionParams', data: { token } }));
    const header = await openSocket(stack.wsUrl, {
      ...from('203.0.113.8'),
      authorization: `Bearer ${token}`,
    });
    const started = Date.now();
    const closed = await idle.closed;
    expect(closed.code).toBe(WS_CLOSE.policy);
    expect(closed.reason).toMatch(/not signed in within 1 s \(WS_AUTH_DEADLINE_MS\)/);
    expect(Date.now() - started).toBeLessThan(DEADLINE_MS + 1000);
    // Barrier: a socket opened after those two, with no credentials, is closed at its deadline; by
    // then theirs has passed too, had it still run.
    const later = await openSocket(stack.wsUrl, from('203.0.113.10'));
    expect((await later.closed).reason).toMatch(/WS_AUTH_DEADLINE_MS/);
    await pingPong(params);
    await pingPong(header);
    expect(isOpen(params) && isOpen(header)).toBe(true);
    // A made-up credential in connectionParams keeps nothing open: a dead session id, or a token the backend refuses.
    for (const fake of ['wbs_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'made-up-token']) {
      const faker = await openSocket(`${stack.wsUrl}?connectionParams=1`, from('203.0.113.9'));
      faker.ws.send(JSON.stringify({ method: 'connectionParams', data: { token: fake } }));
      expect((await faker.closed).code, fake).toBe(WS_CLOSE.policy);
    }
    // An authenticated socket no longer counts against its address.
    const more = await Promise.all(
      Array.from({ length: MAX }, () => openSocket(stack.wsUrl, from('203.0.113.8'))),
    );
    closeAll([params, header, ...more]);
  });
});
