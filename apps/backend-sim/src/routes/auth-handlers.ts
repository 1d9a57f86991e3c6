import { z } from 'zod';
import { DEMO_PASSWORD } from '../data/generate-reference.js';
import { parseOrThrow, SimHttpError } from '../util/errors.js';
import { wireFulfillmentCenter, wireOrganization, wireSellingChannel, wireUser } from '../wire.js';
import { type Handlers, requireUser } from './types.js';

const text = z.string().max(2000);
export const httpUrl = z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).max(2000);

/**
 * Where the browser goes back to. Required: no address is right for every console (a guessed
 * default would hand the one-time code to whatever listens there).
 */
export const redirectUri = (example: string) =>
  z
    .url({
      protocol: /^https?$/,
      error: (issue) =>
        issue.input === undefined
          ? `is required: the console's address to send the browser back to, like ${example}`
          : 'must be an http(s) URL',
    })
    .max(2000);
export const GOOGLE_CALLBACK_EXAMPLE = 'http://localhost:3000/login/callback/google';

const linkQuery = z.object({ state: text.optional(), redirect_uri: redirectUri(GOOGLE_CALLBACK_EXAMPLE) });
const shopQuery = z.object({
  shop: z.string().trim().min(1, 'shop is required').max(255),
  hmac: text.optional(),
  host: text.optional(),
  timestamp: text.optional(),
  state: text.optional(),
  code: text.optional(),
  redirect_uri: httpUrl.optional(),
});

type AuthRoutes =
  | 'auth.googleAuthorizationLink'
  | 'auth.googleAuthorizationData'
  | 'auth.shopifyAuthorize'
  | 'auth.shopifyGenerateToken'
  | 'auth.passwordLogin'
  | 'users.me'
  | 'users.all'
  | 'organizations'
  | 'sellingChannels'
  | 'fulfillmentCenters';

export const authHandlers: Handlers<AuthRoutes> = {
  'auth.googleAuthorizationLink': ({ query, store }) => {
    const q = parseOrThrow(linkQuery, query, 'query');
    const params = new URLSearchParams({ redirect_uri: q.redirect_uri });
    if (q.state !== undefined) params.set('state', q.state);
    return { authorization_url: `${store.baseUrl}/__consent?${params}` };
  },
  'auth.googleAuthorizationData': ({ body, store, nowMs }) => {
    const grant = store.googleCodes.get(body.code);
    // Codes are single use.
    store.googleCodes.delete(body.code);
    if (!grant || grant.expiresMs < nowMs) {
      throw new SimHttpError(401, 'invalid_code', 'Authorization code is invalid or expired');
    }
    return { access_token: store.issueToken(grant.userUid) };
  },
  'auth.shopifyAuthorize': ({ query, store }) => {
    const q = parseOrThrow(shopQuery, query, 'query');
    const params = new URLSearchParams({ shop: q.shop });
    if (q.state !== undefined) params.set('state', q.state);
    if (q.redirect_uri !== undefined) params.set('redirect_uri', q.redirect_uri);
    return { install_url: `${store.baseUrl}/__shopify/install?${params}` };
  },
  'auth.shopifyGenerateToken': ({ query, store }) => {
    const q = parseOrThrow(
      shopQuery.extend({ code: z.string().min(1, 'code is required').max(2000) }),
      query,
      'query',
    );
    void q;
    return { login_state_uid: store.newId('ls') };
  },
  'auth.passwordLogin': ({ body, store }) => {
    const email = body.email.trim().toLowerCase();
    const user = store.users.find((u) => u.email.toLowerCase() === email);
    if (!user || body.password !== DEMO_PASSWORD) {
      throw new SimHttpError(401, 'invalid_credentials', 'Wrong e-mail or password');
    }
    return { access_token: store.issueToken(user.uid) };
  },
  'users.me': (ctx) => ({ user: wireUser(requireUser(ctx)) }),
  'users.all': ({ store }) => ({ users: store.users.map(wireUser) }),
  organizations: ({ store }) => ({ organizations: store.organizations.map(wireOrganization) }),
  sellingChannels: ({ store }) => ({ selling_channels: store.channels.map(wireSellingChannel) }),
  fulfillmentCenters: ({ store }) => ({
    fulfillment_centers: store.fulfillmentCenters.map(wireFulfillmentCenter),
  }),
};
