import { describe, expect, it } from 'vitest';
import { tokenFrom } from '../src/context.js';
import { isOriginAllowed } from '../src/origins.js';
import { isSpaRoute } from '../src/plugins/static.js';
import { TtlCache } from '../src/reference/ttl-cache.js';

describe('TtlCache', () => {
  it('shares one load between concurrent misses and expires entries', async () => {
    let now = 0;
    let loads = 0;
    const cache = new TtlCache<number>({ ttlMs: 1000, now: () => now });
    const load = async () => {
      loads += 1;
      return loads;
    };
    const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    now = 999;
    expect(await cache.get('k', load)).toBe(1);
    now = 1000;
    expect(await cache.get('k', load)).toBe(2);
  });

  it('does not cache failures and evicts the oldest entries', async () => {
    const cache = new TtlCache<string>({ ttlMs: 10_000, maxEntries: 2 });
    await expect(cache.get('x', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.get('x', async () => 'ok')).toBe('ok');
    await cache.get('y', async () => 'y');
    await cache.get('z', async () => 'z');
    expect(cache.size).toBe(2);
    expect(await cache.get('x', async () => 'reloaded')).toBe('reloaded');
  });
});

describe('tokenFrom', () => {
  it('prefers the cookie, then the bearer header, then connectionParams', () => {
    expect(tokenFrom({ authorization: 'Bearer h' }, { mgmt_auth_token: 'c' }, { token: 'p' })).toBe('c');
    expect(tokenFrom({ authorization: 'Bearer h' }, {}, { token: 'p' })).toBe('h');
    expect(tokenFrom({ authorization: 'bearer   h2 ' }, undefined, null)).toBe('h2');
    expect(tokenFrom({}, {}, { token: 'p' })).toBe('p');
    expect(tokenFrom({ authorization: 'Basic abc' }, {}, {})).toBeNull();
    expect(tokenFrom({}, {}, { token: '' })).toBeNull();
  });
});

describe('isOriginAllowed', () => {
  it('allows the same host and listed origins only', () => {
    expect(isOriginAllowed('http://localhost:3000', 'localhost:3000', [])).toBe(true);
    expect(isOriginAllowed('https://ops.example.com', 'ops.example.com', [])).toBe(true);
    expect(isOriginAllowed('https://evil.example', 'localhost:3000', [])).toBe(false);
    expect(isOriginAllowed('https://ok.example/', 'localhost:3000', ['https://ok.example'])).toBe(true);
    expect(isOriginAllowed('null', 'localhost:3000', [])).toBe(false);
  });
});

describe('isSpaRoute', () => {
  it('knows the console routes', () => {
    for (const path of [
      '/',
      '/login?state=x',
      '/login/callback/google?code=1',
      '/realtime/order?uid=1',
      '/me/',
    ])
      expect(isSpaRoute(path)).toBe(true);
    for (const path of ['/trpc/x', '/assets/app.js', '/realtimex', '/login/other'])
      expect(isSpaRoute(path)).toBe(false);
  });
});
