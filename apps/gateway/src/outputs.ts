import { userSchema } from '@waybill/contracts';
import { z } from 'zod';
import { consoleSettingsSchema } from './console/console-settings.js';

/** Shapes the gateway itself adds on top of the backend's (which are validated with contracts' schemas). */

export const sessionOutputSchema = z.object({
  user: userSchema.nullable(),
  methods: z.object({ password: z.boolean(), google: z.literal(true) }),
  /** The gateway's runtime settings the console follows, for this user. */
  settings: consoleSettingsSchema,
  /** Which gateway answered (the console's footer); absent from a gateway older than 1.0.0. */
  gateway: z.object({ version: z.string(), commit: z.string() }).optional(),
});

/**
 * Sign-in result. Browsers get only the user (the session id is in an HttpOnly cookie); a script that
 * asks with `bearer: true` gets `token`, a gateway session id for `Authorization: Bearer`.
 */
export const signInOutputSchema = z.object({ token: z.string().min(1).optional(), user: userSchema });

/** Google sign-in result: the user and the shop-install state the flow carried, if any. */
export const googleSignInOutputSchema = z.object({ user: userSchema, state: z.string().optional() });

export const okOutputSchema = z.object({ ok: z.literal(true) });
