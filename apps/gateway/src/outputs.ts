import { userSchema } from '@waybill/contracts';
import { z } from 'zod';

/** Shapes the gateway itself adds on top of the backend's (which are validated with contracts' schemas). */

export const sessionOutputSchema = z.object({
  user: userSchema.nullable(),
  methods: z.object({ password: z.boolean(), google: z.literal(true) }),
});
export type SessionOutput = z.infer<typeof sessionOutputSchema>;

/** Sign-in result: the token too, so scripts can use it as a bearer token (browsers use the cookie). */
export const signInOutputSchema = z.object({ token: z.string().min(1), user: userSchema });
export type SignInOutput = z.infer<typeof signInOutputSchema>;

export const okOutputSchema = z.object({ ok: z.literal(true) });
