import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The console's client-side routes (spec section 2): they all load index.html. */
export const SPA_ROUTES = [
  '/',
  '/login',
  '/login/callback/google',
  '/realtime',
  '/realtime/order',
  '/inbounds',
  '/inbounds/inbound',
  '/clients',
  '/me',
] as const;

const spaRoutes = new Set<string>(SPA_ROUTES);

export function isSpaRoute(url: string): boolean {
  const path = (url.split('?')[0] ?? '/').replace(/\/+$/, '') || '/';
  return spaRoutes.has(path);
}

/**
 * Serves the built web app. Hashed assets are cached for a year; index.html never, so a deploy
 * is picked up on the next navigation. Returns a handler for history fallback (null when not built).
 */
export async function registerStaticSite(
  app: FastifyInstance,
  webDist: string,
): Promise<((request: FastifyRequest, reply: FastifyReply) => FastifyReply) | null> {
  const indexFile = join(webDist, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ webDist }, 'web console is not built; only the API is served');
    return null;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: true,
    index: ['index.html'],
    setHeaders(res, path) {
      if (path.endsWith('.html')) res.header('cache-control', 'no-cache');
      else if (path.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  return (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html');
}
