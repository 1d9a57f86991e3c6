import { BACKEND_ROUTES, type BackendRouteName, envelope } from '@waybill/contracts';
import { request } from 'undici';
import type { z } from 'zod';
import { type RunningSim, type SimOptions, startSim } from '../src/index.js';

export const EPOCH = Date.parse('2026-03-02T12:00:00Z');

export async function startTestSim(options: Partial<SimOptions> = {}): Promise<RunningSim> {
  return startSim({ orders: 2000, inbounds: 300, stores: 120, seed: 'test-seed', ...options });
}

export interface CallResult {
  status: number;
  json: unknown;
  text: string;
  headers: Record<string, string | string[] | undefined>;
}

export async function call(
  sim: RunningSim,
  method: 'GET' | 'POST',
  path: string,
  opts: { body?: unknown; token?: string | null; rawBody?: string; contentType?: string } = {},
): Promise<CallResult> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined) headers['content-type'] = opts.contentType ?? 'application/json';
  const res = await request(`${sim.url}${path}`, { method, headers, body });
  const text = await res.body.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: res.statusCode, json, text, headers: res.headers };
}

export async function login(sim: RunningSim, email = 'ops@example.com'): Promise<string> {
  const res = await call(sim, 'POST', '/login/username_password', {
    body: { email, password: 'waybill-demo' },
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.text}`);
  return (res.json as { data: { access_token: string } }).data.access_token;
}

/** Parse a 200 answer's envelope with the route's contract schema. */
export function parseData<N extends BackendRouteName>(
  name: N,
  res: CallResult,
): z.infer<(typeof BACKEND_ROUTES)[N]['response']> {
  if (res.status !== 200) throw new Error(`${name}: HTTP ${res.status} ${res.text.slice(0, 500)}`);
  const schema = envelope(BACKEND_ROUTES[name].response as z.ZodType);
  const parsed = schema.parse(res.json) as { data: z.infer<(typeof BACKEND_ROUTES)[N]['response']> };
  return parsed.data;
}

export function errorOf(res: CallResult): {
  code: string;
  message: string;
  fields?: { path: string; message: string }[];
} {
  return (
    res.json as { error: { code: string; message: string; fields?: { path: string; message: string }[] } }
  ).error;
}
