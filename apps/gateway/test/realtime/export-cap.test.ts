import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from './harness.js';

const running = (jobs: Array<{ status: string }>) => jobs.filter((j) => j.status === 'running').length;

describe('running exports per user (EXPORT_JOBS_RUNNING_PER_USER)', { timeout: 30_000 }, () => {
  let stack: Stack;
  beforeAll(async () => {
    // No progress check runs during the test: every export started stays running.
    stack = await startStack({ EXPORT_CHECK_MS: '60000', EXPORT_JOBS_RUNNING_PER_USER: '2' });
  });
  afterAll(async () => {
    await stack.close();
  });

  it('starts at most that many from one batch; the others are refused naming the limit', async () => {
    const { client } = await stack.signIn('finance@example.com');
    const { inventory_receipts } = await client.inbounds.search.query({});
    const uids = inventory_receipts.slice(10, 15).map((i) => i.uid);
    // Made in one tick: the client sends them as one batch.
    const answers = await Promise.allSettled(uids.map((uid) => client.inbounds.export.start.mutate({ uid })));
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(2);
    for (const answer of answers)
      if (answer.status === 'rejected') {
        expect(answer.reason).toMatchObject({
          data: { code: 'TOO_MANY_REQUESTS', limit: 'EXPORT_JOBS_RUNNING_PER_USER' },
        });
        expect(String(answer.reason.message)).toMatch(/max 2, EXPORT_JOBS_RUNNING_PER_USER/);
      }
    expect(running((await client.inbounds.export.list.query()).jobs)).toBe(2);
  });

  it('joining an export that runs already is never refused and counts once', async () => {
    const ops = (await stack.signIn('ops@example.com')).client;
    const dev = (await stack.signIn('dev@example.com')).client;
    const { inventory_receipts } = await ops.inbounds.search.query({});
    const [first, second, third] = inventory_receipts.slice(0, 3).map((i) => i.uid);
    const started = await ops.inbounds.export.start.mutate({ uid: first! });
    await ops.inbounds.export.start.mutate({ uid: second! });

    // The same inbound again joins the user's own job: no second job, no refusal.
    expect((await ops.inbounds.export.start.mutate({ uid: first! })).jobId).toBe(started.jobId);
    expect(running((await ops.inbounds.export.list.query()).jobs)).toBe(2);
    await expect(ops.inbounds.export.start.mutate({ uid: third! })).rejects.toMatchObject({
      data: { code: 'TOO_MANY_REQUESTS' },
    });

    // A colleague at the limit joins it all the same: it starts nothing more.
    await dev.inbounds.export.start.mutate({ uid: third! });
    await dev.inbounds.export.start.mutate({ uid: inventory_receipts[3]!.uid });
    expect((await dev.inbounds.export.start.mutate({ uid: first! })).jobId).toBe(started.jobId);
  });
});
