import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Hardened, startHardened } from './stack.js';

let stack: Hardened;

beforeAll(async () => {
  // Listed origins may call the gateway; they must not widen where the console's pages connect.
  stack = await startHardened({ ALLOWED_ORIGINS: 'https://ops.example.com' });
});

afterAll(async () => {
  await stack?.close();
});

describe('content security policy', () => {
  it.each(['/healthz', '/login'])("limits connections to the console's own origin (%s)", async (path) => {
    const res = await fetch(`${stack.url}${path}`);
    await res.body?.cancel();
    const connectSrc = (res.headers.get('content-security-policy') ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .find(([name]) => name === 'connect-src');
    // Same-origin websockets are 'self' in current browsers; ws: or wss: would allow any host.
    expect(connectSrc).toEqual(['connect-src', "'self'"]);
  });
});
