import { connect } from 'node:net';
import { createTRPCClient, httpBatchLink, httpLink } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { makeConfig } from '../../src/config.js';
import type { AppRouter } from '../../src/router.js';
import { testDataDir } from '../data-dir.js';
import { startFakeBackend } from '../fake-backend.js';
import { trpcError } from '../helpers.js';
import { type Hardened, sleep, startHardened } from './stack.js';

let stack: Hardened;

beforeAll(async () => {
  stack = await startHardened({
    HEADERS_TIMEOUT_MS: '500',
    REQUEST_TIMEOUT_MS: '1500',
    SIGNIN_RATE_MAX: '3',
    SIGNIN_RATE_WINDOW_MS: '60000',
  });
});

afterAll(async () => {
  await stack?.close();
});

/** Opens a raw TCP connection, runs `feed`, and resolves with what the server sent once it closed. */
function rawConnection(
  port: number,
  feed: (write: (s: string) => boolean) => Promise<void>,
): Promise<{ received: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let received = '';
    let closed = false;
    socket.on('data', (chunk) => {
      received += chunk.toString();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      closed = true;
      resolve({ received, closedAfterMs: Date.now() - started });
    });
    socket.on('connect', () => {
      feed((s) => !closed && socket.write(s)).catch(reject);
    });
  });
}

const port = () => Number(new URL(stack.url).port);

describe('slow and oversized requests', () => {
  it('answers 413 to a body over the limit and keeps serving', async () => {
    const res = await fetch(`${stack.url}/trpc/orders.search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ filter: { reference: 'x'.repeat(2 * 1024 * 1024) } }),
    });
    expect(res.status).toBe(413);
    expect(JSON.stringify(await res.json())).toMatch(/too large/i);
    expect((await fetch(`${stack.url}/healthz`)).status).toBe(200);
  });

  it('refuses a multipart body (no procedure takes one) with 415, before reading it past the limit', async () => {
    const boundary = 'x-boundary';
    const part = `--${boundary}\r\nContent-Disposition: form-data; name="input"\r\n\r\n${'x'.repeat(2 * 1024 * 1024)}\r\n--${boundary}--\r\n`;
    for (const path of ['orders.comments.add', 'auth.logout']) {
      const res = await fetch(`${stack.url}/trpc/${path}`, {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          authorization: 'Bearer madeup',
        },
        body: part,
      });
      expect(res.status, path).toBe(415);
      expect(JSON.stringify(await res.json()), path).toMatch(/Unsupported Media Type/i);
    }
    expect((await fetch(`${stack.url}/healthz`)).status).toBe(200);
  });

  it('drops a slow-loris client that sends its headers byte by byte', async () => {
    const request = `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ${'a'.repeat(200)}\r\n\r\n`;
    const result = await rawConnection(port(), async (write) => {
      for (const byte of request) {
        if (!write(byte)) return;
        await sleep(20);
      }
    });
    // 200+ bytes at 20 ms each would take 4+ s: the server cut it off at the headers timeout.
    expect(result.received).toMatch(/^HTTP\/1\.1 408/);
    expect(result.closedAfterMs).toBeLessThan(4000);
    expect((await fetch(`${stack.url}/healthz`)).status).toBe(200);
  });

  it('drops a connection that never sends anything, and one whose body never finishes', async () => {
    const idle = await rawConnection(port(), async () => undefined);
    expect(idle.closedAfterMs).toBeLessThan(10_000);
    const slowBody = await rawConnection(port(), async (write) => {
      write(
        'POST /trpc/auth.logout HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
      );
    });
    // Headers were complete, so the handler owns the response: node just closes the connection.
    expect(slowBody.received).not.toMatch(/^HTTP\/1\.1 2/);
    expect(slowBody.closedAfterMs).toBeLessThan(10_000);
  });
});

describe('sign-in rate limit', () => {
  it('refuses sign-in attempts over SIGNIN_RATE_MAX per address with TOO_MANY_REQUESTS', async () => {
    const client = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${stack.url}/trpc` })] });
    for (let i = 0; i < 3; i++) {
      const error = await trpcError(
        client.auth.passwordLogin.mutate({ email: 'ops@example.com', password: 'wrong-password' }),
      );
      expect(error.data?.code).not.toBe('TOO_MANY_REQUESTS');
    }
    const limited = await trpcError(
      client.auth.passwordLogin.mutate({ email: 'ops@example.com', password: 'waybill-demo' }),
    );
    expect(limited.data?.code).toBe('TOO_MANY_REQUESTS');
    expect(limited.data?.httpStatus).toBe(429);
    expect(limited.message).toMatch(/Too many sign-in attempts.*try again in/);

    // Batched with another call, the whole batch is refused in tRPC's batch shape.
    const batch = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: `${stack.url}/trpc` })] });
    const [login, logout] = await Promise.allSettled([
      batch.auth.passwordLogin.mutate({ email: 'ops@example.com', password: 'waybill-demo' }),
      batch.auth.logout.mutate(),
    ]);
    for (const r of [login, logout]) {
      expect(r.status).toBe('rejected');
      expect((r as PromiseRejectedResult).reason.data?.code).toBe('TOO_MANY_REQUESTS');
    }
    // Other procedures are not limited.
    expect((await client.auth.session.query()).user).toBeNull();
  });
});

describe('security headers', () => {
  it('sends a CSP the console works under, and the usual hardening headers', async () => {
    const res = await fetch(`${stack.url}/healthz`);
    const csp = res.headers.get('content-security-policy') ?? '';
    const directives = Object.fromEntries(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values];
      }),
    );
    // The built console is one module script and stylesheet from its own origin, talking to /trpc.
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['script-src']).toEqual(["'self'"]);
    // 'self' covers the same-origin websocket; ws:/wss: would let a page talk to any host.
    expect(directives['connect-src']).toEqual(["'self'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    // Not pinned to https unless cookies are Secure (COOKIE_SECURE=true, tested in procedures.test.ts).
    expect(res.headers.get('strict-transport-security')).toBeNull();
    // Product images: https anywhere, plain http only from IMAGE_ORIGINS (none configured here).
    expect(directives['img-src']).toEqual(["'self'", 'data:', 'https:']);
  });

  it('allows images from the configured plain-http origins, and no others', async () => {
    const data = testDataDir(undefined);
    const app = await buildApp(
      makeConfig({ IMAGE_ORIGINS: 'http://127.0.0.1:4000/, http://images.local:8080', DATA_DIR: data.dir }),
      {
        logger: false,
      },
    );
    try {
      const res = await app.inject({ method: 'GET', url: '/healthz' });
      const imgSrc = `${res.headers['content-security-policy']}`
        .split(';')
        .find((d) => d.trim().startsWith('img-src'));
      expect(imgSrc?.trim().split(/\s+/)).toEqual([
        'img-src',
        "'self'",
        'data:',
        'https:',
        'http://127.0.0.1:4000',
        'http://images.local:8080',
      ]);
    } finally {
      await app.close();
      await data.remove();
    }
  });
});

describe('production errors', () => {
  it('carry no stack trace, no thrown message and no backend internals', async () => {
    const secret = 'db-password=hunter2 at Object.<anonymous> (/srv/mgmt/secret-module.js:10:5)';
    const backend = await startFakeBackend((req, res) => {
      if (req.url === '/login/username_password') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ data: { access_token: 'tok-1' } }));
        return;
      }
      res.writeHead(500, {
        'content-type': req.url.startsWith('/orders') ? 'application/json' : 'text/html',
      });
      res.end(
        req.url.startsWith('/orders')
          ? JSON.stringify({
              error: { code: 'internal', message: 'Server error', stack: secret },
              trace: secret,
            })
          : `<pre>Traceback: ${secret}</pre>`,
      );
    });
    const prod = await startHardened(
      { BACKEND_URL: backend.url, NODE_ENV: 'production' },
      undefined,
      (app) => {
        app.get('/boom', async () => {
          throw new Error(secret);
        });
      },
    );
    try {
      const bodies: string[] = [];
      const get = async (path: string, init?: RequestInit) => {
        const res = await fetch(`${prod.url}${path}`, init);
        const text = await res.text();
        bodies.push(text);
        return { status: res.status, text };
      };
      const auth = { authorization: 'Bearer tok-1' };
      expect((await get('/boom')).status).toBe(500);
      expect(
        (await get('/trpc/orders.detail?input=%7B%22uid%22%3A%22o-1%22%7D', { headers: auth })).status,
      ).toBe(502);
      expect((await get('/trpc/users.me', { headers: auth })).status).toBe(502);
      expect(
        (
          await get('/trpc/orders.search', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{"filter":',
          })
        ).status,
      ).toBe(400);
      // An unexpected failure inside a procedure (a bug, simulated here) is INTERNAL_SERVER_ERROR.
      prod.app.services.reference.user = async () => {
        throw new Error(secret);
      };
      const internal = await get('/trpc/auth.session', { headers: auth });
      expect(internal.status).toBe(500);
      expect(JSON.parse(internal.text).error.message).toBe('Internal server error');
      for (const body of bodies) {
        expect(body).not.toMatch(/hunter2|secret-module|Traceback|"stack"|\bat \S+ \(/);
      }
    } finally {
      await prod.close();
      await backend.close();
    }
  });
});
