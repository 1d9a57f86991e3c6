/**
 * The attacker of bench/abuse.ts, in its own process: one signed-in user sending the probe's HTTP
 * batches (several loops at once), opening ABUSE_SOCKETS websockets with ABUSE_LISTS_PER_SOCKET live
 * lists of as many rows as the caps allow on each, and posting bulk comments of the longest text on
 * ABUSE_BULK_ORDERS orders in a loop, for ABUSE_SECONDS. Prints one JSON line: HTTP statuses,
 * subscription answers and bulk comment statuses.
 */
import { COMMENT_MAX_LENGTH } from '@waybill/contracts';
import WebSocket from 'ws';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Outcome {
  http: Record<string, number>;
  ws: { started: number; refused: Record<string, number> };
  comments: Record<string, number>;
}

/** The caps the gateway runs with (LIST_MAX_LOADED_ROWS, BATCH_MAX_ROWS): the attacker asks for all they allow. */
const maxLoaded = Number(process.env.ABUSE_MAX_LOADED_ROWS ?? 1000);
const maxBatch = Number(process.env.ABUSE_BATCH_ROWS ?? 1000);

/** The attacker's batches, in turn: the probe's original (20 × 5,000 rows), then the largest ones the caps let through. */
function attackBatches(): { paths: string; input: Record<number, unknown> }[] {
  const many = (n: number, input: (i: number) => unknown) => ({
    paths: Array.from({ length: n }, () => 'orders.search').join(','),
    input: Object.fromEntries(Array.from({ length: n }, (_, i) => [i, input(i)])),
  });
  const page = Math.min(100, Math.floor(maxBatch / 20));
  const refreshes = Math.max(1, Math.floor(maxBatch / maxLoaded));
  return [
    many(20, () => ({ window: { skip: 0, limit: 5000 } })),
    many(20, (i) => ({ window: { skip: i * page, limit: page } })),
    many(refreshes, (i) => ({ window: { skip: maxLoaded - 100 - i, limit: 100 }, refresh: true })),
    many(20, () => ({ window: { skip: 9980, limit: 20 }, refresh: true })),
  ];
}

async function httpAttack(url: string, cookie: string, until: number, counts: Record<string, number>) {
  const batches = attackBatches();
  for (let i = 0; Date.now() < until; i++) {
    const { paths, input } = batches[i % batches.length]!;
    try {
      const res = await fetch(
        `${url}/trpc/${paths}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`,
        {
          headers: { cookie },
        },
      );
      await res.arrayBuffer();
      counts[res.status] = (counts[res.status] ?? 0) + 1;
    } catch {
      counts.error = (counts.error ?? 0) + 1;
    }
  }
}

/**
 * One of the attacker's websockets asking for `lists` live lists of about `maxLoaded` rows each (skip
 * + limit), each its own cohort (a distinct window), one message each. `first` numbers the windows.
 */
async function wsAttack(url: string, cookie: string, first: number, lists: number, result: Outcome['ws']) {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/trpc`, {
    headers: { cookie },
    perMessageDeflate: false,
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.on('message', (raw) => {
    const text = String(raw);
    if (text === 'PING') return ws.send('PONG');
    if (!text.startsWith('{')) return;
    const msg = JSON.parse(text) as { result?: { type?: string }; error?: { data?: { code?: string } } };
    if (msg.result?.type === 'started') result.started += 1;
    const code = msg.error?.data?.code;
    if (code) result.refused[code] = (result.refused[code] ?? 0) + 1;
  });
  for (let i = first; i < first + lists; i++) {
    const window = { skip: maxLoaded - 100 - (i % 100), limit: 100 };
    ws.send(
      JSON.stringify({
        id: i + 1,
        method: 'subscription',
        params: { path: 'orders.live', input: { window } },
      }),
    );
    // Under the per-socket message rate limit: the attacker wants its socket to stay.
    await sleep(30);
  }
  return ws;
}

/** The first `n` orders of the default list, in pages of 100 (the largest page). */
async function orderUids(url: string, cookie: string, n: number): Promise<string[]> {
  const uids: string[] = [];
  for (let skip = 0; uids.length < n; skip += 100) {
    const input = encodeURIComponent(JSON.stringify({ window: { skip, limit: 100 } }));
    const res = await fetch(`${url}/trpc/orders.search?input=${input}`, { headers: { cookie } });
    const page = ((await res.json()) as { result: { data: { orders: { uid: string }[] } } }).result.data
      .orders;
    uids.push(...page.map((o) => o.uid));
    if (page.length < 100) break;
  }
  return uids.slice(0, n);
}

/** The same longest-allowed comment on `uids` (one bulk call), again and again until `until`. */
async function bulkAttack(
  url: string,
  cookie: string,
  uids: string[],
  until: number,
  counts: Record<string, number>,
) {
  const body = JSON.stringify({
    action: { kind: 'comment', text: 'x'.repeat(COMMENT_MAX_LENGTH) },
    orderUids: uids,
  });
  while (Date.now() < until) {
    try {
      const res = await fetch(`${url}/trpc/orders.bulk`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body,
      });
      await res.arrayBuffer();
      counts[res.status] = (counts[res.status] ?? 0) + 1;
    } catch {
      counts.error = (counts.error ?? 0) + 1;
    }
  }
}

async function main() {
  const url = process.env.ABUSE_URL!;
  const cookie = process.env.ABUSE_COOKIE!;
  const until = Date.now() + Number(process.env.ABUSE_SECONDS) * 1000;
  const sockets = Number(process.env.ABUSE_SOCKETS ?? 0);
  const lists = Number(process.env.ABUSE_LISTS_PER_SOCKET ?? 0);
  const bulkLoops = Number(process.env.ABUSE_BULK_LOOPS ?? 0);
  const outcome: Outcome = { http: {}, ws: { started: 0, refused: {} }, comments: {} };
  const uids = bulkLoops > 0 ? await orderUids(url, cookie, Number(process.env.ABUSE_BULK_ORDERS ?? 0)) : [];
  console.log('started');
  const opened = Array.from({ length: sockets }, (_, i) =>
    wsAttack(url, cookie, i * lists, lists, outcome.ws),
  );
  const loops = [
    ...Array.from({ length: Number(process.env.ABUSE_HTTP_LOOPS ?? 0) }, () =>
      httpAttack(url, cookie, until, outcome.http),
    ),
    ...Array.from({ length: bulkLoops }, () => bulkAttack(url, cookie, uids, until, outcome.comments)),
  ];
  await Promise.all(loops);
  const ws = await Promise.all(opened);
  const left = until - Date.now();
  if (left > 0) await sleep(left);
  for (const socket of ws) socket.close();
  console.log(JSON.stringify(outcome));
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
