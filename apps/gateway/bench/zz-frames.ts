import { startGatewayProcess, startSimProcess } from './processes.js';
import { subscribe } from './trpc-ws.js';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sim = await startSimProcess();
const gw = await startGatewayProcess({ BACKEND_URL: sim.url, CHANGE_POLL_MS: '1000' }, [], null);
try {
  const res = await fetch(`${gw.url}/trpc/auth.passwordLogin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: sim.users[0]!.email, password: 'waybill-demo', bearer: true }) });
  const token = ((await res.json()) as any).result.data.token;
  const s = await subscribe(`${gw.url.replace(/^http/, 'ws')}/trpc`, { cookie: `mgmt_auth_token=${token}` }, 'orders.live', {});
  let snap: any = null;
  s.onData((d: any, id, bytes, text) => { if (d.kind === 'snapshot') snap = d; else console.log(Date.now(), bytes, text.slice(0, 3000)); });
  await s.firstData; await sleep(1500);
  const uid = snap?.rows?.at(-1)?.uid ?? snap?.items?.at(-1)?.uid;
  console.log('snapshot keys', Object.keys(snap ?? {}), 'uid', uid);
  await fetch(`${sim.url}/__sim/orders/${uid}/change`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  await sleep(3000);
  s.close();
} finally { await gw.stop(); await sim.stop(); }
