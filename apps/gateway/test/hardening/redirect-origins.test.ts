import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { consoleOrigins, isRedirectAllowed, isReturnTargetAllowed } from '../../src/origins.js';
import { type Hardened, startHardened } from './stack.js';

interface Answer {
  status: number;
  body: { result?: { data: Record<string, string> }; error?: { message: string; data: { code: string } } };
}

/** A GET of one procedure with any Host header (fetch would send the real one). */
function query(stack: Hardened, path: string, input: unknown, host?: string): Promise<Answer> {
  const { port } = new URL(stack.url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`,
        headers: host ? { host } : {},
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Answer['body'] }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const redirectOf = (answer: Answer) =>
  new URL(String(answer.body.result?.data.authorization_url)).searchParams.get('redirect_uri');

const linkCalls = (stack: Hardened) =>
  stack.sim?.control.callCounts()['/api/v1/login/google/authorization_link'] ?? 0;
const shopCalls = (stack: Hardened) =>
  stack.sim?.control.callCounts()['/api/v1/authorization/selling_channel/shopify/authorize'] ?? 0;

describe('sign-in redirects are checked against configuration, never the Host header', () => {
  let local: Hardened;
  let behindProxy: Hardened;

  beforeAll(async () => {
    local = await startHardened({});
    behindProxy = await startHardened({
      PUBLIC_URL: 'https://ops.example.com',
      ALLOWED_ORIGINS: 'https://support.example.com',
    });
  });

  afterAll(async () => {
    await local?.close();
    await behindProxy?.close();
  });

  it('refuses a Google redirectUri on the host a request names in Host, before the backend makes a link', async () => {
    for (const stack of [local, behindProxy]) {
      const before = linkCalls(stack);
      const refused = await query(
        stack,
        'auth.googleAuthorizationLink',
        { redirectUri: 'http://evil.example/login/callback/google' },
        'evil.example',
      );
      expect(refused.status).toBe(400);
      expect(refused.body.error?.message).toMatch(/^redirectUri must be an address on this console \(/);
      expect(refused.body.error?.message).not.toContain('evil.example');
      expect(linkCalls(stack)).toBe(before);
    }
  });

  it('refuses a shop install redirect_uri on the Host header’s host, before the backend is asked', async () => {
    const before = shopCalls(local);
    const refused = await query(
      local,
      'auth.shopifyAuthorize',
      { query: { shop: 'demo.myshopify.com', redirect_uri: 'http://evil.example/login' } },
      'evil.example',
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error?.message).toContain('query.redirect_uri must be an address on this console');
    expect(shopCalls(local)).toBe(before);
  });

  it('without PUBLIC_URL, accepts localhost and 127.0.0.1 at the listening port only, and sends the callback there', async () => {
    const { port } = new URL(local.url);
    for (const origin of [`http://localhost:${port}`, `http://127.0.0.1:${port}`]) {
      const link = await query(local, 'auth.googleAuthorizationLink', {
        redirectUri: `${origin}/login/callback/google`,
      });
      expect(link.status, origin).toBe(200);
      expect(redirectOf(link)).toBe(`${origin}/login/callback/google`);
    }
    const otherPort = await query(local, 'auth.googleAuthorizationLink', {
      redirectUri: `http://localhost:${Number(port) + 1}/login/callback/google`,
    });
    expect(otherPort.status).toBe(400);
    // A caller naming no address (a script) gets the console's own callback, never a guessed port.
    const byDefault = await query(local, 'auth.googleAuthorizationLink', {}, 'evil.example');
    expect(byDefault.status).toBe(200);
    expect(redirectOf(byDefault)).toBe(`http://localhost:${port}/login/callback/google`);
  });

  it('with PUBLIC_URL, accepts it and ALLOWED_ORIGINS only, and sends the callback on PUBLIC_URL by default', async () => {
    const { port } = new URL(behindProxy.url);
    for (const ok of [
      'https://ops.example.com/login/callback/google',
      'https://support.example.com/login/callback/google',
    ]) {
      const link = await query(behindProxy, 'auth.googleAuthorizationLink', { redirectUri: ok });
      expect(link.status, ok).toBe(200);
      expect(redirectOf(link)).toBe(ok);
    }
    for (const refused of [
      `http://127.0.0.1:${port}/login/callback/google`,
      'http://ops.example.com/login/callback/google',
      'https://ops.example.com.evil.example/login/callback/google',
      'https://user@ops.example.com/login/callback/google',
    ]) {
      const answer = await query(behindProxy, 'auth.googleAuthorizationLink', { redirectUri: refused });
      expect(answer.status, refused).toBe(400);
      expect(answer.body.error?.message).toContain('(https://ops.example.com, PUBLIC_URL)');
    }
    const byDefault = await query(behindProxy, 'auth.googleAuthorizationLink', {}, 'evil.example');
    expect(redirectOf(byDefault)).toBe('https://ops.example.com/login/callback/google');
  });
});

describe('shop-install return parameters', () => {
  let stack: Hardened;

  beforeAll(async () => {
    stack = await startHardened({ PUBLIC_URL: 'https://ops.example.com' });
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('refuses next, url and continue that leave the console, naming the parameter, before the backend is asked', async () => {
    const before = shopCalls(stack);
    for (const [key, value] of [
      ['next', 'https://evil.example/'],
      ['next', '//evil.example/realtime'],
      ['url', 'http://evil.example'],
      ['url', '/\\evil.example'],
      ['continue', 'javascript:alert(1)'],
      ['continue', 'https://ops.example.com.evil.example/'],
      ['return_to', 'realtime'],
    ] as const) {
      const answer = await query(stack, 'auth.shopifyAuthorize', {
        query: { shop: 'demo.myshopify.com', [key]: value },
      });
      expect(answer.status, `${key}=${value}`).toBe(400);
      expect(answer.body.error?.message, `${key}=${value}`).toContain(
        `query.${key} must be an address on this console (https://ops.example.com, PUBLIC_URL) or in ALLOWED_ORIGINS, or a path on it like /realtime`,
      );
    }
    expect(shopCalls(stack)).toBe(before);
  });

  it('passes same-origin paths and addresses on the console, unchanged', async () => {
    const answer = await query(stack, 'auth.shopifyAuthorize', {
      query: {
        shop: 'demo.myshopify.com',
        next: '/realtime?state=abcdefghijkl',
        continue: 'https://ops.example.com/login',
        url: '/inbounds',
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.result?.data.install_url).toContain('/__shopify/install?shop=demo.myshopify.com');
  });
});

describe('the redirect rules', () => {
  const config = (env: Record<string, string>) => loadConfig(env);

  it('derives the console origins from configuration and the listening port', () => {
    expect(consoleOrigins(config({}), 3111)).toEqual({
      home: 'http://localhost:3111',
      allowed: ['http://localhost:3111', 'http://127.0.0.1:3111'],
    });
    expect(consoleOrigins(config({}), 80).home).toBe('http://localhost');
    expect(
      consoleOrigins(
        config({
          PUBLIC_URL: 'https://OPS.example.com:443/',
          ALLOWED_ORIGINS: 'https://a.example, http://b.example:8080/',
        }),
        3000,
      ),
    ).toEqual({
      home: 'https://ops.example.com',
      allowed: ['https://ops.example.com', 'https://a.example', 'http://b.example:8080'],
    });
  });

  it('takes only absolute http(s) addresses on an allowed origin as redirect addresses', () => {
    const allowed = ['https://ops.example.com'];
    expect(isRedirectAllowed('https://ops.example.com/login/callback/google', allowed)).toBe(true);
    for (const uri of [
      '/login/callback/google',
      'https://evil.example/',
      'https://ops.example.com:8443/x',
      'https://a:b@ops.example.com/',
      'javascript://ops.example.com/%0aalert(1)',
    ])
      expect(isRedirectAllowed(uri, allowed), uri).toBe(false);
  });

  it('takes same-origin paths or allowed addresses as shop-install return targets', () => {
    const allowed = ['https://ops.example.com'];
    for (const ok of ['/realtime', '/login?state=abcdefghijkl', 'https://ops.example.com/realtime'])
      expect(isReturnTargetAllowed(ok, allowed), ok).toBe(true);
    for (const bad of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'realtime',
      'data:text/html,x',
    ])
      expect(isReturnTargetAllowed(bad, allowed), bad).toBe(false);
  });

  it('refuses a PUBLIC_URL that is not an origin, naming it', () => {
    for (const bad of ['ops.example.com', 'https://ops.example.com/console', 'ftp://ops.example.com'])
      expect(() => config({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL=".*": must be an/);
  });
});
