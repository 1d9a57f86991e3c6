import { TRPCError } from '@trpc/server';
import {
  AUTH_COOKIE_NAME,
  authorizationLinkResponseSchema,
  forwardableState,
  GOOGLE_LOGIN_COOKIE_DAYS,
  googleCallbackInputSchema,
  installUrlResponseSchema,
  loginStateResponseSchema,
  PASSWORD_LOGIN_COOKIE_DAYS,
  passwordLoginInputSchema,
  shopQueryInputSchema,
  stateInputSchema,
} from '@waybill/contracts';
import { z } from 'zod';
import type { Context } from '../context.js';
import { okOutputSchema, sessionOutputSchema, signInOutputSchema } from '../outputs.js';
import { publicProcedure, router } from '../trpc.js';

const DAY_SECONDS = 86_400;

/**
 * The spec's { state }, plus an optional callback address for deployments whose console is not at
 * the backend's default redirect (it must still be registered with Google by the backend).
 */
const googleLinkInputSchema = stateInputSchema.extend({
  redirectUri: z
    .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
    .max(2000)
    .optional(),
});

function setSessionCookie(ctx: Context, token: string, days: number): void {
  ctx.reply?.setCookie(AUTH_COOKIE_NAME, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.services.config.COOKIE_SECURE,
    maxAge: Math.round(days * DAY_SECONDS),
  });
}

async function signIn(ctx: Context, token: string, days: number) {
  // Validates the fresh token and warms the users.me cache for the requests that follow.
  const user = await ctx.services.reference.user(token);
  setSessionCookie(ctx, token, days);
  return { token, user };
}

export const authRouter = router({
  passwordLogin: publicProcedure
    .input(passwordLoginInputSchema)
    .output(signInOutputSchema)
    .mutation(async ({ ctx, input, signal }) => {
      if (!ctx.services.config.PASSWORD_LOGIN)
        throw new TRPCError({
          code: 'FORBIDDEN',
          message: 'Password sign-in is turned off on this gateway (PASSWORD_LOGIN=off); use Google sign-in',
        });
      const state = forwardableState(input.state);
      const { access_token } = await ctx.services.backend.call('auth.passwordLogin', {
        body: { email: input.email, password: input.password, ...(state ? { state } : {}) },
        signal,
      });
      return signIn(ctx, access_token, PASSWORD_LOGIN_COOKIE_DAYS);
    }),

  googleAuthorizationLink: publicProcedure
    .input(googleLinkInputSchema.optional())
    .output(authorizationLinkResponseSchema)
    .query(({ ctx, input, signal }) =>
      ctx.services.backend.call('auth.googleAuthorizationLink', {
        query: { state: forwardableState(input?.state), redirect_uri: input?.redirectUri },
        signal,
      }),
    ),

  googleCallback: publicProcedure
    .input(googleCallbackInputSchema)
    .output(signInOutputSchema)
    .mutation(async ({ ctx, input, signal }) => {
      // The callback's query string goes to the backend as is: it verifies the state itself.
      const { access_token } = await ctx.services.backend.call('auth.googleAuthorizationData', {
        body: input,
        signal,
      });
      return signIn(ctx, access_token, GOOGLE_LOGIN_COOKIE_DAYS);
    }),

  shopifyAuthorize: publicProcedure
    .input(shopQueryInputSchema)
    .output(installUrlResponseSchema)
    .query(({ ctx, input, signal }) =>
      ctx.services.backend.call('auth.shopifyAuthorize', { query: input.query, signal }),
    ),

  shopifyGenerateToken: publicProcedure
    .input(shopQueryInputSchema)
    .output(loginStateResponseSchema)
    .mutation(({ ctx, input, signal }) =>
      ctx.services.backend.call('auth.shopifyGenerateToken', { query: input.query, signal }),
    ),

  logout: publicProcedure.output(okOutputSchema).mutation(({ ctx }) => {
    if (ctx.token) {
      ctx.services.reference.forget(ctx.token);
      // The session's open websockets stop too (logout in one tab ends live updates in all).
      ctx.req?.server.wsGuard.closeToken(ctx.token);
    }
    ctx.reply?.clearCookie(AUTH_COOKIE_NAME, {
      path: '/',
      httpOnly: true,
      sameSite: 'strict',
      secure: ctx.services.config.COOKIE_SECURE,
    });
    return { ok: true as const };
  }),

  /** Who is signed in (null when nobody or the token is no longer valid) and which sign-in methods exist. */
  session: publicProcedure.output(sessionOutputSchema).query(async ({ ctx }) => {
    const methods = { password: ctx.services.config.PASSWORD_LOGIN, google: true as const };
    if (!ctx.token) return { user: null, methods };
    try {
      return { user: await ctx.services.reference.user(ctx.token), methods };
    } catch (error) {
      // An expired token is "signed out"; a backend outage is an error, not a sign-out.
      if (error instanceof TRPCError && error.code === 'UNAUTHORIZED') return { user: null, methods };
      throw error;
    }
  }),
});
