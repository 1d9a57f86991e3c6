import { z } from 'zod';

export const passwordLoginBodySchema = z.strictObject({
  email: z.string().trim().min(1, 'E-mail is required').max(320),
  password: z.string().min(1, 'Password is required').max(1000),
  state: z.string().max(2000).optional(),
});

export const accessTokenResponseSchema = z.looseObject({ access_token: z.string().min(1) });
export const authorizationLinkResponseSchema = z.looseObject({ authorization_url: z.string().min(1) });
export const installUrlResponseSchema = z.looseObject({ install_url: z.string().min(1) });
export const loginStateResponseSchema = z.looseObject({ login_state_uid: z.string().min(1) });

/** What the Google callback page forwards: its query string, as key/value pairs. */
export const googleAuthorizationDataBodySchema = z.strictObject({
  code: z.string().min(1).max(2000),
  state: z.string().max(2000).optional(),
  scope: z.string().max(2000).optional(),
});
