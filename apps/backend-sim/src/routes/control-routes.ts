import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SimControl } from '../control.js';
import { parseOrThrow } from '../util/errors.js';

const patchSchema = z
  .strictObject({
    status: z.string().min(1).max(100).optional(),
    late: z.boolean().optional(),
    assigned_user_uid: z.string().min(1).max(200).nullable().optional(),
    managed_by: z.string().max(100).nullable().optional(),
    updated_at: z.string().min(1).max(100).optional(),
  })
  .default({});
const faultSchema = z
  .strictObject({
    kind: z.enum(['down', 'slow', 'garbage', 'invalid']),
    delayMs: z.number().int().min(0).max(600_000).optional(),
    paths: z.array(z.string().min(1).max(300)).max(100).optional(),
  })
  .nullable();
const readersSchema = z.strictObject({
  readers: z.array(z.string().min(1).max(300)).max(100).nullable(),
});
const revokeSchema = z.strictObject({ token: z.string().min(1).max(4096) });

/** HTTP face of SimControl (only with the `control` option / SIM_CONTROL=1). */
export function registerControlRoutes(app: FastifyInstance, control: SimControl): void {
  app.post('/__sim/tick', async () => ({ data: control.tick() }));
  app.post<{ Params: { uid: string } }>('/__sim/orders/:uid/change', async (request) => {
    const patch = parseOrThrow(patchSchema, request.body ?? {}, 'body');
    return { data: { order: control.changeOrder(request.params.uid, patch) } };
  });
  app.post('/__sim/orders', async () => ({ data: { order: control.addOrder() } }));
  app.post('/__sim/pause', async () => {
    control.pause();
    return { data: { paused: control.paused } };
  });
  app.post('/__sim/resume', async () => {
    control.resume();
    return { data: { paused: control.paused } };
  });
  app.post('/__sim/fault', async (request) => {
    control.setFault(parseOrThrow(faultSchema, request.body ?? null, 'body'));
    return { data: { fault: control.fault } };
  });
  app.get('/__sim/call-counts', async () => ({ data: control.callCounts() }));
  app.get('/__sim/rows-asked', async () => ({ data: control.rowsAsked() }));
  app.post('/__sim/call-counts/reset', async () => {
    control.resetCallCounts();
    return { data: control.callCounts() };
  });
  app.post<{ Params: { uid: string } }>('/__sim/inbounds/:uid/readers', async (request) => {
    const { readers } = parseOrThrow(readersSchema, request.body ?? {}, 'body');
    control.restrictInbound(request.params.uid, readers);
    return { data: { uid: request.params.uid, readers } };
  });
  app.post('/__sim/tokens/revoke', async (request) => {
    const { token } = parseOrThrow(revokeSchema, request.body ?? {}, 'body');
    return { data: { revoked: control.revokeToken(token) } };
  });
  app.get('/__sim/last-body', async (request) => {
    const { path } = parseOrThrow(z.object({ path: z.string().min(1).max(300) }), request.query, 'query');
    return { data: { path, body: control.lastBody(path) ?? null } };
  });
}
