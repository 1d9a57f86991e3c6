import type { BACKEND_ROUTES, BackendResponse, BackendRouteName } from '@waybill/contracts';
import type { z } from 'zod';
import type { SimUser } from '../data/types.js';
import type { SimOptions } from '../options.js';
import type { SimStore } from '../store.js';

type RouteDef<K extends BackendRouteName> = (typeof BACKEND_ROUTES)[K];
export type BodyOf<K extends BackendRouteName> =
  RouteDef<K> extends { body: infer B extends z.ZodType } ? z.infer<B> : undefined;

export interface HandlerContext<B> {
  body: B;
  query: Record<string, unknown>;
  params: Record<string, string>;
  /** The bearer's user (null on routes without auth). */
  user: SimUser | null;
  store: SimStore;
  options: SimOptions;
  nowMs: number;
}

export type Handler<K extends BackendRouteName> = (
  ctx: HandlerContext<BodyOf<K>>,
) => BackendResponse<K> | Promise<BackendResponse<K>>;

export type Handlers<K extends BackendRouteName = BackendRouteName> = { [P in K]: Handler<P> };

/** The authenticated user; routes with auth always have one. */
export function requireUser(ctx: { user: SimUser | null }): SimUser {
  if (!ctx.user) throw new Error('route reached without an authenticated user');
  return ctx.user;
}
