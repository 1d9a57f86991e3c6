import closeWithGrace from 'close-with-grace';
import { registerApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { createServer } from './server-options.js';

/** How long SIGTERM waits for in-flight requests and sockets before exiting anyway. */
const GRACE_MS = 10_000;

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  // Logger, body limit and timeouts are the server's; the plugins are the app's.
  const app = createServer(config);
  await registerApp(app, config);

  closeWithGrace(
    { delay: GRACE_MS, logger: { error: (msg: unknown) => app.log.error(msg) } },
    async ({ signal, err }) => {
      if (err) app.log.error({ err }, 'shutting down after an error');
      else app.log.info({ signal }, 'shutting down');
      // The change-poll lease first, so another replica polls at once instead of after the drain.
      await app.services.realtime.lease.release();
      // While closing, Fastify answers new requests with 503, in-flight answers close their keep-alive
      // connection, idle connections close, and websocket clients are told to reconnect.
      await app.close();
    },
  );

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    { backend: config.BACKEND_URL, webDist: config.WEB_DIST, passwordLogin: config.PASSWORD_LOGIN },
    'gateway ready',
  );
}

main().catch((error: unknown) => {
  // A setting found bad only when used (an unusable DATA_DIR): its message says all, no stack.
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  process.stderr.write(`gateway failed to start: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
