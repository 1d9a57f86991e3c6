import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
// Type-only: brings request.cookies / reply.setCookie into scope.
import type {} from '@fastify/cookie';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import { AUTH_COOKIE_NAME } from '@waybill/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isBackendTokenShape, isSessionId } from './auth/credentials.js';
import { sessionKey } from './auth/session-expiry.js';
import { upgradeOf } from './request-id.js';
import { isRedisUnavailable, redisUnavailableAnswer } from './scale/redis-unavailable.js';
import type { Services } from './services.js';

/**
 * Why a request that sent a credential has no token: malformed, a session that ended, or a
 * script's own backend token the backend refused.
 */
export type AuthProblem = 'malformed' | 'ended' | 'refused';

/** Per-request context. `reply` is null on websocket connections (no cookies can be set there). */
export interface Context {
  services: Services;
  /** The BACKEND token (a session's, or a script's own bearer token); never a session id. */
  token: string | null;
  /** The gateway session the request came with, when it is live. */
  sessionId: string | null;
  authProblem: AuthProblem | null;
  /** `token` is a script's own backend token: the backend must accept it before a procedure runs. */
  ownToken: boolean;
  /** `request.ip` (X-Forwarded-For only from TRUST_PROXY); on a websocket, its upgrade's. */
  clientAddress: string;
  /** The HTTP request's id, or on a websocket its upgrade request's (X-Request-Id, the logs' reqId). */
  requestId: string;
  req: FastifyRequest | null;
  reply: FastifyReply | null;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

export interface PresentedCredential {
  value: string;
  source: 'cookie' | 'bearer' | 'params';
}

/** Session cookie, then `Authorization: Bearer`, then websocket connectionParams.token. */
export function credentialFrom(
  headers: Record<string, string | string[] | undefined>,
  cookies: Record<string, string | undefined> | undefined,
  connectionParams: Record<string, unknown> | null | undefined,
): PresentedCredential | null {
  const cookie = cookies?.[AUTH_COOKIE_NAME];
  if (cookie) return { value: cookie, source: 'cookie' };
  const authorization = headers.authorization;
  const header = Array.isArray(authorization) ? authorization[0] : authorization;
  const match = header ? BEARER.exec(header) : null;
  if (match?.[1]) return { value: match[1], source: 'bearer' };
  const param = connectionParams?.token;
  return typeof param === 'string' && param.length > 0 ? { value: param, source: 'params' } : null;
}

/** The presented credential as is (the websocket guard keys sockets by it: a session id). */
export function tokenFrom(
  headers: Record<string, string | string[] | undefined>,
  cookies: Record<string, string | undefined> | undefined,
  connectionParams: Record<string, unknown> | null | undefined,
): string | null {
  return credentialFrom(headers, cookies, connectionParams)?.value ?? null;
}

/**
 * A cookie must hold a gateway session id. A bearer header or connectionParams may hold one too,
 * or a backend token a script got on its own (passed through; see docs/security.md). Anything
 * else is malformed and never leaves the gateway.
 */
export function classifyCredential(
  found: PresentedCredential | null,
):
  | { kind: 'none' }
  | { kind: 'session'; id: string }
  | { kind: 'backend'; token: string }
  | { kind: 'malformed' } {
  if (!found) return { kind: 'none' };
  if (isSessionId(found.value)) return { kind: 'session', id: found.value };
  if (found.source !== 'cookie' && isBackendTokenShape(found.value))
    return { kind: 'backend', token: found.value };
  return { kind: 'malformed' };
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

/** A request's credential, resolved: `ownToken` when the token is a script's own, still to be checked. */
export interface ResolvedCredential {
  token: string | null;
  sessionId: string | null;
  problem: AuthProblem | null;
  ownToken: boolean;
}

/**
 * The backend token behind a request's credential: a live session's, or a script's own token,
 * which the backend must accept before it is used (`BackendTokenCheck`; procedures check it in
 * trpc.ts, downloads in backend-file.ts).
 */
export async function resolveCredential(
  services: Services,
  found: PresentedCredential | null,
): Promise<ResolvedCredential> {
  const none = { token: null, sessionId: null, ownToken: false };
  const credential = classifyCredential(found);
  if (credential.kind === 'none') return { ...none, problem: null };
  if (credential.kind === 'malformed') return { ...none, problem: 'malformed' };
  if (credential.kind === 'backend')
    return { token: credential.token, sessionId: null, problem: null, ownToken: true };
  // One store lookup per HTTP request (per batch) or websocket connection; restarts the idle timeout.
  const session = await services.sessions.resolve(credential.id);
  if (session?.owner) services.scriptTokens.used(session.owner, sessionKey(credential.id));
  return session
    ? { token: session.token, sessionId: credential.id, problem: null, ownToken: false }
    : { ...none, problem: 'ended' };
}

export function makeCreateContext(services: Services) {
  return async ({ req, res, info }: CreateFastifyContextOptions): Promise<Context> => {
    // With useWSS the adapter hands over the raw IncomingMessage and the WebSocket instead.
    const isHttp = typeof (res as Partial<FastifyReply>).header === 'function';
    const cookies = isHttp
      ? (req as FastifyRequest).cookies
      : parseCookieHeader(req.headers.cookie as string | undefined);
    const upgrade = isHttp ? undefined : upgradeOf(req as unknown as IncomingMessage);
    const address = isHttp ? req.ip : (upgrade?.address ?? req.socket.remoteAddress ?? 'unknown');
    const { token, sessionId, problem, ownToken } = await resolveCredential(
      services,
      credentialFrom(req.headers, cookies, info.connectionParams),
    ).catch((error: unknown) => {
      // A session Redis must vouch for while it is unreachable: retry, never "signed out" or a 500.
      throw isRedisUnavailable(error) ? redisUnavailableAnswer(error) : error;
    });
    return {
      services,
      token,
      sessionId,
      authProblem: problem,
      ownToken,
      clientAddress: address,
      requestId: isHttp ? req.id : (upgrade?.id ?? randomUUID()),
      req: isHttp ? req : null,
      reply: isHttp ? res : null,
    };
  };
}
