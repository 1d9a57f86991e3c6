import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeBackend } from './fake-backend.js';

const gatewayDir = fileURLToPath(new URL('..', import.meta.url));
let child: ChildProcessWithoutNullStreams | null = null;

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
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: gatewayDir,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', CHANGE_POLL_MS: '60000', ...env },
  });
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
});
