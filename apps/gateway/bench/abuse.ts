/**
 * One signed-in user abuses the gateway at the caps it is configured with (HTTP batches of large
 * searches, several at once; every websocket the session may open, each asking for as many live
 * lists of as many rows as a socket may hold; bulk comments of the longest text on as many orders as
 * a call takes) while a second user works normally. Used by `pnpm bench abuse` (figure
 * abuse_other_user_p99_ms) and by test/hardening/abuse.test.ts.
 */
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { metricValue, type RunningProcess, type SimProcess } from './processes.js';
import { percentile } from './stats.js';

const DEMO_PASSWORD = 'waybill-demo';
const COOKIE = 'mgmt_auth_token';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Signs in and returns the session cookie (works whatever the cookie holds: token or session id). */
export async function signInCookie(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/trpc/auth.passwordLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith(`${COOKIE}=`));
  if (!res.ok || !cookie) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  return cookie;
}

export interface AbuseOptions {
  /** How long the attack lasts. */
  seconds: number;
  /** Concurrent HTTP attack loops. */
  httpLoops: number;
  /** Websockets the attacker opens (WS_MAX_PER_USER), and live lists it asks for on each. */
  sockets: number;
  listsPerSocket: number;
  /** Concurrent loops of bulk comments, each on `bulkOrders` orders (BULK_MAX_ORDERS). */
  bulkLoops: number;
  bulkOrders: number;
  /** The gateway's CHANGE_POLL_MS, to judge whether the poll kept its interval. */
  pollMs: number;
  /** The gateway's LIST_MAX_LOADED_ROWS and BATCH_MAX_ROWS: the attacker asks for all they allow. */
  maxLoadedRows: number;
  batchRows: number;
}

export interface AbuseResult {
  /** The other user's latencies (users.me and orders.detail), ms. */
  victim: { p50: number; p99: number; max: number; samples: number; failures: number };
  /** Largest gateway heap seen during the attack, MB (from its /metrics). */
  heapMaxMb: number;
  /** /changes calls the sim saw during the attack, and how many the interval asks for. */
  polls: { seen: number; expected: number };
  /** Attacker's HTTP batches by status. */
  http: Record<string, number>;
  /** Attacker's subscriptions: started, and refused by error code. */
  ws: { started: number; refused: Record<string, number> };
  /** Attacker's bulk comment calls by status. */
  comments: Record<string, number>;
}

type Get = (path: string, input?: unknown) => Promise<{ status: number; ms: number; body: string }>;

function client(url: string, cookie: string): Get {
  return async (path, input) => {
    const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
    const started = performance.now();
    const res = await fetch(`${url}/trpc/${path}${query}`, { headers: { cookie } });
    const body = await res.text();
    return { status: res.status, ms: performance.now() - started, body };
  };
}

/** Runs the attack against a running gateway in front of the sim process, and measures the other user. */
export async function runAbuse(
  sim: SimProcess,
  gateway: RunningProcess,
  attackerEmail: string,
  victimEmail: string,
  opts: AbuseOptions,
): Promise<AbuseResult> {
  const attacker = await signInCookie(gateway.url, attackerEmail);
  const victimCookie = await signInCookie(gateway.url, victimEmail);
  const victim = client(gateway.url, victimCookie);
  const firstOrder = async (get: Get) =>
    (JSON.parse((await get('orders.search', {})).body) as { result: { data: { orders: { uid: string }[] } } })
      .result.data.orders[0]!.uid;
  const uid = await firstOrder(victim);
  const attackerUid = await firstOrder(client(gateway.url, attacker));
  // Warm-up: code paths compile before the measurement.
  for (let i = 0; i < 10; i++) {
    await victim('users.me');
    await victim('orders.detail', { uid });
  }

  const result: AbuseResult = {
    victim: { p50: 0, p99: 0, max: 0, samples: 0, failures: 0 },
    heapMaxMb: 0,
    polls: { seen: 0, expected: 0 },
    http: {},
    ws: { started: 0, refused: {} },
    comments: {},
  };
  const changesBefore = (await sim.callCounts())['/changes'] ?? 0;
  const attack = await startAttacker({
    ABUSE_URL: gateway.url,
    ABUSE_COOKIE: attacker,
    ABUSE_SECONDS: String(opts.seconds),
    ABUSE_HTTP_LOOPS: String(opts.httpLoops),
    ABUSE_SOCKETS: String(opts.sockets),
    ABUSE_LISTS_PER_SOCKET: String(opts.listsPerSocket),
    ABUSE_BULK_LOOPS: String(opts.bulkLoops),
    ABUSE_BULK_ORDERS: String(opts.bulkOrders),
    ABUSE_MAX_LOADED_ROWS: String(opts.maxLoadedRows),
    ABUSE_BATCH_ROWS: String(opts.batchRows),
  });
  const started = Date.now();
  const until = started + opts.seconds * 1000;
  const heap = (async () => {
    while (Date.now() < until) {
      try {
        const used = await metricValue(gateway.url, 'waybill_nodejs_heap_size_used_bytes');
        result.heapMaxMb = Math.max(result.heapMaxMb, used / 1024 / 1024);
      } catch {}
      await sleep(250);
    }
  })();
  // An order changes every poll, as busy days go: every cohort it may touch re-reads its window.
  const changes = (async () => {
    while (Date.now() < until) {
      await sleep(opts.pollMs);
      await sim.changeOrder(attackerUid).catch(() => {});
    }
  })();

  const latencies: number[] = [];
  for (let i = 0; Date.now() < until; i++) {
    const answer = i % 2 === 0 ? await victim('users.me') : await victim('orders.detail', { uid });
    if (answer.status === 200) latencies.push(answer.ms);
    else result.victim.failures += 1;
    await sleep(5);
  }
  const [attackResult] = await Promise.all([attack.done, heap, changes]);
  result.http = attackResult.http;
  result.ws = attackResult.ws;
  result.comments = attackResult.comments;
  const seconds = (Date.now() - started) / 1000;
  result.polls = {
    seen: ((await sim.callCounts())['/changes'] ?? 0) - changesBefore,
    expected: Math.floor((seconds * 1000) / opts.pollMs),
  };
  result.victim = {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: Math.max(...latencies),
    samples: latencies.length,
    failures: result.victim.failures,
  };
  return result;
}

/**
 * The attacker runs in its own process (abuse-attacker.ts): reading its large answers must not
 * delay the other user's measurements in this one. Resolves once it has begun.
 */
type AttackOutcome = Pick<AbuseResult, 'http' | 'ws' | 'comments'>;

function startAttacker(env: Record<string, string>): Promise<{ done: Promise<AttackOutcome> }> {
  return new Promise((resolveStarted, rejectStarted) => {
    const script = fileURLToPath(new URL('./abuse-attacker.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    // The attacker stands for clients on other machines: on this one, its own CPU use must not
    // take the gateway's (a lower priority; the gateway's fairness is what is measured).
    if (child.pid) setPriority(child.pid, 10);
    let out = '';
    let resolveDone: (value: AttackOutcome) => void = () => {};
    let rejectDone: (error: Error) => void = () => {};
    const done = new Promise<AttackOutcome>((res, rej) => {
      resolveDone = res;
      rejectDone = rej;
    });
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.startsWith('started\n')) resolveStarted({ done });
    });
    child.once('error', rejectStarted);
    child.once('exit', (code) => {
      if (code !== 0) {
        rejectStarted(new Error(`attacker exited with ${code}`));
        return rejectDone(new Error(`attacker exited with ${code}`));
      }
      resolveDone(JSON.parse(out.trim().split('\n').at(-1) ?? '{}'));
    });
  });
}

/** The attack at the default caps: WS_MAX_PER_USER sockets × 2 lists of LIST_MAX_LOADED_ROWS, BULK_MAX_ORDERS. */
export const ATTACK_AT_DEFAULT_CAPS = {
  seconds: 20,
  httpLoops: 4,
  sockets: 50,
  listsPerSocket: 2,
  bulkLoops: 2,
  bulkOrders: 100,
  maxLoadedRows: 1000,
  batchRows: 1000,
} as const;

/**
 * `pnpm bench abuse`: a gateway with the default limits (only the poll faster, to judge its
 * interval over more polls), attacked for 20 s at those limits; prints abuse_other_user_p99_ms.
 */
export async function abuseFigure(sim: SimProcess): Promise<void> {
  const { startGatewayProcess } = await import('./processes.js');
  const { figure, round } = await import('./stats.js');
  const pollMs = 2000;
  const gateway = await startGatewayProcess({ BACKEND_URL: sim.url, CHANGE_POLL_MS: String(pollMs) });
  try {
    const [attacker, victim] = sim.users;
    const result = await runAbuse(sim, gateway, attacker!.email, victim!.email, {
      ...ATTACK_AT_DEFAULT_CAPS,
      pollMs,
    });
    figure('abuse_other_user_p99_ms', result.victim.p99, 'ms', {
      p50: round(result.victim.p50, 1),
      max: round(result.victim.max, 1),
      samples: result.victim.samples,
      failures: result.victim.failures,
      heap_max_mb: round(result.heapMaxMb, 1),
      polls_seen: result.polls.seen,
      polls_expected: result.polls.expected,
      attacker_http: result.http,
      attacker_ws: result.ws,
      attacker_comments: result.comments,
      bar: 250,
    });
  } finally {
    await gateway.stop();
  }
}
