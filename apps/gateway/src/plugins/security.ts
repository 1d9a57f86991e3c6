import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Config } from '../config.js';
import { isOriginAllowed } from '../origins.js';
import { registerSecurity } from '../security/index.js';

/**
 * Security headers, cookies, the origin check, CORS for ALLOWED_ORIGINS, the websocket guard and the
 * sign-in rate limit. Registered after the websocket plugin: its onRequest hook must mark upgrades
 * so a refused one is closed.
 */
export const securityPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    // Built once: @fastify/helmet built helmet's middleware again on every request.
    const securityHeaders = helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'https:', ...config.IMAGE_ORIGINS],
          connectSrc: ["'self'", 'ws:', 'wss:'],
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
    });
    app.addHook('onRequest', (request, reply, done) =>
      securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)),
    );
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
      origin: config.ALLOWED_ORIGINS,
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
