import closeWithGrace from 'close-with-grace';
import { registerApp } from './app.js';
import { assertProductionSafe, ConfigError, loadConfig } from './config.js';
import { listenOrExplain } from './listen.js';
import { redisTarget } from './scale/redis-connection.js';
import { assertRedisAnswers } from './scale/redis-start-check.js';
import { createServer } from './server-options.js';
import { SPAN_FLUSH_LIMIT_MS, type Tracing } from './tracing.js';
import { buildInfo } from './version.js';

/** Loaded by server.ts once tracing (if on) has started, so the instrumentations see every module. */
export async function startGateway(tracing: Tracing | null): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
    assertProductionSafe(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  // Logger, body limit, timeouts and the drain are the server's; the plugins are the app's.
  const app = createServer(config);
  tracing?.reportTo(app.log);
  const redis = redisTarget(config);
  if (redis) await assertRedisAnswers(redis, app.log);
  await registerApp(app, config);

  let stage = 'draining connections';
  closeWithGrace(
    {
      delay: config.SHUTDOWN_GRACE_MS,
      logger: { error: (msg: unknown) => app.log.error(msg) },
      // The only way out with 1 after a signal: say what held the exit, so it can be fixed.
      onTimeout: (delay) =>
        app.log.error(
          { graceMs: delay, stage, ...app.drainState(), resources: process.getActiveResourcesInfo() },
          'shutdown grace period over: exiting with what is still open',
        ),
    },
    async ({ signal, err }) => {
      const deadline = Date.now() + config.SHUTDOWN_GRACE_MS;
      if (err) app.log.error({ err }, 'shutting down after an error');
      else app.log.info({ signal, graceMs: config.SHUTDOWN_GRACE_MS }, 'shutting down');
      // The change-poll lease goes at once, so another replica polls now instead of after the drain.
      // Meanwhile the listener closes, websocket clients are told to reconnect elsewhere, and the
      // answers in flight finish (plugins/drain.ts).
      await Promise.all([app.services.realtime.lease.release(), app.drain()]);
      app.log.info({}, 'connections drained: closing services');
      stage = 'closing services';
      await app.close();
      // The last spans (the shutdown's own) are sent before the process exits, within what is left
      // of the grace (a little kept for the exit itself): a collector that is down costs no exit 1.
      stage = 'sending the last spans';
      await tracing?.stop(Math.max(0, Math.min(SPAN_FLUSH_LIMIT_MS, deadline - Date.now() - 250)));
    },
  );

  await listenOrExplain(app, config);
  app.log.info(
    {
      ...buildInfo(config.WAYBILL_COMMIT),
      backend: config.BACKEND_URL,
      webDist: config.WEB_DIST,
      passwordLogin: config.PASSWORD_LOGIN,
    },
    'gateway ready',
  );
}
