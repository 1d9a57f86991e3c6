import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.js';
import { isOriginAllowed } from '../origins.js';
import { registerSecurity } from '../security/index.js';

/** Helmet's settings for the console: the CSP it needs, and what plain-http deployments must not send. */
export function helmetOptions(config: Config): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:', ...config.IMAGE_ORIGINS],
        // 'self' covers the console's same-origin websocket; ws:/wss: would allow any host.
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // The console links out to label PDFs and tracking pages on other sites.
    crossOriginEmbedderPolicy: false,
    // Plain-http deployments (COOKIE_SECURE=false) must not be pinned to https.
    strictTransportSecurity: config.COOKIE_SECURE,
  };
}

/**
 * The headers a middleware sets, run once against a response that only records them. Only for
 * settings that do not depend on the request (no per-request CSP nonce): `helmetOptions` has none.
 */
export function recordHeaders(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
      return recorder;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  let failure: unknown = null;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (err) => {
    finished = true;
    failure = err ?? null;
  });
  if (failure) throw failure;
  if (!finished) throw new Error('recordHeaders: the middleware did not finish at once');
  return headers;
}

/**
 * Security headers, cookies, the origin check, CORS for ALLOWED_ORIGINS, the websocket guard and the
 * sign-in rate limit. Registered after the websocket plugin: its onRequest hook must mark upgrades
 * so a refused one is closed.
 */
export const securityPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    // Recorded once: none of these depends on the request, so each answer takes them as one object
    // instead of running helmet's middleware chain and a `setHeader` per header.
    const securityHeaders = recordHeaders(helmet(helmetOptions(config)));
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(securityHeaders);
      done();
    });
    await app.register(fastifyCookie);

    // Browsers always send Origin on cross-site requests and websocket upgrades; scripts send none.
    // A foreign origin is refused before CORS or the upgrade see it.
    app.addHook('onRequest', (request, reply, done) => {
      const origin = request.headers.origin;
      if (origin === undefined || isOriginAllowed(origin, request.headers.host, config.ALLOWED_ORIGINS))
        return done();
      reply.status(403).send({ statusCode: 403, error: 'Forbidden', message: 'Origin not allowed' });
    });
    await app.register(fastifyCors, {
      // A listed origin gets its CORS headers; every other answer (the console's own, a script's)
      // gets none, not even `Access-Control-Allow-Credentials`.
      origin: (origin, callback) =>
        callback(null, origin !== undefined && config.ALLOWED_ORIGINS.includes(origin) ? origin : false),
      credentials: true,
      methods: ['GET', 'POST', 'OPTIONS'],
      maxAge: 600,
      // Answer a preflight that names only its headers too (older clients omit the method).
      strictPreflight: false,
    });

    // Websocket rate/cap guard and sign-in rate limit (after the origin check: 403 comes first).
    await registerSecurity(app, config);
  },
  { name: 'waybill-security', dependencies: ['waybill-websocket'] },
);
