import type { Readable } from 'node:stream';
import { context, propagation, type Span } from '@opentelemetry/api';
import { BACKEND_ROUTES, type BackendResponse, type BackendRouteName, backendPath } from '@waybill/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { Pool, errors as undiciErrors } from 'undici';
import type { ZodError } from 'zod';
import type { GatewayMetrics } from '../metrics.js';
import { currentRequestId, REQUEST_ID_HEADER } from '../request-id.js';
import { inSpan, SpanKind } from '../telemetry.js';
import { describeZodError } from '../zod-message.js';
import { recordAnswerSize } from './answer-size.js';
import { BackendError, backendErrorBody, codeForStatus } from './backend-error.js';
import { type CallDeadline, callDeadline } from './call-deadline.js';

export interface CallOptions {
  /** Bearer token; required by authorised routes. */
  token?: string | null;
  /** `{uid}` placeholders of the path. */
  params?: Record<string, string>;
  query?: Record<string, string | undefined>;
  body?: unknown;
  /** Caller cancellation (e.g. the browser went away); the upstream timeout applies on top. */
  signal?: AbortSignal;
  /** This call's upstream timeout, when not the client's own (the readiness probe's is shorter). */
  timeoutMs?: number;
  /** Nobody waits on it right now (a live list's statistics): the scheduler runs it on spare slots. */
  background?: boolean;
}

export interface BackendStream {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: Readable;
}

export interface BackendClientOptions {
  baseUrl: string;
  timeoutMs: number;
  logger: FastifyBaseLogger;
  metrics: GatewayMetrics;
  /** Keep-alive pool size towards the backend. */
  connections?: number;
}

const MAX_ERROR_BODY_BYTES = 64 * 1024;
/** Keep-alive connections towards the backend when `connections` is not given. */
export const DEFAULT_BACKEND_CONNECTIONS = 128;

/** Admission of calls made for users (security/fair-scheduler.ts); resolves with a release. */
export interface CallScheduler {
  acquire(
    key: string,
    cost: number,
    signal?: AbortSignal,
    lane?: 'foreground' | 'background',
  ): Promise<() => void>;
}

/** Routes whose answer carries list rows: their cost grows with the rows asked for. */
const ROW_ROUTES: ReadonlySet<BackendRouteName> = new Set([
  'orders.search',
  'orders.search.filter',
  'inbounds.search',
  'analytics.search',
]);

/**
 * Scheduling cost of a call: one unit, and for a list one per 25 rows asked for: what an answer
 * costs the backend to build and the gateway to parse and validate grows with its rows. A call
 * costing a session's whole budget runs alone for that session.
 */
function callCost(name: BackendRouteName, body: unknown): number {
  const limit = (body as { limit?: unknown } | undefined)?.limit;
  if (!ROW_ROUTES.has(name) || typeof limit !== 'number') return 1;
  return Math.max(1, Math.ceil(limit / 25));
}

function isAbort(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'AbortError' ||
      error.name === 'TimeoutError' ||
      error instanceof undiciErrors.RequestAbortedError)
  );
}

/**
 * The gateway's only way to the management backend: JSON in, the route's validated `data` out,
 * every failure mapped to a BackendError naming the backend path.
 */
export class BackendClient {
  readonly #pool: Pool;
  readonly #basePath: string;
  readonly #timeoutMs: number;
  readonly #logger: FastifyBaseLogger;
  readonly #metrics: GatewayMetrics;
  readonly #origin: string;
  #scheduler: CallScheduler | null = null;
  #exempt = new Set<string>();

  constructor(options: BackendClientOptions) {
    const url = new URL(options.baseUrl);
    this.#origin = url.origin;
    this.#basePath = url.pathname.replace(/\/+$/, '');
    this.#timeoutMs = options.timeoutMs;
    this.#logger = options.logger;
    this.#metrics = options.metrics;
    this.#pool = new Pool(url.origin, {
      connections: options.connections ?? DEFAULT_BACKEND_CONNECTIONS,
      keepAliveTimeout: 30_000,
      keepAliveMaxTimeout: 60_000,
      connectTimeout: Math.min(options.timeoutMs, 10_000),
    });
  }

  get origin(): string {
    return this.#origin;
  }

  /** The log, naming the request a call is made for (none for the gateway's own: the change poll). */
  get #log(): FastifyBaseLogger {
    const reqId = currentRequestId();
    return reqId ? this.#logger.child({ reqId }) : this.#logger;
  }

  /**
   * Calls made with a user's token wait for the scheduler's admission (fairness between sessions);
   * calls with an exempt token (the gateway's own service token: change poll, export checks) never do.
   */
  useScheduler(scheduler: CallScheduler, exemptTokens: string[]): void {
    this.#scheduler = scheduler;
    this.#exempt = new Set(exemptTokens);
  }

  /**
   * One deadline per call, from its arrival: time spent waiting for the scheduler counts, so a call
   * queued behind a session's hanging calls is answered when its own time is up, not after theirs.
   */
  async call<N extends BackendRouteName>(name: N, options: CallOptions = {}): Promise<BackendResponse<N>> {
    const timeoutMs = options.timeoutMs ?? this.#timeoutMs;
    const route = BACKEND_ROUTES[name];
    // Named by the route's template, never the sent path: that holds ids.
    const attributes = {
      'http.request.method': route.method,
      'http.route': route.path,
      'waybill.backend.route': name,
    };
    return inSpan(`${route.method} ${route.path}`, { kind: SpanKind.CLIENT, attributes }, async (span) => {
      const deadline = callDeadline(timeoutMs, options.signal);
      try {
        const release = await inSpan('scheduler wait', {}, () =>
          this.#admit(name, options, deadline, timeoutMs),
        );
        try {
          return await this.#call(name, options, deadline, timeoutMs, span);
        } finally {
          release();
        }
      } finally {
        deadline.done();
      }
    });
  }

  /** Waits for the scheduler's slot; a call whose deadline passes meanwhile leaves the queue. */
  async #admit(
    name: BackendRouteName,
    options: CallOptions,
    deadline: CallDeadline,
    timeoutMs: number,
  ): Promise<() => void> {
    const token = options.token;
    if (!this.#scheduler || !token || this.#exempt.has(token)) return () => {};
    try {
      return await this.#scheduler.acquire(
        token,
        callCost(name, options.body),
        deadline.signal,
        options.background ? 'background' : 'foreground',
      );
    } catch (error) {
      if (!deadline.signal.aborted) throw error;
      const path = BACKEND_ROUTES[name].path;
      const details = { path, status: null, error: null };
      if (options.signal?.aborted)
        throw new BackendError('CLIENT_CLOSED_REQUEST', `Request to ${path} was cancelled`, details);
      this.#log.warn({ backendPath: path, timeoutMs }, 'backend call timed out while queued');
      throw new BackendError(
        'GATEWAY_TIMEOUT',
        `Backend did not answer ${path} within ${timeoutMs} ms`,
        details,
        error,
      );
    }
  }

  async #call<N extends BackendRouteName>(
    name: N,
    options: CallOptions,
    deadline: CallDeadline,
    timeoutMs: number,
    span: Span,
  ): Promise<BackendResponse<N>> {
    const route: (typeof BACKEND_ROUTES)[BackendRouteName] = BACKEND_ROUTES[name];
    const template = route.path;
    const fail = (
      code: ConstructorParameters<typeof BackendError>[0],
      message: string,
      status: number | null,
      error: BackendError['details']['error'] = null,
      cause?: unknown,
    ) => new BackendError(code, message, { path: template, status, error }, cause);

    if (route.auth && !options.token) throw fail('UNAUTHORIZED', 'Sign in first: no session token', null);

    let body: string | undefined;
    if ('body' in route) {
      // Our mapping produced this body; check it against the backend's strict schema before sending.
      const checked = route.body.safeParse(options.body ?? {});
      if (!checked.success)
        throw fail(
          'BAD_REQUEST',
          `Invalid request for ${template}: ${describeZodError(checked.error)}`,
          null,
        );
      body = JSON.stringify(checked.data);
    }

    const unsafe = unsafePathParam(options.params);
    if (unsafe) throw fail('BAD_REQUEST', `Invalid ${unsafe}: not a valid id for ${template}`, null);
    let path: string;
    try {
      path = this.#basePath + backendPath(template, options.params);
    } catch (error) {
      throw fail('BAD_REQUEST', (error as Error).message, null);
    }
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(options.query ?? {}))
      if (value !== undefined) query.set(key, value);
    if (query.size > 0) path += `?${query}`;

    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (options.token && route.auth) headers.authorization = `Bearer ${options.token}`;
    Object.assign(headers, requestIdHeader());
    // W3C traceparent: the backend's spans join this call's trace.
    propagation.inject(context.active(), headers);

    const started = performance.now();
    const observe = (status: string) => {
      this.#metrics.backendCalls.inc({ route: template, outcome: status });
      this.#metrics.backendCallDuration.observe(
        { route: template, outcome: status },
        (performance.now() - started) / 1000,
      );
    };

    let statusCode: number;
    let text: string;
    try {
      const response = await this.#pool.request({
        method: route.method,
        path,
        headers,
        body,
        signal: deadline.signal,
      });
      statusCode = response.statusCode;
      text = await response.body.text();
    } catch (error) {
      if (options.signal?.aborted) {
        observe('aborted');
        throw fail('CLIENT_CLOSED_REQUEST', `Request to ${template} was cancelled`, null, null, error);
      }
      if (deadline.timedOut || isAbort(error)) {
        observe('timeout');
        this.#log.warn({ backendPath: template, timeoutMs }, 'backend call timed out');
        throw fail(
          'GATEWAY_TIMEOUT',
          `Backend did not answer ${template} within ${timeoutMs} ms`,
          null,
          null,
          error,
        );
      }
      observe('error');
      const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      this.#log.warn({ backendPath: template, reason }, 'backend unreachable');
      throw fail('BAD_GATEWAY', `Backend unreachable for ${template} (${reason})`, null, null, error);
    }
    span.setAttribute('http.response.status_code', statusCode);
    // A 2xx the gateway cannot use counts as `invalid`, not as its status: users get a 502 for it.
    const ok = statusCode >= 200 && statusCode < 300;
    if (!ok) observe(String(statusCode));

    let json: unknown;
    let jsonOk = true;
    try {
      json = text.length > 0 ? JSON.parse(text) : undefined;
    } catch {
      jsonOk = false;
    }

    if (!ok) {
      const backendError = jsonOk ? backendErrorBody(json) : null;
      // The server's error message, or 'validation error' when it sent none.
      const message = backendError?.message ?? 'validation error';
      const code = codeForStatus(statusCode);
      if (code === 'BAD_GATEWAY') {
        this.#log.warn(
          { backendPath: template, status: statusCode, backendError, body: text.slice(0, 500) },
          'backend error',
        );
        throw fail(
          code,
          `Backend failed on ${template} (HTTP ${statusCode}): ${message}`,
          statusCode,
          backendError,
        );
      }
      throw fail(code, message, statusCode, backendError);
    }

    if (!jsonOk) {
      observe('invalid');
      this.#log.warn({ backendPath: template, body: text.slice(0, 500) }, 'backend answered invalid JSON');
      throw fail('BAD_GATEWAY', `Backend answered ${template} with invalid JSON`, statusCode);
    }
    const data = (json as { data?: unknown } | null | undefined)?.data;
    if (json === null || typeof json !== 'object' || !('data' in json)) {
      observe('invalid');
      this.#log.warn({ backendPath: template }, 'backend answer has no data field');
      throw fail('BAD_GATEWAY', `Backend answer for ${template} has no data field`, statusCode);
    }
    const parsed = route.response.safeParse(data);
    if (!parsed.success) {
      observe('invalid');
      const issues = describeSchemaFailure(parsed.error);
      this.#log.warn({ backendPath: template, issues }, 'backend answer failed its schema');
      throw fail('BAD_GATEWAY', `Backend answer for ${template} is invalid: ${issues}`, statusCode);
    }
    observe(String(statusCode));
    recordAnswerSize(parsed.data, text.length);
    return parsed.data as BackendResponse<N>;
  }

  /** Whether `target` (a path or an absolute URL) is on the backend's own origin, as `stream` requires. */
  isBackendUrl(target: string): boolean {
    try {
      return new URL(target, `${this.#origin}${this.#basePath}/`).origin === this.#origin;
    } catch {
      return false;
    }
  }

  /**
   * Streams a backend file (e.g. an export download) for proxying. Accepts a backend path or an
   * absolute URL on the backend's own origin; anything else is refused (no open proxy).
   */
  async stream(target: string, token: string, signal?: AbortSignal): Promise<BackendStream> {
    let url: URL;
    try {
      url = new URL(target, `${this.#origin}${this.#basePath}/`);
    } catch {
      throw new BackendError('BAD_REQUEST', 'Invalid download path', {
        path: target,
        status: null,
        error: null,
      });
    }
    if (url.origin !== this.#origin)
      throw new BackendError('BAD_REQUEST', 'Download is not on the backend', {
        path: url.pathname,
        status: null,
        error: null,
      });
    const template = url.pathname;
    // Inactivity timeouts only: a large file may take longer than BACKEND_TIMEOUT_MS in total.
    try {
      const response = await this.#pool.request({
        method: 'GET',
        path: url.pathname + url.search,
        headers: traceHeaders({ authorization: `Bearer ${token}`, ...requestIdHeader() }),
        signal,
        headersTimeout: this.#timeoutMs,
        bodyTimeout: this.#timeoutMs,
      });
      this.#metrics.backendCalls.inc({ route: 'download', outcome: String(response.statusCode) });
      if (response.statusCode < 200 || response.statusCode >= 300) {
        const raw = await readLimited(response.body, MAX_ERROR_BODY_BYTES);
        let backendError: BackendError['details']['error'] = null;
        try {
          backendError = backendErrorBody(JSON.parse(raw));
        } catch {
          backendError = null;
        }
        const code = codeForStatus(response.statusCode);
        throw new BackendError(
          code,
          code === 'BAD_GATEWAY'
            ? `Backend failed on ${template} (HTTP ${response.statusCode})`
            : (backendError?.message ?? 'validation error'),
          { path: template, status: response.statusCode, error: backendError },
        );
      }
      return { statusCode: response.statusCode, headers: response.headers, body: response.body };
    } catch (error) {
      if (error instanceof BackendError) throw error;
      this.#metrics.backendCalls.inc({ route: 'download', outcome: 'error' });
      const timedOut =
        error instanceof undiciErrors.HeadersTimeoutError || error instanceof undiciErrors.BodyTimeoutError;
      throw new BackendError(
        timedOut ? 'GATEWAY_TIMEOUT' : 'BAD_GATEWAY',
        timedOut ? `Backend did not answer ${template} in time` : `Backend unreachable for ${template}`,
        { path: template, status: null, error: null },
        error,
      );
    }
  }

  /**
   * Readiness probe: true only for a 2xx whose data has the expected shape, on the cheapest route
   * that needs no user token (the fulfillment centres); a 500, garbage or a wrong shape is not ready.
   */
  async ping(timeoutMs = 2000): Promise<boolean> {
    try {
      await this.call('fulfillmentCenters', { timeoutMs });
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await this.#pool.close();
  }
}

/** Adds the active trace's W3C traceparent (nothing while tracing is off). */
function traceHeaders(headers: Record<string, string>): Record<string, string> {
  propagation.inject(context.active(), headers);
  return headers;
}

/** The request a call is made for, told to the backend so both logs can be joined. */
function requestIdHeader(): Record<string, string> {
  const requestId = currentRequestId();
  return requestId ? { [REQUEST_ID_HEADER]: requestId } : {};
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
const UNSAFE_SEGMENT = /[/\\\u0000-\u001f\u007f]/;

/**
 * Second line of defence behind the input schemas: a path parameter that is "." or ".." (a
 * path-normalising proxy would resolve it) or holds "/", "\\" or a control character is never sent.
 */
function unsafePathParam(params: Record<string, string> | undefined): string | null {
  for (const [name, value] of Object.entries(params ?? {}))
    if (value === '.' || value === '..' || UNSAFE_SEGMENT.test(value)) return name;
  return null;
}

function describeSchemaFailure(error: ZodError): string {
  return describeZodError(error, 'data');
}

async function readLimited(body: Readable, limit: number): Promise<string> {
  let out = '';
  for await (const chunk of body) {
    out += String(chunk);
    if (out.length > limit) {
      body.destroy();
      break;
    }
  }
  return out;
}
