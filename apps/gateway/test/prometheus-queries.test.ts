import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RunningSim, startSim } from '@waybill/backend-sim';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openSocket, type RawSocket } from './hardening/stack.js';
import { metricsText, type RunningGateway, startGateway, TEST_METRICS_TOKEN } from './helpers.js';
import { freePort, type RedisServer, startRedis } from './scale/redis-server.js';
import { DEMO } from './sim-stack.js';

/** Debian's package (`apt-get install prometheus`); CI installs it. */
const PROMETHEUS = '/usr/bin/prometheus';
const deploy = fileURLToPath(new URL('../../../deploy/', import.meta.url));
const ALERTS = join(deploy, 'prometheus/alerts.yml');
const SHIPPED_CONFIG = join(deploy, 'prometheus/prometheus.yml');
const DASHBOARD = join(deploy, 'grafana/waybill-dashboard.json');

interface Dashboard {
  panels: Array<{ title: string; targets: Array<{ expr: string }> }>;
}
interface QueryAnswer {
  status: string;
  error?: string;
  data?: { result: Array<{ value?: [number, string] }> };
}
interface RulesAnswer {
  data: {
    groups: Array<{ rules: Array<{ name: string; query: string; health: string; lastError?: string }> }>;
  };
}

const panelQueries = (JSON.parse(readFileSync(DASHBOARD, 'utf8')) as Dashboard).panels.flatMap((panel) =>
  panel.targets.map((target) => ({ panel: panel.title, expr: target.expr })),
);
/** The waybill_ metric names an expression reads (a histogram's _bucket/_count/_sum as written). */
const metricNames = (expr: string) => [...new Set(expr.match(/\bwaybill_[a-z0-9_]+/g) ?? [])];
/** The sample names of a scrape. */
const scrapedNames = (text: string) =>
  new Set(
    text
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(line)?.[0]),
  );

/** `text` with each `[from, to]` replaced once; a `from` it lacks fails, so the shipped file stays tested. */
function replaceEach(text: string, pairs: Array<[string, string]>): string {
  return pairs.reduce((out, [from, to]) => {
    if (!out.includes(from)) throw new Error(`deploy/prometheus/prometheus.yml no longer holds ${from}`);
    return out.replace(from, to);
  }, text);
}

/** The expression of the alert rule named `name`. */
function rulesExpr(answer: unknown, name: string): string {
  const rule = (answer as RulesAnswer).data.groups.flatMap((g) => g.rules).find((r) => r.name === name);
  if (!rule) throw new Error(`no alert rule ${name}`);
  return rule.query;
}

const missing = existsSync(PROMETHEUS) ? null : `${PROMETHEUS} is missing (apt-get install prometheus)`;

describe.skipIf(missing !== null)(
  `the Grafana dashboard and the alert rules against a gateway${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    let redis: RedisServer;
    let sim: RunningSim;
    let gateway: RunningGateway;
    let prometheus: ChildProcess;
    let promUrl: string;
    let dir: string;
    let socket: RawSocket;
    let token: string;
    let prometheusOutput = '';

    /** Traffic that gives every panel something to show: calls, a failing one, a live list. */
    const traffic = async () => {
      const auth = { authorization: `Bearer ${token}` };
      await fetch(`${gateway.url}/trpc/users.me`, { headers: auth });
      await fetch(`${gateway.url}/trpc/orders.get?input=${encodeURIComponent('{"uid":"no-such-order"}')}`, {
        headers: auth,
      });
    };
    const query = async (expr: string): Promise<QueryAnswer> => {
      const response = await fetch(`${promUrl}/api/v1/query?query=${encodeURIComponent(expr)}`);
      return (await response.json()) as QueryAnswer;
    };

    beforeAll(async () => {
      redis = await startRedis();
      sim = await startSim({ port: 0, tickMs: 0 });
      // On Redis, so the Redis panels have data too.
      gateway = await startGateway({ BACKEND_URL: sim.url, REDIS_URL: redis.url, CHANGE_POLL_MS: '200' });
      const login = await fetch(`${gateway.url}/trpc/auth.passwordLogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...DEMO, bearer: true }),
      });
      token = ((await login.json()) as { result: { data: { token: string } } }).result.data.token;
      socket = await openSocket(`${gateway.url.replace('http', 'ws')}/trpc`, {
        authorization: `Bearer ${token}`,
      });
      socket.ws.send(
        JSON.stringify({ id: 1, method: 'subscription', params: { path: 'orders.live', input: {} } }),
      );
      await socket.next((m) => (m as { result?: { type: string } }).result?.type === 'data', 30_000);

      dir = await mkdtemp(join(tmpdir(), 'waybill-prometheus-'));
      // The shipped configuration, pointed at this gateway, its token and the rules, scraping every second.
      const { host } = new URL(gateway.url);
      await writeFile(join(dir, 'token'), TEST_METRICS_TOKEN);
      await writeFile(
        join(dir, 'prometheus.yml'),
        replaceEach(readFileSync(SHIPPED_CONFIG, 'utf8'), [
          ['scrape_interval: 15s', 'scrape_interval: 1s'],
          ['evaluation_interval: 15s', 'evaluation_interval: 1s'],
          ['  - alerts.yml', `  - ${JSON.stringify(ALERTS)}`],
          ['/etc/prometheus/waybill-metrics-token', join(dir, 'token')],
          ['[gateway-a:3000, gateway-b:3000]', `[${JSON.stringify(host)}]`],
        ]),
      );
      const port = await freePort();
      promUrl = `http://127.0.0.1:${port}`;
      prometheus = spawn(
        PROMETHEUS,
        [
          `--config.file=${join(dir, 'prometheus.yml')}`,
          `--storage.tsdb.path=${join(dir, 'data')}`,
          `--web.listen-address=127.0.0.1:${port}`,
          '--log.level=warn',
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      prometheus.stdout?.on('data', (c: Buffer) => {
        prometheusOutput += c.toString();
      });
      prometheus.stderr?.on('data', (c: Buffer) => {
        prometheusOutput += c.toString();
      });
      await vi.waitFor(
        async () => {
          if (prometheus.exitCode !== null) throw new Error(`prometheus exited:\n${prometheusOutput}`);
          expect((await fetch(`${promUrl}/-/ready`)).ok).toBe(true);
        },
        { timeout: 60_000, interval: 200 },
      );
    }, 180_000);

    afterAll(async () => {
      if (prometheus && prometheus.exitCode === null) {
        const exited = new Promise((resolve) => prometheus.once('exit', resolve));
        prometheus.kill('SIGTERM');
        await exited;
      }
      socket?.ws.close();
      await gateway?.close();
      await sim?.close();
      await redis?.stop();
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it('names only metrics the gateway exports, in every panel and every alert', async () => {
      await traffic();
      const exported = scrapedNames(await metricsText(gateway.url));
      const rules = (
        (await (await fetch(`${promUrl}/api/v1/rules`)).json()) as RulesAnswer
      ).data.groups.flatMap((group) => group.rules);
      expect(rules.length).toBeGreaterThanOrEqual(7);
      for (const { panel, expr } of panelQueries)
        for (const name of metricNames(expr)) expect(exported.has(name), `${panel}: ${name}`).toBe(true);
      for (const rule of rules)
        for (const name of metricNames(rule.query))
          expect(exported.has(name), `${rule.name}: ${name}`).toBe(true);
    });

    it('shows data in every panel after traffic', async () => {
      // Rates need two scrapes of the traffic: each round sends more until every panel has data.
      await vi.waitFor(
        async () => {
          await traffic();
          const empty: string[] = [];
          const shown: string[] = [];
          for (const { panel, expr } of panelQueries) {
            const answer = await query(expr);
            expect(answer.status, `${panel}: ${answer.error ?? ''}`).toBe('success');
            // A series of NaN (a quantile over no requests) is no data either.
            const values = (answer.data?.result ?? []).map((series) => Number(series.value?.[1]));
            const finite = values.filter(Number.isFinite);
            if (finite.length === 0) empty.push(`${panel}: ${expr}`);
            shown.push(`${panel} | ${expr} | ${finite[0]} (${finite.length} of ${values.length} series)`);
          }
          expect(empty, 'panels without data').toEqual([]);
          console.log(`panel | query | first series' value:\n${shown.join('\n')}`);
        },
        { timeout: 90_000, interval: 1000 },
      );
    }, 120_000);

    it('evaluates every alert expression without error', async () => {
      const rules = await vi.waitFor(
        async () => {
          const answer = (await (await fetch(`${promUrl}/api/v1/rules`)).json()) as RulesAnswer;
          const all = answer.data.groups.flatMap((group) => group.rules);
          // Evaluated at least once (health "unknown" before that).
          expect(
            all.filter((rule) => rule.health !== 'ok').map((r) => `${r.name}: ${r.lastError ?? r.health}`),
          ).toEqual([]);
          return all;
        },
        { timeout: 60_000, interval: 500 },
      );
      for (const rule of rules) {
        const answer = await query(rule.query);
        expect(answer.status, `${rule.name}: ${answer.error ?? ''}`).toBe('success');
      }
    });

    it("judges the heap against V8's own limit: a fraction of it, not of the pod's memory", async () => {
      const heap = rulesExpr(await (await fetch(`${promUrl}/api/v1/rules`)).json(), 'WaybillHeapHigh');
      // The alert's left side: the heap in use over its limit, per instance.
      const ratio = heap.replace(/\s*>\s*0\.8\s*$/, '');
      expect(ratio).not.toBe(heap);
      const answer = await vi.waitFor(
        async () => {
          const got = await query(ratio);
          expect(got.data?.result.length).toBe(1);
          return got;
        },
        { timeout: 30_000, interval: 500 },
      );
      const value = Number(answer.data?.result[0]?.value?.[1]);
      expect(value).toBeGreaterThan(0);
      expect(value).toBeLessThan(0.8);
    });
  },
);
