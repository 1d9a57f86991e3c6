import { BACKEND_ROUTES, type BackendRoute, type BackendRouteName } from '@waybill/contracts';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { CallRecorder, createControl, type SimControl } from './control.js';
import type { SimUser } from './data/types.js';
import { resolveOptions, type SimOptions } from './options.js';
import { authHandlers } from './routes/auth-handlers.js';
import { registerControlRoutes } from './routes/control-routes.js';
import { registerFiles } from './routes/files.js';
import { inboundHandlers } from './routes/inbounds-handlers.js';
import { orderHandlers } from './routes/orders-handlers.js';
import { registerPages } from './routes/pages.js';
import type { Handler, Handlers } from './routes/types.js';
import { Simulator } from './simulator.js';
import { SimStore } from './store.js';
import { parseOrThrow, SimHttpError } from './util/errors.js';

export interface SimRuntime {
  store: SimStore;
  control: SimControl;
  simulator: Simulator;
  options: SimOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    sim: SimRuntime;
  }
}

/** Every route of BACKEND_ROUTES has a handler: the compiler checks the map is complete. */
const HANDLERS: Handlers = { ...authHandlers, ...orderHandlers, ...inboundHandlers };

const CONTROL_PREFIX = '/__sim';

/** '/orders/order/:uid' → '/orders/order/{uid}': call counters use the contract's path patterns. */
function routeKey(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern) return pattern.replace(/:(\w+)/g, '{$1}');
  return request.url.split('?')[0] ?? request.url;
}

function sendError(reply: FastifyReply, error: SimHttpError): FastifyReply {
  const body: { code: string; message: string; fields?: { path: string; message: string }[] } = {
    code: error.code,
    message: error.message,
  };
  if (error.fields) body.fields = error.fields;
  return reply.code(error.status).send({ error: body });
}

function authenticate(request: FastifyRequest, runtime: SimRuntime): SimUser {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match?.[1])
    throw new SimHttpError(401, 'unauthorized', 'Missing bearer token (Authorization: Bearer <token>)');
  const token = match[1];
  if (token === runtime.options.serviceToken) return runtime.store.serviceUser;
  const user = runtime.store.user(runtime.store.tokens.get(token));
  if (!user) throw new SimHttpError(401, 'unauthorized', 'Invalid or expired token');
  return user;
}

function registerBackendRoute(app: FastifyInstance, name: BackendRouteName, runtime: SimRuntime): void {
  const route: BackendRoute = BACKEND_ROUTES[name];
  const handler = HANDLERS[name] as Handler<BackendRouteName>;
  app.route({
    method: route.method,
    url: route.path.replace(/\{(\w+)\}/g, ':$1'),
    handler: async (request) => {
      const user = route.auth ? authenticate(request, runtime) : null;
      const body = route.body ? parseOrThrow(route.body, request.body, 'body') : undefined;
      const data = await handler({
        body: body as never,
        query: (request.query ?? {}) as Record<string, unknown>,
        params: (request.params ?? {}) as Record<string, string>,
        user,
        store: runtime.store,
        options: runtime.options,
        nowMs: runtime.store.now(),
      });
      return { data };
    },
  });
}

async function injectFault(request: FastifyRequest, reply: FastifyReply, runtime: SimRuntime, key: string) {
  const fault = runtime.control.fault;
  if (!fault || (fault.paths && !fault.paths.includes(key))) return;
  switch (fault.kind) {
    case 'down':
      return sendError(reply, new SimHttpError(503, 'unavailable', 'Backend unavailable (simulated fault)'));
    case 'slow':
      await new Promise((resolve) => setTimeout(resolve, fault.delayMs ?? 2000));
      return;
    case 'garbage':
      return reply.code(200).type('application/json').send('{"data": <<<not json');
    case 'invalid':
      return reply.code(200).send({ data: { unexpected: 'shape', orders: 'not-a-list' } });
  }
  void request;
}

/** Build the sim's Fastify app (not listening). Data is generated here. */
export function buildSimApp(options: Partial<SimOptions> = {}): FastifyInstance {
  const resolved = resolveOptions(options);
  const startedMs = Date.now();
  const epoch = resolved.epoch ?? startedMs;
  // A fixed epoch runs its own clock from there, so the data's "now" is the epoch at start.
  const now =
    resolved.now ?? (resolved.epoch === undefined ? Date.now : () => epoch + (Date.now() - startedMs));
  const store = new SimStore({
    seed: String(resolved.seed),
    orders: resolved.orders,
    inbounds: resolved.inbounds,
    stores: resolved.stores,
    managedBy: resolved.managedBy,
    epoch,
    now,
  });
  if (resolved.publicUrl) store.baseUrl = resolved.publicUrl.replace(/\/+$/, '');
  const recorder = new CallRecorder();
  const simulator = new Simulator(store, resolved.tickMs);
  const control = createControl(store, simulator, recorder);
  const runtime: SimRuntime = { store, control, simulator, options: resolved };

  const app = Fastify({
    logger: resolved.logger ? { level: 'info', redact: ['req.headers.authorization'] } : false,
    bodyLimit: 1024 * 1024,
    // Lists of uids travel in bodies; query strings stay small.
    routerOptions: { maxParamLength: 500 },
  });
  app.decorate('sim', runtime);

  app.addHook('onRequest', async (request, reply) => {
    const key = routeKey(request);
    if (key.startsWith(CONTROL_PREFIX)) return;
    recorder.count(key);
    return injectFault(request, reply, runtime, key);
  });
  app.addHook('preValidation', async (request) => {
    const key = routeKey(request);
    if (!key.startsWith(CONTROL_PREFIX) && request.body !== undefined) recorder.body(key, request.body);
  });

  app.setErrorHandler((error: FastifyError | SimHttpError, request, reply) => {
    if (error instanceof SimHttpError) return sendError(reply, error);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendError(
        reply,
        new SimHttpError(status, (error.code ?? 'bad_request').toLowerCase(), error.message),
      );
    }
    request.log.error({ err: error, path: request.url }, 'backend-sim handler failed');
    return sendError(reply, new SimHttpError(500, 'internal_error', 'Internal error'));
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(
      reply,
      new SimHttpError(404, 'not_found', `No route ${request.method} ${request.url.split('?')[0]}`),
    ),
  );

  for (const name of Object.keys(BACKEND_ROUTES) as BackendRouteName[])
    registerBackendRoute(app, name, runtime);
  registerFiles(app, store);
  registerPages(app, store);
  app.get('/healthz', async () => ({
    data: { status: 'ok', orders: store.orders.size, paused: simulator.paused },
  }));
  if (resolved.control) registerControlRoutes(app, control);

  app.addHook('onReady', async () => simulator.start());
  app.addHook('onClose', async () => simulator.pause());
  return app;
}
