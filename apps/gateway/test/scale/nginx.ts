import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './redis-server.js';

function findNginx(): string {
  const candidates = [process.env.NGINX, '/usr/sbin/nginx', 'nginx'].filter((c): c is string => Boolean(c));
  for (const candidate of candidates) {
    try {
      execFileSync(candidate, ['-v'], { stdio: 'ignore' });
      return candidate;
    } catch {}
  }
  // Fail, never skip: CI installs it, and the rolling-restart test is the proof behind a balancer.
  throw new Error(
    'nginx is not installed: the rolling-restart test needs it (apt-get install -y nginx-light, or set NGINX)',
  );
}

/** One line per request: status sent to the client, then the replica(s) tried and what each answered. */
export interface AccessLine {
  status: number;
  method: string;
  uri: string;
  /** Replica addresses tried, in order (`127.0.0.1:port`), and their answers (or `-` when none). */
  upstreams: string[];
  upstreamStatuses: string[];
  /** When the request was logged (ms epoch). */
  at: number;
  /** The Retry-After header sent with the answer, or null. */
  retryAfter: string | null;
}

export interface Nginx {
  url: string;
  /** The access log so far. */
  accessLog(): Promise<AccessLine[]>;
  stop(): Promise<void>;
}

/** The shipped balancer's `location /` block (deploy/nginx.conf), so what is tested is what ships. */
function shippedLocation(): string {
  const shipped = readFileSync(
    fileURLToPath(new URL('../../../../deploy/nginx.conf', import.meta.url)),
    'utf8',
  );
  const start = shipped.indexOf('    location / {');
  const end = shipped.indexOf('\n    }\n', start);
  if (start < 0 || end < 0) throw new Error('deploy/nginx.conf has no `location /` block');
  return shipped.slice(start, end + 6);
}

/**
 * The balancer of deploy/nginx.conf in front of replicas on loopback ports: same upstream settings
 * (fail marks, keep-alive, retry on error/timeout/502/503), same websocket upgrade headers. Everything
 * it writes goes to a temp dir removed on stop.
 */
export async function startNginx(upstreamPorts: number[], listenPort?: number): Promise<Nginx> {
  const binary = findNginx();
  const dir = await mkdtemp(join(tmpdir(), 'waybill-nginx-'));
  // Run as root, nginx's workers switch to an unprivileged user: they must reach the temp paths.
  await chmod(dir, 0o755);
  // A given port: the balancer restarted where its clients reach it.
  const port = listenPort ?? (await freePort());
  const conf = `
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log stderr warn;
events { worker_connections 1024; }
http {
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  log_format replicas '$status|$request_method|$uri|$upstream_addr|$upstream_status|$msec|$sent_http_retry_after';
  access_log ${dir}/access.log replicas;
  map $http_upgrade $connection_upgrade {
    default upgrade;
    '' '';
  }
  upstream gateways {
${upstreamPorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 32;
    # Below the gateways' DRAIN_IDLE_CLOSE_MS (3 s): nginx closes an idle connection before a
    # draining gateway does, so no request is ever sent on a connection being closed.
    keepalive_timeout 2s;
  }
  server {
    listen 127.0.0.1:${port};
${shippedLocation()}
  }
}
`;
  const confPath = join(dir, 'nginx.conf');
  await writeFile(confPath, conf);
  const child: ChildProcess = spawn(binary, ['-p', dir, '-c', confPath, '-e', 'stderr'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  // Up once it answers (the replicas may answer anything, even 502 means nginx listens).
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${output}`);
    try {
      await fetch(`${url}/healthz`);
      break;
    } catch {}
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not start within 30 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    async accessLog() {
      const text = await readFile(join(dir, 'access.log'), 'utf8').catch(() => '');
      return text
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [status = '0', method = '', uri = '', addrs = '-', statuses = '-', msec = '0', retry = '-'] =
            line.split('|');
          return {
            status: Number(status),
            method,
            uri,
            // Several tries are listed with ", " (" : " after an internal redirect).
            upstreams: addrs.split(/,\s*|\s+:\s+/).filter((a) => a !== '-'),
            upstreamStatuses: statuses.split(/,\s*|\s+:\s+/),
            at: Math.round(Number(msec) * 1000),
            retryAfter: retry === '-' || retry === '' ? null : retry,
          };
        });
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        // Fast shutdown: open websockets through it are cut, as on a balancer restart.
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
