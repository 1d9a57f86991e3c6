import { describe, expect, it } from 'vitest';
import type { PresentedCredential } from '../context.js';
import { CredentialCheck, paramsCredential } from './socket-credentials.js';

const LIVE_SESSION = `wbs_${'a'.repeat(43)}`;
const DEAD_SESSION = `wbs_${'b'.repeat(43)}`;
const GOOD_TOKEN = 'wbt_good';
const bearer = (value: string): PresentedCredential => ({ value, source: 'bearer' });

/** The backend behind a users.me cache: what it accepted is known until `forget` (logout, expiry). */
function checkWith(backend: (token: string) => Promise<boolean>) {
  const asked: string[] = [];
  const failures: unknown[] = [];
  const known = new Set<string>();
  const check = new CredentialCheck({
    sessionIsLive: async (id) => id === LIVE_SESSION,
    backendKnows: (token) => known.has(token),
    backendAccepts: async (token) => {
      if (known.has(token)) return true;
      asked.push(token);
      const accepted = await backend(token);
      if (accepted) known.add(token);
      return accepted;
    },
    onCheckFailed: (error) => failures.push(error),
  });
  return { check, asked, failures, forget: (token: string) => known.delete(token) };
}

describe('websocket credential check', () => {
  it('verifies a live session id from the store, never a dead or made-up one', async () => {
    const { check, asked } = checkWith(async () => true);
    expect(await check.quick(bearer(LIVE_SESSION))).toBe(LIVE_SESSION);
    expect(await check.quick({ value: LIVE_SESSION, source: 'cookie' })).toBe(LIVE_SESSION);
    expect(await check.verify(bearer(DEAD_SESSION), '127.0.0.1')).toBeNull();
    expect(asked).toEqual([]);
  });

  it('verifies a backend token only once the backend accepted it, and only while that is known', async () => {
    const { check, asked, forget } = checkWith(async (token) => token === GOOD_TOKEN);
    expect(await check.quick(bearer(GOOD_TOKEN))).toBeNull();
    expect(await check.verify(bearer('made-up'), '127.0.0.1')).toBeNull();
    expect(await check.verify(bearer(GOOD_TOKEN), '127.0.0.1')).toBe(GOOD_TOKEN);
    expect(await check.quick(bearer(GOOD_TOKEN))).toBe(GOOD_TOKEN);
    expect(await check.verify(bearer(GOOD_TOKEN), '127.0.0.1')).toBe(GOOD_TOKEN);
    expect(await check.quick(bearer('made-up'))).toBeNull();
    // Signed out (the cache forgot it): a quick check no longer lets it in.
    forget(GOOD_TOKEN);
    expect(await check.quick(bearer(GOOD_TOKEN))).toBeNull();
    expect(asked).toEqual(['made-up', GOOD_TOKEN]);
  });

  it('does not verify a token when the backend cannot answer (down or overloaded)', async () => {
    const { check, failures } = checkWith(async () => {
      throw Object.assign(new Error('backend overloaded'), { code: 'TOO_MANY_REQUESTS' });
    });
    expect(await check.verify(bearer(GOOD_TOKEN), '127.0.0.1')).toBeNull();
    expect(await check.quick(bearer(GOOD_TOKEN))).toBeNull();
    expect(failures).toHaveLength(1);
  });

  it('refuses a cookie that holds anything but a session id, and malformed tokens', async () => {
    const { check, asked } = checkWith(async () => true);
    expect(await check.verify({ value: GOOD_TOKEN, source: 'cookie' }, '127.0.0.1')).toBeNull();
    expect(await check.verify(bearer('not a token\r\n'), '127.0.0.1')).toBeNull();
    expect(asked).toEqual([]);
  });

  it("reads the token of tRPC's connectionParams message only", () => {
    const message = (m: unknown) => Buffer.from(JSON.stringify(m));
    expect(paramsCredential(message({ method: 'connectionParams', data: { token: 't' } }))).toEqual({
      value: 't',
      source: 'params',
    });
    expect(paramsCredential(message({ method: 'connectionParams', data: null }))).toBeNull();
    expect(paramsCredential(message({ method: 'query', data: { token: 't' } }))).toBeNull();
    expect(paramsCredential(Buffer.from('PING'))).toBeNull();
  });
});
