import { z } from 'zod';
import { hasControlCharacters } from './rules/control-characters.js';

/** A script token's name: what the user calls it on the /me page (e.g. "nightly late-orders report"). */
export const scriptTokenNameSchema = z
  .string()
  .trim()
  .min(1, 'give the token a name')
  .max(80, 'at most 80 characters')
  .refine((name) => !hasControlCharacters(name), 'no control characters');

export const scriptTokenCreateInputSchema = z.strictObject({ name: scriptTokenNameSchema });

/** A token is named by its `id` (a digest of the token, never the token itself). */
export const scriptTokenRevokeInputSchema = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be a token id from tokens.list'),
});

export const scriptTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  /** Null until a script first uses it; updated about once a minute while in use. */
  lastUsedAt: z.iso.datetime().nullable(),
});
export type ScriptToken = z.infer<typeof scriptTokenSchema>;

export const scriptTokenListOutputSchema = z.object({
  tokens: z.array(scriptTokenSchema),
  /** SCRIPT_TOKENS_MAX_PER_USER: how many one user may hold. */
  max: z.number().int(),
});

/** The new token, shown this once: the gateway keeps only its digest. */
export const scriptTokenCreateOutputSchema = z.object({ token: z.string(), entry: scriptTokenSchema });
