import { randomBytes } from 'node:crypto';
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
let session: string;
const MAX = 3;
// Long enough for the held phase below to finish first on a slow machine; the test waits on close events.
const DEADLINE_MS = 2500;

beforeAll(async () => {
  stack = await startHardened({
    WS_MAX_UNAUTHENTICATED_PER_ADDRESS: String(MAX),
    WS_AUTH_DEADLINE_MS: String(DEADLINE_MS),
  });
  session = await stack.signIn();
});

afterAll(async () => {
  await stack?.close();
});

/** Well-formed credentials nobody issued: a backend-token shape and a session-id shape. */
const forgedTokens = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    i % 2 === 0 ? randomBytes(24).toString('base64url') : `wbs_${randomBytes(32).toString('base64url')}`,
  );
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const closeAll = async (sockets: RawSocket[]) => {
  for (const s of sockets) s.ws.close();
  await Promise.all(sockets.map((s) => s.closed));
};

describe('websockets with made-up bearer tokens (all from one address, no cookie)', () => {
  it('get no pass: over the per-address cap they are refused, the rest closed at the deadline; a signed-in user still connects', async () => {
    const forged = forgedTokens(4 * MAX);
    // One after another, so each upgrade sees the ones before it attached: the cap is exact.
    const held: RawSocket[] = [];
    for (const token of forged.slice(0, MAX)) held.push(await openSocket(stack.wsUrl, bearer(token)));
    for (const token of forged.slice(MAX)) expect(await upgradeStatus(stack.wsUrl, bearer(token))).toBe(429);

    // The same address's signed-in user (cookie, or its session id as bearer) is not held back.
    const tab = await openSocket(stack.wsUrl, { cookie: `${AUTH_COOKIE_NAME}=${session}` });
    const script = await openSocket(stack.wsUrl, bearer(session));
    await pingPong(tab);
    await pingPong(script);
    // Made-up tokens never get a per-user cap of their own: only the verified session is counted.
    expect(stack.app.wsGuard.tokens()).toEqual([session]);
    expect(stack.app.wsGuard.count(session)).toBe(2);

    for (const s of held) {
      const closed = await s.closed;
      expect(closed.code).toBe(WS_CLOSE.policy);
      expect(closed.reason).toMatch(/not signed in within 3 s \(WS_AUTH_DEADLINE_MS\)/);
    }
    await pingPong(tab);
    expect(isOpen(tab) && isOpen(script)).toBe(true);
    await closeAll([tab, script]);
  });

  it('keep counting against the address while given in connectionParams, and are closed at the deadline', async () => {
    const forged = forgedTokens(MAX);
    const held: RawSocket[] = [];
    for (const token of forged) {
      const s = await openSocket(`${stack.wsUrl}?connectionParams=1`);
      s.ws.send(JSON.stringify({ method: 'connectionParams', data: { token } }));
      held.push(s);
    }
    expect(await upgradeStatus(stack.wsUrl, {})).toBe(429);
    for (const s of held) expect((await s.closed).code).toBe(WS_CLOSE.policy);
    expect(stack.app.wsGuard.tokens()).toEqual([]);
  });
});

describe("a script's own backend token", () => {
  it('starts unverified, is counted under its token once the backend accepts it, and outlives the deadline', async () => {
    const sim = stack.sim!;
    const token = sim.store.issueToken(sim.store.users[0]!.uid);
    const script = await openSocket(stack.wsUrl, bearer(token));
    await pingPong(script);
    await expect.poll(() => stack.app.wsGuard.count(token)).toBe(1);

    // Accepted lately, so verified at the upgrade: it connects even while its address is full.
    const idle = await Promise.all(Array.from({ length: MAX }, () => openSocket(stack.wsUrl)));
    expect(await upgradeStatus(stack.wsUrl, {})).toBe(429);
    const second = await openSocket(stack.wsUrl, bearer(token));
    expect(stack.app.wsGuard.count(token)).toBe(2);

    // Sockets opened after it reach their deadline after its own would have passed.
    for (const s of idle) expect((await s.closed).code).toBe(WS_CLOSE.policy);
    await pingPong(script);
    await pingPong(second);
    await closeAll([script, second]);
  });
});
