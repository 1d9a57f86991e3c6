import { DEMO_PASSWORD } from './data/generate-reference.js';
import { startSim } from './index.js';
import { optionsFromEnv } from './options.js';

// `pnpm start`: the sim as a process, configured from the environment.
let options: ReturnType<typeof optionsFromEnv>;
try {
  options = optionsFromEnv(process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const started = Date.now();
const sim = await startSim(options);
const { store } = sim;
const lines = [
  `backend-sim listening on ${sim.url} (public ${store.baseUrl})`,
  `  data: seed "${store.options.seed}", ${store.orders.size} orders, ${store.inbounds.size} inbounds, ${store.stores.length} stores (${Date.now() - started} ms)`,
  `  simulator: ${options.tickMs ? `tick every ${options.tickMs} ms` : 'paused'}; HTTP control ${options.control ? 'on (/__sim)' : 'off'}`,
  `  service token: ${options.serviceToken === 'dev-service-token' ? 'dev-service-token (default)' : '(from SERVICE_TOKEN)'}`,
  `  demo users (password "${DEMO_PASSWORD}"):`,
  ...store.users.map(
    (u) => `    ${u.email.padEnd(28)} ${u.superadmin ? 'superadmin' : (u.department ?? '')}`,
  ),
];
console.log(lines.join('\n'));

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    sim.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
