import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventually, type Stack, startStack } from './harness.js';

interface JobState {
  jobId: string;
  inboundUid: string;
  inboundName: string | null;
  status: 'running' | 'done' | 'failed';
  progress: number;
  downloadPath: string | null;
  error: string | null;
  failure: string | null;
}

const CHECK_PATH = '/inventory_receipts/reports/export/check';

describe('export jobs listed per user: re-attach, failure and retry', () => {
  let stack: Stack;
  beforeAll(async () => {
    // Checks every 100 ms instead of 2 s keep the test short; the rules are the same.
    stack = await startStack({ EXPORT_CHECK_MS: '100' });
  });
  afterEach(() => stack.sim.control.setFault(null));
  afterAll(async () => {
    await stack.close();
  });

  it("lists a user's jobs in every session of that user, never another user's", async () => {
    const ops = await stack.signIn('ops@example.com');
    const dev = await stack.signIn('dev@example.com');
    const { inventory_receipts } = await ops.client.inbounds.search.query({});
    const inbound = inventory_receipts[2]!;
    // Slow checks keep the job running while the second user joins it.
    stack.sim.control.setFault({ kind: 'slow', delayMs: 3000, paths: [CHECK_PATH] });
    const job = await ops.client.inbounds.export.start.mutate({ uid: inbound.uid });
    expect(job.inboundName).toBe(inbound.name);

    // A second sign-in of the same person (a new tab or a reload) finds the job.
    const opsAgain = await stack.signIn('ops@example.com');
    const listed = await opsAgain.client.inbounds.export.list.query();
    expect(listed.jobs.map((j) => j.jobId)).toContain(job.jobId);
    expect(listed.jobs.find((j) => j.jobId === job.jobId)).toMatchObject({
      inboundUid: inbound.uid,
      inboundName: inbound.name,
    });
    const others = await dev.client.inbounds.export.list.query();
    expect(others.jobs.map((j) => j.jobId)).not.toContain(job.jobId);

    // Joining the same inbound's running job lists it for the joiner too.
    const joined = await dev.client.inbounds.export.start.mutate({ uid: inbound.uid });
    expect(joined.jobId).toBe(job.jobId);
    const after = await dev.client.inbounds.export.list.query();
    expect(after.jobs.map((j) => j.jobId)).toContain(job.jobId);
    await expect(stack.tab('').inbounds.export.list.query()).rejects.toMatchObject({
      data: { code: 'UNAUTHORIZED' },
    });
  });

  it('re-attaches after the first subscription ended: progress to done, then the file downloads', async () => {
    const first = await stack.signIn('ops@example.com');
    const { inventory_receipts } = await first.client.inbounds.search.query({});
    const inbound = inventory_receipts[3]!;
    const job = await first.client.inbounds.export.start.mutate({ uid: inbound.uid });
    // The modal closes: its subscription ends before the job does.
    const modal = first.client.inbounds.export.progress.subscribe({ jobId: job.jobId }, { onData: () => {} });
    modal.unsubscribe();

    const reloaded = await stack.signIn('ops@example.com');
    const { jobs } = await reloaded.client.inbounds.export.list.query();
    const found = jobs.find((j) => j.jobId === job.jobId)!;
    expect(found).toBeDefined();
    const seen: JobState[] = [];
    reloaded.client.inbounds.export.progress.subscribe(
      { jobId: found.jobId },
      { onData: (d: unknown) => seen.push((d as { data: JobState }).data) },
    );
    const done = await eventually('the re-attached watcher sees the job finish', () =>
      seen.find((s) => s.status === 'done'),
    );
    expect(done.downloadPath).toBe(`/exports/${encodeURIComponent(job.jobId)}/download`);
    const response = await fetch(`${stack.url}${done.downloadPath}`, {
      headers: { authorization: `Bearer ${reloaded.token}` },
    });
    expect(response.status).toBe(200);
    expect([...new Uint8Array(await response.arrayBuffer()).slice(0, 2)]).toEqual([0x50, 0x4b]);
    const listedDone = await reloaded.client.inbounds.export.list.query();
    expect(listedDone.jobs.find((j) => j.jobId === job.jobId)?.status).toBe('done');
  });

  it('a job whose checks keep failing ends failed with a reason code, and starting again retries', async () => {
    const { client } = await stack.signIn('ops@example.com');
    const { inventory_receipts } = await client.inbounds.search.query({});
    const inbound = inventory_receipts[4]!;
    stack.sim.control.setFault({ kind: 'down', paths: [CHECK_PATH] });
    const job = await client.inbounds.export.start.mutate({ uid: inbound.uid });
    const failed = await eventually(
      'the job fails',
      () => {
        const state = stack.app.services.realtime.exports.get(job.jobId);
        return state?.status === 'failed' ? state : undefined;
      },
      10_000,
    );
    expect(failed.failure).toBe('unreachable');
    expect(failed.downloadPath).toBeNull();
    const listed = await client.inbounds.export.list.query();
    expect(listed.jobs.find((j) => j.jobId === job.jobId)).toMatchObject({
      status: 'failed',
      failure: 'unreachable',
    });

    stack.sim.control.setFault(null);
    const retry = await client.inbounds.export.start.mutate({ uid: inbound.uid });
    expect(retry.jobId).not.toBe(job.jobId);
    await eventually(
      'the retry finishes',
      () => stack.app.services.realtime.exports.get(retry.jobId)?.status === 'done',
      10_000,
    );
    const after = await client.inbounds.export.list.query();
    // Newest first: the retry, then the failed attempt.
    const ids = after.jobs.map((j) => j.jobId);
    expect(ids.indexOf(retry.jobId)).toBeLessThan(ids.indexOf(job.jobId));
  });
});
