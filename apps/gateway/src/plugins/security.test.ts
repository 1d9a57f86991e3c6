import { createServer } from 'node:http';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { helmetOptions, recordHeaders } from './security.js';

/** What helmet itself sets on a real Node response, with the same options. */
async function helmetOnNode(options: Parameters<typeof helmet>[0]): Promise<Record<string, string>> {
  const middleware = helmet(options);
  const server = createServer((req, res) => {
    res.setHeader('x-powered-by', 'something');
    middleware(req, res, () => res.end('ok'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${port}/`);
    await res.text();
    const ignored = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
    return Object.fromEntries([...res.headers].filter(([name]) => !ignored.has(name)));
  } finally {
    server.close();
  }
}

describe('security headers recorded once', () => {
  it.each([
    ['https', { COOKIE_SECURE: 'true' }],
    ['plain http, extra image origins', { COOKIE_SECURE: 'false', IMAGE_ORIGINS: 'https://img.example.com' }],
  ])('are the headers helmet sets on a real response (%s)', async (_what, env) => {
    const options = helmetOptions(loadConfig({ NODE_ENV: 'test', ...env }));
    const recorded = recordHeaders(helmet(options));
    expect(recorded).toEqual(await helmetOnNode(options));
    expect(recorded['content-security-policy']).toContain("default-src 'self'");
    expect('strict-transport-security' in recorded).toBe(env.COOKIE_SECURE === 'true');
  });

  it('refuses a middleware that does not finish at once', () => {
    expect(() => recordHeaders((_req, _res, next) => setTimeout(next, 0))).toThrow(/did not finish/);
  });

  it('passes on a middleware failure', () => {
    expect(() => recordHeaders((_req, _res, next) => next(new Error('bad option')))).toThrow('bad option');
  });
});
