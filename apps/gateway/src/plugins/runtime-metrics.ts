import { getHeapStatistics } from 'node:v8';
import fp from 'fastify-plugin';
import { Counter, Gauge } from 'prom-client';
import type { WebSocket } from 'ws';
import { withinMs } from '../scale/within.js';

/** Route label of a request no route matched (a scanner's URLs must not become label values). */
const UNMATCHED_ROUTE = 'unmatched';

/**
 * Metrics of the running gateway: HTTP answers by route template, websockets and their messages,
 * sessions, and Redis reachability in multi-replica mode. Registered early, so its hook times every
 * route; after the websocket server exists.
 */
export const runtimeMetricsPlugin = fp(
  async (app) => {
    const { metrics, sessions } = app.services;
    const { registry } = metrics;

    app.addHook('onResponse', (request, reply, done) => {
      metrics.httpDuration.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? UNMATCHED_ROUTE,
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
      done();
    });

    const wss = app.websocketServer;
    new Gauge({
      name: 'waybill_websocket_connections',
      help: 'Open websockets on this process',
      registers: [registry],
      collect() {
        this.set(wss.clients.size);
      },
    });
    const received = new Counter({
      name: 'waybill_websocket_messages_received_total',
      help: 'Websocket messages received from clients',
      registers: [registry],
    });
    const sent = new Counter({
      name: 'waybill_websocket_messages_sent_total',
      help: 'Websocket messages sent to clients (tRPC answers and live pushes)',
      registers: [registry],
    });
    wss.on('connection', (socket: WebSocket) => {
      socket.on('message', () => received.inc());
      // Every writer (tRPC, the cohorts' direct pushes) goes through send.
      const send = socket.send.bind(socket) as (...args: unknown[]) => void;
      socket.send = ((...args: unknown[]) => {
        sent.inc();
        send(...args);
      }) as WebSocket['send'];
    });

    // The heap's own ceiling, not the pod's memory limit: V8 sizes it from the container's memory (about
    // half of it) unless --max-old-space-size says otherwise, and a full heap ends the process first.
    new Gauge({
      name: 'waybill_nodejs_heap_size_limit_bytes',
      help: 'The most heap V8 lets this process use',
      registers: [registry],
      collect() {
        this.set(getHeapStatistics().heap_size_limit);
      },
    });

    new Gauge({
      name: 'waybill_sessions',
      help: 'Live gateway sessions (on disk, or in Redis for every replica); kept as a count, never scanned',
      registers: [registry],
      async collect() {
        // NaN (unknown) while Redis is unreachable or slow; waybill_redis_up says why. Bounded as the
        // PING is, so a scrape always answers within Prometheus's timeout.
        this.set(await withinMs(sessions.count(), 1000).catch(() => Number.NaN));
      },
    });

    const { scale } = app;
    if (scale)
      new Gauge({
        name: 'waybill_redis_up',
        help: 'Whether Redis answers a PING from this replica (1) or not (0)',
        registers: [registry],
        async collect() {
          this.set((await scale.ping(1000)) ? 1 : 0);
        },
      });
  },
  { name: 'waybill-runtime-metrics', dependencies: ['waybill-services', 'waybill-websocket'] },
);
