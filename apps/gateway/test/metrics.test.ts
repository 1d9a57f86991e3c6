import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Hardened, openSocket, type RawSocket, startHardened } from './hardening/stack.js';
import { metricsText, TEST_METRICS_TOKEN } from './helpers.js';

/** The sample lines of one metric (a histogram's `_bucket`, `_sum` and `_count` for its name). */
function samplesOf(text: string, name: string): string[] {
  return text
    .split('\n')
    .filter(
      (line) =>
        !line.startsWith('#') && /^[a-z_:]+/.exec(line)?.[0]?.replace(/_(bucket|sum|count)$/, '') === name,
    );
}

/** One sample's value, picked by its labels (`a="1",b="2"`, in any order). */
function sampleValue(text: string, name: string, labels = ''): number | undefined {
  const wanted = labels ? labels.split(',') : [];
  const line = text
    .split('\n')
    .find(
      (l) => (l.startsWith(`${name}{`) || l.startsWith(`${name} `)) && wanted.every((w) => l.includes(w)),
    );
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}

let stack: Hardened;
let socket: RawSocket;

beforeAll(async () => {
  stack = await startHardened({ METRICS_TOKEN: TEST_METRICS_TOKEN, CHANGE_POLL_MS: '200' });
  const token = await stack.signIn();
  await fetch(`${stack.url}/trpc/users.me`, { headers: { authorization: `Bearer ${token}` } });
  await fetch(`${stack.url}/no-such-page/12345`);
  socket = await openSocket(stack.wsUrl, { authorization: `Bearer ${token}` });
  socket.ws.send(
    JSON.stringify({ id: 1, method: 'subscription', params: { path: 'orders.live', input: {} } }),
  );
  await socket.next((m) => (m as { id?: number; result?: { type: string } }).result?.type === 'data');
});

afterAll(async () => {
  socket?.ws.close();
  await stack?.close();
});

describe('/metrics after traffic', () => {
  it('exports every metric prefixed waybill_, counters with _total, each with samples', async () => {
    const text = await vi.waitFor(
      async () => {
        const scraped = await metricsText(stack.url);
        // The first poll has run: this replica (the only one) leads.
        expect(sampleValue(scraped, 'waybill_change_poll_leader')).toBe(1);
        return scraped;
      },
      { timeout: 30_000, interval: 100 },
    );
    const names = [
      'waybill_http_request_duration_seconds',
      'waybill_trpc_procedure_duration_seconds',
      'waybill_backend_call_duration_seconds',
      'waybill_backend_calls_total',
      'waybill_websocket_connections',
      'waybill_websocket_messages_received_total',
      'waybill_websocket_messages_sent_total',
      'waybill_trpc_subscriptions',
      'waybill_realtime_cohorts',
      'waybill_realtime_cohort_members',
      'waybill_change_poll_lag_seconds',
      'waybill_change_poll_leader',
      'waybill_change_polls_total',
      'waybill_sessions',
      'waybill_process_cpu_seconds_total',
      'waybill_nodejs_heap_size_used_bytes',
    ];
    for (const name of names) expect(samplesOf(text, name), name).not.toEqual([]);
    const sampleNames = new Set(
      text
        .split('\n')
        .filter((l) => l && !l.startsWith('#'))
        .map((l) => /^[a-zA-Z_:]+/.exec(l)?.[0]),
    );
    for (const name of sampleNames) expect(name, 'every metric is prefixed').toMatch(/^waybill_/);
    for (const line of text.split('\n').filter((l) => l.startsWith('# TYPE ') && l.endsWith(' counter')))
      expect(line, 'counters end in _total').toMatch(/_total counter$/);
  });

  it('labels HTTP by route template, tRPC by path and code, and counts the live parts', async () => {
    const text = await metricsText(stack.url);
    expect(
      sampleValue(
        text,
        'waybill_http_request_duration_seconds_count',
        'route="/trpc/:path",status_code="200"',
      ),
    ).toBeGreaterThan(0);
    // A URL no route knows is one label value, never the raw path.
    expect(text).toContain('route="unmatched",status_code="404"');
    expect(text).not.toContain('12345');
    expect(
      sampleValue(
        text,
        'waybill_trpc_procedure_duration_seconds_count',
        'code="OK",path="users.me",type="query"',
      ),
    ).toBeGreaterThan(0);
    expect(sampleValue(text, 'waybill_trpc_procedure_duration_seconds_count', 'path="orders.live"')).toBe(1);
    expect(
      sampleValue(text, 'waybill_backend_call_duration_seconds_count', 'outcome="200",route="/users/me"'),
    ).toBeGreaterThan(0);
    expect(sampleValue(text, 'waybill_websocket_connections')).toBe(1);
    expect(sampleValue(text, 'waybill_trpc_subscriptions')).toBe(1);
    expect(sampleValue(text, 'waybill_realtime_cohorts', 'kind="orders"')).toBe(1);
    expect(sampleValue(text, 'waybill_realtime_cohort_members', 'kind="orders"')).toBe(1);
    expect(sampleValue(text, 'waybill_websocket_messages_received_total')).toBeGreaterThanOrEqual(1);
    expect(sampleValue(text, 'waybill_websocket_messages_sent_total')).toBeGreaterThanOrEqual(2);
    expect(sampleValue(text, 'waybill_sessions')).toBe(1);
  });
});
