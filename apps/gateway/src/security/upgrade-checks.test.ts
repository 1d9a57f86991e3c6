import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerUpgradeChecks } from './upgrade-checks.js';

async function appWith(...refusals: (number | null)[]) {
  const app = Fastify();
  registerUpgradeChecks(app);
  const ran: number[] = [];
  for (const [i, status] of refusals.entries()) {
    app.addUpgradeCheck(() => {
      ran.push(i);
      return status === null ? null : { statusCode: status, error: 'Refused', message: `check ${i}` };
    });
  }
  app.get('/', async () => 'ok');
  await app.ready();
  return { app, ran };
}

describe('upgrade checks', () => {
  it('skips every check on a request that is not a websocket upgrade', async () => {
    const { app, ran } = await appWith(429);
    const res = await app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(ran).toEqual([]);
  });

  it('runs the checks in the order added, and the first refusal answers', async () => {
    const { app, ran } = await appWith(null, 401, 429);
    const res = await app.inject({ url: '/', headers: { upgrade: 'WebSocket', connection: 'upgrade' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: 'check 1' });
    expect(ran).toEqual([0, 1]);
  });

  it('waits for a check that looks something up before running the next one', async () => {
    const app = Fastify();
    registerUpgradeChecks(app);
    const ran: string[] = [];
    app.addUpgradeCheck(async () => {
      await Promise.resolve();
      ran.push('lookup');
      return null;
    });
    app.addUpgradeCheck(() => {
      ran.push('next');
      return { statusCode: 429, error: 'Too Many Requests', message: 'after the lookup' };
    });
    app.get('/', async () => 'ok');
    const res = await app.inject({ url: '/', headers: { upgrade: 'websocket', connection: 'upgrade' } });
    expect(res.statusCode).toBe(429);
    expect(ran).toEqual(['lookup', 'next']);
  });

  it('lets an upgrade through when no check refuses it', async () => {
    const { app, ran } = await appWith(null, null);
    const res = await app.inject({ url: '/', headers: { upgrade: 'websocket', connection: 'upgrade' } });
    expect(res.statusCode).toBe(200);
    expect(ran).toEqual([0, 1]);
  });
});
