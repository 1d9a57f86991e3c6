import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type RunningSim, startSim } from '@waybill/backend-sim';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDataDir } from '../data-dir.js';
import { type RecordedRequest, startFakeBackend } from '../fake-backend.js';
import { httpClient } from '../helpers.js';
import { startRedis } from '../scale/redis-server.js';
import { DEMO } from '../sim-stack.js';
import { type ReceivedSpan, startOtlpReceiver, traceTree } from './otlp-receiver.js';

const gatewayDir = fileURLToPath(new URL('../..', import.meta.url));
const reportOtelGlobal = fileURLToPath(new URL('./report-otel-global.mjs', import.meta.url));
let child: ChildProcessWithoutNullStreams | null = null;
let sim: RunningSim;
/** The real backend-sim behind a recording pass-through: what the gateway sent it, headers included. */
let backend: Awaited<ReturnType<typeof startFakeBackend>>;
const dataDirs: Array<ReturnType<typeof testDataDir>> = [];

beforeAll(async () => {
  sim = await startSim({ port: 0, tickMs: 0, orders: 200, inbounds: 20, stores: 10 });
  backend = await startFakeBackend(async (req, res) => {
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(
        (e): e is [string, string] =>
          typeof e[1] === 'string' && e[0] !== 'host' && e[0] !== 'content-length',
      ),
    );
    const answer = await fetch(`${sim.url}${req.url}`, {
      method: req.method,
      headers,
      body: req.method === 'GET' ? undefined : req.body,
    });
    res.writeHead(answer.status, {
      'content-type': answer.headers.get('content-type') ?? 'application/json',
    });
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
});

afterAll(async () => {
  await backend?.close();
  await sim?.close();
  await Promise.all(dataDirs.map((d) => d.remove()));
});

afterEach(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  child = null;
});

/** src/server.ts as a process (tracing starts before the app loads), resolving with its URL. */
function startGateway(env: Record<string, string>): Promise<{ url: string; stderr: () => string }> {
  const data = testDataDir(undefined);
  dataDirs.push(data);
  const proc = spawn(process.execPath, ['--import', 'tsx', '--import', reportOtelGlobal, 'src/server.ts'], {
    cwd: gatewayDir,
    env: {
      ...withoutOtel(process.env),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      CHANGE_POLL_MS: '60000',
      DATA_DIR: data.dir,
      BACKEND_URL: backend.url,
      WEB_DIST: '/nonexistent',
      ...env,
    },
  });
  child = proc;
  let stderr = '';
  proc.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    let buffer = '';
    proc.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(buffer);
      if (match?.[1]) resolve({ url: match[1], stderr: () => stderr });
    });
    proc.on('exit', (code) => reject(new Error(`gateway exited early with ${code}: ${stderr}`)));
  });
}

function withoutOtel(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined && !e[0].startsWith('OTEL_')),
  );
}

function stopped(proc: ChildProcessWithoutNullStreams): Promise<void> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null) resolve();
    else proc.on('exit', () => resolve());
  });
}

/** A console's calls: sign in, search the orders, open one order's detail. */
async function consoleCalls(url: string) {
  const { token } = await httpClient(url).auth.passwordLogin.mutate({ ...DEMO, bearer: true });
  const client = httpClient(url, token!);
  const { orders } = await client.orders.search.query({});
  const uid = orders[0]!.uid;
  await client.orders.detail.query({ uid });
  return { sessionToken: token!, uid };
}

const sentAfter = (from: number) => backend.requests.slice(from);

describe('tracing', () => {
  it('one console call is one trace: procedure → backend call (route template) → scheduler wait, traceparent to the backend, no ids or tokens', async () => {
    const receiver = await startOtlpReceiver();
    try {
      const { url } = await startGateway({
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_BSP_SCHEDULE_DELAY: '50',
      });
      const from = backend.requests.length;
      const { sessionToken, uid } = await consoleCalls(url);

      const search = await vi.waitFor(
        () => {
          const span = receiver.spans.find((s) => s.name === 'trpc orders.search');
          const call =
            span &&
            receiver.spans.find(
              (s) => s.parentSpanId === span.spanId && s.name === 'POST /orders/search/filter',
            );
          const wait =
            call && receiver.spans.find((s) => s.parentSpanId === call.spanId && s.name === 'scheduler wait');
          if (!span || !call || !wait) throw new Error('the search trace has not arrived yet');
          return { span, call, wait };
        },
        { timeout: 20_000, interval: 50 },
      );
      expect(receiver.services).toEqual(new Set(['waybill-gateway']));
      expect(search.span.attributes['trpc.type']).toBe('query');
      expect(search.span.attributes['trpc.code']).toBe('OK');
      expect(search.call.attributes['http.route']).toBe('/orders/search/filter');
      expect(search.call.attributes['http.response.status_code']).toBe('200');
      expect(search.wait.traceId).toBe(search.span.traceId);
      console.log(`one console search as a trace:\n${traceTree(receiver.spans, search.span.traceId)}`);

      // The backend got the call's own span as its parent, on every call.
      const sent = sentAfter(from);
      const searchCall = sent.find((r: RecordedRequest) => r.url === '/orders/search/filter');
      expect(searchCall?.headers.traceparent).toBe(`00-${search.span.traceId}-${search.call.spanId}-01`);
      expect(sent.every((r) => /^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/.test(String(r.headers.traceparent)))).toBe(
        true,
      );

      // The detail call sent the uid in its path; its span names the template only.
      const detail = await vi.waitFor(
        () => {
          const span = receiver.spans.find((s) => s.name === 'GET /orders/order/{uid}');
          if (!span) throw new Error('the detail call span has not arrived yet');
          return span;
        },
        { timeout: 20_000, interval: 50 },
      );
      expect(sent.some((r) => r.url.includes(uid))).toBe(true);
      expect(detail.attributes['http.route']).toBe('/orders/order/{uid}');
      const backendToken = String(searchCall?.headers.authorization).replace(/^Bearer /, '');
      const leaks = (span: ReceivedSpan) =>
        [span.name, ...Object.values(span.attributes)].filter(
          (v) => v.includes(sessionToken) || v.includes(backendToken) || v.includes(uid),
        );
      expect(receiver.spans.flatMap(leaks)).toEqual([]);
    } finally {
      await receiver.close();
    }
  }, 60_000);

  it('with Redis, its commands are spans inside the call that made them, named by command only', async () => {
    const receiver = await startOtlpReceiver();
    const redis = await startRedis();
    try {
      const { url } = await startGateway({
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_BSP_SCHEDULE_DELAY: '50',
        REDIS_URL: redis.url,
      });
      const { sessionToken } = await consoleCalls(url);
      const signIn = await vi.waitFor(
        () => {
          const span = receiver.spans.find((s) => s.name === 'trpc auth.passwordLogin');
          const commands = span
            ? receiver.spans.filter(
                (s) => s.traceId === span.traceId && s.attributes['db.system.name'] === 'redis',
              )
            : [];
          if (!span || commands.length === 0)
            throw new Error('the sign-in trace with its Redis commands has not arrived yet');
          return { span, commands };
        },
        { timeout: 20_000, interval: 50 },
      );
      // The session is written inside the sign-in; the statement is the command's name, never a key.
      expect(signIn.commands.map((c) => c.name)).toContain('exec');
      for (const command of signIn.commands) expect(command.attributes['db.query.text']).toBe(command.name);
      const keys = receiver.spans
        .flatMap((s) => Object.values(s.attributes))
        .filter((v) => v.includes(sessionToken));
      expect(keys).toEqual([]);
    } finally {
      await receiver.close();
      await redis.stop();
    }
  }, 60_000);

  it('with no OTLP endpoint set: no SDK loaded, no traceparent, nothing exported', async () => {
    const receiver = await startOtlpReceiver();
    try {
      // The receiver's address is there, but not as an endpoint: nothing may reach it.
      const { url, stderr } = await startGateway({
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        RECEIVER: receiver.url,
      });
      const from = backend.requests.length;
      await consoleCalls(url);
      const sent = sentAfter(from);
      expect(sent.length).toBeGreaterThan(0);
      expect(sent.filter((r) => r.headers.traceparent !== undefined)).toEqual([]);

      const proc = child!;
      proc.kill('SIGTERM');
      await stopped(proc);
      // report-otel-global.mjs: what registered itself with the OpenTelemetry API in the process.
      expect(stderr()).toContain('otel-global: none');
      expect(receiver.requests).toEqual([]);
    } finally {
      await receiver.close();
    }
  }, 60_000);
});
