import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { CONSOLE_PAGE_PATHS } from '@waybill/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const spaRoutes = new Set<string>(CONSOLE_PAGE_PATHS);

const pathOf = (url: string) => (url.split('?')[0] ?? '/').replace(/\/+$/, '') || '/';

export function isSpaRoute(url: string): boolean {
  return spaRoutes.has(pathOf(url));
}

/** Paths that are never a console page: the API, downloads, probes, metrics and built files. */
const NON_PAGE_PREFIXES = ['/trpc', '/exports', '/orders', '/healthz', '/readyz', '/metrics', '/assets'];

/**
 * An unknown address a browser navigates to (it accepts text/html, the path is not under the API,
 * downloads, probes or assets, and has no file extension) gets the console, which shows its own
 * not-found page; API clients keep the JSON 404.
 */
export function isConsolePage(url: string, accept: string | undefined): boolean {
  if (!accept?.includes('text/html')) return false;
  const path = pathOf(url);
  if (NON_PAGE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return false;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !last.includes('.');
}

/**
 * Serves the built web app. Hashed assets are cached for a year; index.html never, so a deploy
 * is picked up on the next navigation. Returns a handler for history fallback (null when not built).
 */
async function registerStaticSite(
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
    // The web build writes .br/.gz next to each JS and CSS file: sent to browsers that accept them
    // (uncompressed, the console's JS was most of its first paint). A file without them goes as is.
    preCompressed: true,
    setHeaders(res, path) {
      if (path.endsWith('.html')) res.header('cache-control', 'no-cache');
      else if (path.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  return (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html');
}

/** The built console at `/`, history fallback for its routes, and 404 for everything else. */
export const staticPlugin = fp<{ webDist: string }>(
  async (app, { webDist }) => {
    const spaFallback = await registerStaticSite(app, webDist);
    app.setNotFoundHandler((request, reply) => {
      const isGet = request.method === 'GET' || request.method === 'HEAD';
      // A page the console does not know still answers 404, with the console's not-found page.
      if (
        isGet &&
        spaFallback &&
        !isSpaRoute(request.url) &&
        isConsolePage(request.url, request.headers.accept)
      )
        return spaFallback(request, reply.status(404));
      if (isGet && isSpaRoute(request.url)) {
        if (spaFallback) return spaFallback(request, reply);
        return reply.status(503).send({
          statusCode: 503,
          error: 'Service Unavailable',
          message: 'The web console is not built: run pnpm --filter @waybill/web build (or pnpm start)',
        });
      }
      return reply.status(404).send({
        statusCode: 404,
        error: 'Not Found',
        message: `No route for ${request.method} ${request.url.split('?')[0]}`,
      });
    });
  },
  { name: 'waybill-static' },
);
