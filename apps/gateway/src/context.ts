// Type-only: brings request.cookies / reply.setCookie into scope.
import type {} from '@fastify/cookie';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import { AUTH_COOKIE_NAME } from '@waybill/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from './services.js';

export interface CookieOptions {
  maxAgeSeconds: number;
}

/** Per-request context. `reply` is null on websocket connections (no cookies can be set there). */
export interface Context {
  services: Services;
  token: string | null;
  req: FastifyRequest | null;
  reply: FastifyReply | null;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** Session cookie, then `Authorization: Bearer`, then websocket connectionParams.token. */
export function tokenFrom(
  headers: Record<string, string | string[] | undefined>,
  cookies: Record<string, string | undefined> | undefined,
  connectionParams: Record<string, string | undefined> | null | undefined,
): string | null {
  const cookie = cookies?.[AUTH_COOKIE_NAME];
  if (cookie) return cookie;
  const authorization = headers.authorization;
  const header = Array.isArray(authorization) ? authorization[0] : authorization;
  const match = header ? BEARER.exec(header) : null;
  if (match?.[1]) return match[1];
  const param = connectionParams?.token;
  return typeof param === 'string' && param.length > 0 ? param : null;
}

/** Parses a raw Cookie header (websocket upgrades bypass @fastify/cookie's request decoration). */
export function parseCookieHeader(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    const raw = part.slice(eq + 1).trim();
    try {
      out[name] = decodeURIComponent(raw);
    } catch {
      out[name] = raw;
    }
  }
  return out;
}

export function makeCreateContext(services: Services) {
  return ({ req, res, info }: CreateFastifyContextOptions): Context => {
    // With useWSS the adapter hands over the raw IncomingMessage and the WebSocket instead.
    const isHttp = typeof (res as Partial<FastifyReply>).header === 'function';
    const cookies = isHttp
      ? (req as FastifyRequest).cookies
      : parseCookieHeader(req.headers.cookie as string | undefined);
    const token = tokenFrom(req.headers, cookies, info.connectionParams);
    return {
      services,
      token,
      req: isHttp ? req : null,
      reply: isHttp ? res : null,
    };
  };
}
