import { TRPCError } from '@trpc/server';
import {
  forwardableState,
  GOOGLE_CALLBACK_PATH,
  GOOGLE_LOGIN_COOKIE_DAYS,
  googleCallbackInputSchema,
  noInputSchema,
  PASSWORD_LOGIN_COOKIE_DAYS,
  passwordLoginInputSchema,
  shopQueryInputSchema,
  stateInputSchema,
} from '@waybill/contracts';
import { z } from 'zod';
import { endRefusedSession, endSession, isTokenRefused, startSession } from '../auth/sessions.js';
import { beginSignIn, finishSignIn } from '../auth/sign-in-state.js';
import { consoleSettings } from '../console/console-settings.js';
import type { Context } from '../context.js';
import { type ConsoleOrigins, consoleOrigins, isRedirectAllowed, isReturnTargetAllowed } from '../origins.js';
import {
  googleSignInOutputSchema,
  okOutputSchema,
  sessionOutputSchema,
  signInOutputSchema,
} from '../outputs.js';
import { clientKey } from '../security/client-key.js';
import { publicProcedure, router } from '../trpc.js';
import { buildInfo } from '../version.js';

/**
 * The sign-in's { state } (a shop-install state to forward), plus the console's callback address
 * (it must still be registered with Google by the backend). It must be on PUBLIC_URL's origin or in
 * ALLOWED_ORIGINS; without it, the callback on PUBLIC_URL is sent.
 */
const googleLinkInputSchema = stateInputSchema.extend({
  redirectUri: z
    .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
    .max(2000)
    .optional(),
});

/** `bearer: true` (scripts): answer with a session id to send as a bearer token, and set no cookie. */
const passwordSignInInputSchema = passwordLoginInputSchema.extend({ bearer: z.boolean().optional() });

/** The console's Google callback route. */

/** Query parameters of the shop install flow that may name where the browser is sent next. */
const REDIRECT_PARAM = /redirect|return|callback|continue|next|url|uri|dest|goto|target/i;

/** From configuration and the port this replica listens on; never from the request's headers. */
function originsOf(ctx: Context): ConsoleOrigins {
  const address = ctx.req?.server.server.address();
  const port = address && typeof address === 'object' ? address.port : ctx.services.config.PORT;
  return consoleOrigins(ctx.services.config, port);
}

function refuseRedirect(origins: ConsoleOrigins, field: string, orPath = ''): never {
  throw new TRPCError({
    code: 'BAD_REQUEST',
    message: `${field} must be an address on this console (${origins.home}, PUBLIC_URL) or in ALLOWED_ORIGINS${orPath}`,
  });
}

/** Validates a fresh backend token (warming the users.me cache) and starts a gateway session. */
async function signIn(ctx: Context, backendToken: string, days: number, bearer: boolean) {
  const user = await ctx.services.reference.user(backendToken);
  // Over HTTP only (security/transport-rules.ts), so the cookie can always be set.
  const id = await startSession(ctx, backendToken, days, { cookie: !bearer });
  return { id, user };
}

export const authRouter = router({
  passwordLogin: publicProcedure
    .input(passwordSignInInputSchema)
    .output(signInOutputSchema)
    .mutation(async ({ ctx, input, signal }) => {
      if (!ctx.services.config.PASSWORD_LOGIN)
        throw new TRPCError({
          code: 'FORBIDDEN',
          message: 'Password sign-in is turned off on this gateway (PASSWORD_LOGIN=off); use Google sign-in',
        });
      const state = forwardableState(input.state);
      const log = ctx.req?.log ?? ctx.services.logger;
      const { access_token } = await ctx.services.signInAccounts.attempt(
        input.email,
        clientKey(ctx.clientAddress),
        log,
        () =>
          ctx.services.backend.call('auth.passwordLogin', {
            body: { email: input.email, password: input.password, ...(state ? { state } : {}) },
            signal,
          }),
      );
      const bearer = input.bearer === true;
      const { id, user } = await signIn(ctx, access_token, PASSWORD_LOGIN_COOKIE_DAYS, bearer);
      // Browsers never see a token: theirs is in the HttpOnly cookie.
      return bearer ? { token: id, user } : { user };
    }),

  googleAuthorizationLink: publicProcedure
    .input(googleLinkInputSchema.optional())
    .query(async ({ ctx, input, signal }) => {
      const origins = originsOf(ctx);
      const redirectUri = input?.redirectUri ?? `${origins.home}${GOOGLE_CALLBACK_PATH}`;
      if (!isRedirectAllowed(redirectUri, origins.allowed)) refuseRedirect(origins, 'redirectUri');
      const state = beginSignIn(ctx, forwardableState(input?.state));
      return ctx.services.backend.call('auth.googleAuthorizationLink', {
        query: { state, redirect_uri: redirectUri },
        signal,
      });
    }),

  googleCallback: publicProcedure
    .input(googleCallbackInputSchema)
    .output(googleSignInOutputSchema)
    .mutation(async ({ ctx, input, signal }) => {
      // Only the browser that asked for the link may finish, once (login CSRF).
      const { appState } = await finishSignIn(ctx, input.state);
      const { access_token } = await ctx.services.backend.call('auth.googleAuthorizationData', {
        body: input,
        signal,
      });
      const { user } = await signIn(ctx, access_token, GOOGLE_LOGIN_COOKIE_DAYS, false);
      return appState ? { user, state: appState } : { user };
    }),

  shopifyAuthorize: publicProcedure.input(shopQueryInputSchema).query(({ ctx, input, signal }) => {
    // Forwarded unchanged (the platform's hmac covers every key), so an off-site target is refused.
    const origins = originsOf(ctx);
    for (const [key, value] of Object.entries(input.query))
      if (REDIRECT_PARAM.test(key) && !isReturnTargetAllowed(value, origins.allowed))
        refuseRedirect(origins, `query.${key}`, ', or a path on it like /realtime');
    return ctx.services.backend.call('auth.shopifyAuthorize', { query: input.query, signal });
  }),

  shopifyGenerateToken: publicProcedure
    .input(shopQueryInputSchema)
    .mutation(({ ctx, input, signal }) =>
      ctx.services.backend.call('auth.shopifyGenerateToken', { query: input.query, signal }),
    ),

  logout: publicProcedure.output(okOutputSchema).mutation(async ({ ctx }) => {
    if (ctx.token) ctx.services.reference.forget(ctx.token);
    // Every replica closes the session's websockets (logout in one tab ends live updates in all).
    await endSession(ctx);
    // A script's own backend token cannot be revoked here; its sockets on this replica still close.
    if (ctx.token && !ctx.sessionId) ctx.req?.server.wsGuard.closeToken(ctx.token);
    return { ok: true as const };
  }),

  /** Who is signed in (null when nobody or the token is no longer valid) and which sign-in methods exist. */
  session: publicProcedure
    .input(noInputSchema)
    .output(sessionOutputSchema)
    .query(async ({ ctx }) => {
      const { config } = ctx.services;
      const methods = { password: config.PASSWORD_LOGIN, google: true as const };
      const gateway = buildInfo(config.WAYBILL_COMMIT);
      const signedOut = { user: null, methods, settings: consoleSettings(config, null), gateway };
      if (!ctx.token) return signedOut;
      try {
        const user = await ctx.services.reference.user(ctx.token);
        return { user, methods, settings: consoleSettings(config, user), gateway };
      } catch (error) {
        // A token the backend refuses (401) is "signed out", and its session ends here; a backend
        // outage, 5xx or timeout is an error to retry, never a sign-out.
        if (isTokenRefused(error)) await endRefusedSession(ctx, error);
        if (error instanceof TRPCError && error.code === 'UNAUTHORIZED') return signedOut;
        throw error;
      }
    }),
});
