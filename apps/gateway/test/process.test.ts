import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { connect } from 'node:net';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { sendJson, startFakeBackend } from './fake-backend.js';
import { spawnServer } from './server-process.js';

let child: ChildProcessWithoutNullStreams | null = null;
const dataRemovals: Array<() => Promise<void>> = [];
afterAll(() => Promise.all(dataRemovals.map((remove) => remove())));

afterEach(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  child = null;
});

interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

/** Starts src/server.ts and resolves once it listens, with its URL and the JSON log lines so far. */
function startServer(env: Record<string, string>): Promise<{ url: string; logs: LogLine[]; raw: string[] }> {
  const { proc, removeData } = spawnServer({ PORT: '0', ...env });
  dataRemovals.push(removeData);
  child = proc;
  const logs: LogLine[] = [];
  const raw: string[] = [];
  return new Promise((resolve, reject) => {
    let buffer = '';
    proc.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      let newline = buffer.indexOf('\n');
      while (newline >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        raw.push(line);
        const parsed = JSON.parse(line) as LogLine;
        logs.push(parsed);
        const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(parsed.msg);
        if (match?.[1]) resolve({ url: match[1], logs, raw });
        newline = buffer.indexOf('\n');
      }
    });
    proc.on('exit', (code) => reject(new Error(`server exited early with ${code}`)));
  });
}

function exited(proc: ChildProcessWithoutNullStreams): Promise<number | null> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null) resolve(proc.exitCode);
    else proc.on('exit', (code) => resolve(code));
  });
}

describe('gateway process', () => {
  it('logs JSON without credentials and drains on SIGTERM', async () => {
    const backend = await startFakeBackend((req, res) => {
      if (req.url === '/login/username_password') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ data: { access_token: 'secret-token-from-backend' } }));
        return;
      }
      res.writeHead(500);
      res.end('broken');
    });
    try {
      const { url, logs, raw } = await startServer({ BACKEND_URL: backend.url, WEB_DIST: '/nonexistent' });
      expect(logs.every((l) => typeof l.level === 'number' && typeof l.msg === 'string')).toBe(true);
      expect((await fetch(`${url}/healthz`)).status).toBe(200);

      // Credentials in every place a request can carry them.
      await fetch(`${url}/trpc/auth.passwordLogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: 'mgmt_auth_token=secret-cookie-token' },
        body: JSON.stringify({ email: 'ops@example.com', password: 'secret-password' }),
      });
      await fetch(`${url}/trpc/users.me`, { headers: { authorization: 'Bearer secret-bearer-token' } });

      const proc = child!;
      proc.kill('SIGTERM');
      expect(await exited(proc)).toBe(0);
      const text = raw.join('\n');
      expect(text).toContain('shutting down');
      expect(text).toContain('backend error');
      for (const secret of [
        'secret-token-from-backend',
        'secret-cookie-token',
        'secret-password',
        'secret-bearer-token',
      ])
        expect(text).not.toContain(secret);
    } finally {
      await backend.close();
    }
  }, 30_000);

  it('drains a keep-alive connection with a request in flight on SIGTERM: answer, Connection: close, exit 0 in time', async () => {
    const user = { uid: 'u1', name: 'Ops', department: 'customer_support', access_to: [], superadmin: false };
    // users.me is held until the test lets it go (once the gateway is draining), so it is in flight.
    let letGo = () => {};
    const held = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    const backend = await startFakeBackend(async (req, res) => {
      if (req.url === '/users/me') await held;
      sendJson(res, 200, { data: { user } });
    });
    try {
      const { url, logs } = await startServer({ BACKEND_URL: backend.url, WEB_DIST: '/nonexistent' });
      const { hostname, port } = new URL(url);
      const socket = connect(Number(port), hostname);
      let raw = '';
      socket.on('data', (c: Buffer) => {
        raw += c.toString();
      });
      socket.on('error', () => {});
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      const get = (path: string, extra = '') =>
        socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n${extra}\r\n`);
      // One answer first, so the connection is an established keep-alive one.
      get('/healthz');
      for (let i = 0; i < 100 && !raw.includes('"ok"'); i++) await new Promise((r) => setTimeout(r, 20));
      get('/trpc/users.me', 'authorization: Bearer backend-token\r\n');
      await vi.waitFor(
        () =>
          expect(
            backend.requests.some((r) => r.url === '/users/me'),
            'users.me at the backend',
          ).toBe(true),
        { timeout: 20_000, interval: 20 },
      );

      const proc = child!;
      const signalledAt = Date.now();
      proc.kill('SIGTERM');
      // The gateway logs this right before it starts draining: the answer comes back after.
      await vi.waitFor(
        () =>
          expect(
            logs.some((l) => l.msg === 'shutting down'),
            'the shutdown logged',
          ).toBe(true),
        { timeout: 20_000, interval: 20 },
      );
      letGo();
      expect(await exited(proc)).toBe(0);
      expect(Date.now() - signalledAt).toBeLessThan(10_000);
      await closed;
      const answers = raw.split(/HTTP\/1\.1 (?=\d{3} )/).slice(1);
      expect(answers.map((a) => a.slice(0, 3))).toEqual(['200', '200']);
      expect(answers[1]).toMatch(/^connection: close\r$/im);
      expect(answers[1]).toContain('"Ops"');
    } finally {
      letGo();
      await backend.close();
    }
  }, 30_000);
});
