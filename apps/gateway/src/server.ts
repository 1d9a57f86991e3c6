import { unsupportedNode } from './node-version.js';
import { startTracing } from './tracing.js';

async function main(): Promise<void> {
  // Before the app's modules load: on an older Node.js they fail with an error that names nothing.
  const tooOld = unsupportedNode();
  if (tooOld) {
    process.stderr.write(`${tooOld}\n`);
    process.exit(1);
  }
  // Tracing first: the app's modules (fastify, http, ioredis) load after its instrumentations.
  const tracing = await startTracing();
  const { startGateway } = await import('./start-gateway.js');
  await startGateway(tracing);
}

main().catch((error: unknown) => {
  // A setting found bad only when used (an unusable DATA_DIR): its message says all, no stack.
  // By a flag, not the class: importing config.js here would load the app's modules before tracing.
  if (error instanceof Error && (error as { isConfigError?: boolean }).isConfigError === true) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  process.stderr.write(`gateway failed to start: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
