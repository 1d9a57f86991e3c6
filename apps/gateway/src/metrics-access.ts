import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether an Authorization header carries `Bearer <token>`. Digests are compared in constant time,
 * so neither the token's characters nor its length show in the answer's timing.
 */
export function isMetricsBearer(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token));
}

/** How /metrics answers a caller: the text, 401 without the token, or 404 where it is not served. */
export type MetricsAnswer = 'metrics' | 'unauthorized';

export function metricsAnswer(authorization: string | undefined, token: string | undefined): MetricsAnswer {
  if (token === undefined) return 'metrics';
  return isMetricsBearer(authorization, token) ? 'metrics' : 'unauthorized';
}
