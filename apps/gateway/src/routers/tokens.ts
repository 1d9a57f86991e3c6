import { TRPCError } from '@trpc/server';
import {
  noInputSchema,
  type ScriptToken,
  scriptTokenCreateInputSchema,
  scriptTokenCreateOutputSchema,
  scriptTokenListOutputSchema,
  scriptTokenRevokeInputSchema,
} from '@waybill/contracts';
import type { ScriptTokenEntry } from '../auth/script-token-store.js';
import { ScriptTokenLimitError } from '../auth/script-tokens.js';
import type { Context } from '../context.js';
import { okOutputSchema } from '../outputs.js';
import { limitRefusal } from '../security/limit-reached.js';
import { authedProcedure, router } from '../trpc.js';

function shown(entry: ScriptTokenEntry): ScriptToken {
  return {
    id: entry.key,
    name: entry.name,
    createdAt: new Date(entry.createdAt).toISOString(),
    expiresAt: new Date(entry.expiresAt).toISOString(),
    lastUsedAt: entry.lastUsedAt === null ? null : new Date(entry.lastUsedAt).toISOString(),
  };
}

async function ownerOf(ctx: Context & { token: string }): Promise<string> {
  return (await ctx.services.reference.user(ctx.token)).uid;
}

/**
 * Script tokens of the signed-in user (the console's /me page). Only a console session may make
 * one: a script token, a script's own sign-in (`bearer: true`) or a backend token a script sent
 * cannot, so a leaked token cannot mint lasting ones.
 */
export const tokensRouter = router({
  list: authedProcedure
    .input(noInputSchema)
    .output(scriptTokenListOutputSchema)
    .query(async ({ ctx }) => {
      const { scriptTokens } = ctx.services;
      const entries = await scriptTokens.list(await ownerOf(ctx));
      return { tokens: entries.map(shown), max: scriptTokens.maxPerUser };
    }),

  create: authedProcedure
    .input(scriptTokenCreateInputSchema)
    .output(scriptTokenCreateOutputSchema)
    .mutation(async ({ ctx, input }) => {
      const session = ctx.sessionId ? await ctx.services.sessions.resolve(ctx.sessionId) : null;
      if (!session || session.owner !== undefined || session.script)
        throw new TRPCError({
          code: 'FORBIDDEN',
          message: 'Script tokens are made from a signed-in console session (the /me page), not by a script',
        });
      try {
        const { token, entry } = await ctx.services.scriptTokens.create(
          await ownerOf(ctx),
          input.name,
          session.token,
        );
        return { token, entry: shown(entry) };
      } catch (error) {
        if (error instanceof ScriptTokenLimitError)
          throw limitRefusal('FORBIDDEN', 'SCRIPT_TOKENS_MAX_PER_USER', error.message);
        throw error;
      }
    }),

  revoke: authedProcedure
    .input(scriptTokenRevokeInputSchema)
    .output(okOutputSchema)
    .mutation(async ({ ctx, input }) => {
      const found = await ctx.services.scriptTokens.revoke(await ownerOf(ctx), input.id);
      if (!found)
        throw new TRPCError({
          code: 'NOT_FOUND',
          message: 'No such script token of yours (already revoked or expired?)',
        });
      return { ok: true as const };
    }),
});
