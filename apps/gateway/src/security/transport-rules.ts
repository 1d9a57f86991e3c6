import { TRPCError } from '@trpc/server';
import { SIGN_IN_PROCEDURES } from './sign-in-limit.js';

/**
 * Refuses a call on the transport its limits do not hold on, before anything of it runs (its
 * input, the subscription budgets, the backend).
 *
 * Subscriptions: websocket only. The caps on sockets and subscriptions, and the closing of a
 * session's sockets at logout or revocation, are the websocket's; an HTTP event stream escaped
 * them all. Every client subscribes over wsLink.
 *
 * Sign-in: HTTP only. The per-address sign-in limit counts HTTP requests, so over a websocket
 * passwords could be tried, and the backend asked for links, without end. Every client signs in over HTTP (a socket needs a
 * credential first, and the session cookie can only be set on an HTTP answer).
 */
export function refuseWrongTransport(ctx: { reply: unknown }, type: string, path: string): void {
  // The context has no reply on a websocket.
  const overWebsocket = ctx.reply === null;
  if (type === 'subscription' && !overWebsocket)
    throw new TRPCError({
      code: 'METHOD_NOT_SUPPORTED',
      message: 'Subscriptions run over the websocket at /trpc only (tRPC wsLink), not over HTTP',
    });
  if (overWebsocket && SIGN_IN_PROCEDURES.includes(path))
    throw new TRPCError({
      code: 'METHOD_NOT_SUPPORTED',
      message: `Sign in over HTTP (/trpc/${path}), not over the websocket`,
    });
}
