import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SimStore } from '../store.js';
import { parseOrThrow } from '../util/errors.js';
import { MINUTE } from '../util/time.js';
import { GOOGLE_CALLBACK_EXAMPLE, redirectUri } from './auth-handlers.js';

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title><meta name="viewport" content="width=device-width,initial-scale=1"><style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem}button{display:block;width:100%;margin:.4rem 0;padding:.7rem;font-size:1rem;text-align:left;cursor:pointer}small{color:#666}</style></head><body>${body}</body></html>`;

const consentQuery = z.object({
  state: z.string().max(2000).optional(),
  redirect_uri: redirectUri(GOOGLE_CALLBACK_EXAMPLE),
});
const approveQuery = consentQuery.extend({ user: z.string().min(1, 'user is required').max(200) });
const installQuery = z.object({
  shop: z.string().min(1).max(255).optional(),
  state: z.string().max(2000).optional(),
  redirect_uri: redirectUri('http://localhost:3000/login'),
});

/** The sim's stand-ins for the Google consent screen and the shop install page. */
export function registerPages(app: FastifyInstance, store: SimStore): void {
  app.get('/__consent', async (request, reply) => {
    const q = parseOrThrow(consentQuery, request.query, 'query');
    const buttons = store.users
      .map((u) => {
        const params = new URLSearchParams({
          user: u.uid,
          redirect_uri: q.redirect_uri,
        });
        if (q.state !== undefined) params.set('state', q.state);
        const dept = u.superadmin ? 'superadmin' : (u.department ?? 'no department');
        return `<form method="get" action="/__consent/approve">${[...params]
          .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
          .join(
            '',
          )}<button type="submit" data-email="${esc(u.email)}">${esc(u.name)} <small>${esc(u.email)} · ${esc(dept)}</small></button></form>`;
      })
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        page(
          'Choose an account',
          `<h1>Choose an account</h1><p>to continue to Waybill (simulated Google sign-in)</p>${buttons}`,
        ),
      );
  });

  app.get('/__consent/approve', async (request, reply) => {
    const q = parseOrThrow(approveQuery, request.query, 'query');
    const user = store.user(q.user);
    if (!user)
      return reply.code(404).send({ error: { code: 'not_found', message: `User "${q.user}" not found` } });
    const code = randomBytes(18).toString('base64url');
    store.googleCodes.set(code, { userUid: user.uid, expiresMs: store.now() + 10 * MINUTE });
    const target = new URL(q.redirect_uri);
    target.searchParams.set('code', code);
    if (q.state !== undefined) target.searchParams.set('state', q.state);
    target.searchParams.set('scope', 'openid email profile');
    return reply.redirect(target.toString(), 302);
  });

  app.get('/__shopify/install', async (request, reply) => {
    const q = parseOrThrow(installQuery, request.query, 'query');
    const shop = q.shop ?? 'unknown shop';
    const target = new URL(q.redirect_uri);
    target.searchParams.set('shop', shop);
    target.searchParams.set('code', randomBytes(12).toString('base64url'));
    if (q.state !== undefined) target.searchParams.set('state', q.state);
    return reply
      .type('text/html; charset=utf-8')
      .send(
        page(
          'Install Waybill',
          `<h1>Install Waybill</h1><p>Allow Waybill to fulfil orders of <b>${esc(shop)}</b>? (simulated shop platform)</p><a href="${esc(target.toString())}"><button type="button">Install app</button></a>`,
        ),
      );
  });
}
