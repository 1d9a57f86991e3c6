import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSim } from '../src/index.js';
import { call, login, startTestSim } from './helpers.js';

describe('control: token revocation', () => {
  let sim: RunningSim;
  beforeAll(async () => {
    sim = await startTestSim({ control: true });
  });
  afterAll(async () => {
    await sim.close();
  });

  it('a revoked token gets 401 from then on; other tokens of the same user keep working', async () => {
    const [revoked, kept] = [await login(sim), await login(sim)];
    expect((await call(sim, 'GET', '/users/me', { token: revoked })).status).toBe(200);
    const answer = await call(sim, 'POST', '/__sim/tokens/revoke', { body: { token: revoked } });
    expect(answer.json).toEqual({ data: { revoked: true } });
    expect((await call(sim, 'GET', '/users/me', { token: revoked })).status).toBe(401);
    expect((await call(sim, 'GET', '/users/me', { token: kept })).status).toBe(200);
    expect(sim.control.revokeToken(revoked)).toBe(false);
  });

  it('refuses a body without a token, naming the field', async () => {
    const answer = await call(sim, 'POST', '/__sim/tokens/revoke', { body: {} });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('token');
  });
});
