import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, type Stack, startStack } from './harness.js';

interface JobState {
  jobId: string;
  status: 'running' | 'done' | 'failed';
  progress: number;
  downloadPath: string | null;
  error: string | null;
}

describe('inbound export jobs', () => {
  let stack: Stack;
  beforeAll(async () => {
    // Checks every 100 ms instead of 2 s keep the test short; the rule itself is the same.
    stack = await startStack({ EXPORT_CHECK_MS: '100' });
  });
  afterAll(async () => {
    await stack.close();
  });

  it('two watchers of one inbound share one job, both see progress and the file downloads', async () => {
    const a = await stack.signIn('ops@example.com');
    const b = await stack.signIn();
    const { inventory_receipts } = await a.client.inbounds.search.query({});
    const inbound = inventory_receipts[0]!;
    const startsBefore = stack.sim.control.callCounts()['/inventory_receipts/reports/export'] ?? 0;
    const [jobA, jobB] = await Promise.all([
      a.client.inbounds.export.start.mutate({ uid: inbound.uid }),
      b.client.inbounds.export.start.mutate({ uid: inbound.uid }),
    ]);
    expect(jobB.jobId).toBe(jobA.jobId);
    expect((stack.sim.control.callCounts()['/inventory_receipts/reports/export'] ?? 0) - startsBefore).toBe(
      1,
    );

    const seen: Record<'a' | 'b', JobState[]> = { a: [], b: [] };
    for (const [who, client] of [
      ['a', a.client],
      ['b', b.client],
    ] as const) {
      client.inbounds.export.progress.subscribe(
        { jobId: jobA.jobId },
        { onData: (d: unknown) => seen[who].push((d as { data: JobState }).data) },
      );
    }
    await eventually('both watchers see the job finish', () =>
      (['a', 'b'] as const).every((w) => seen[w].at(-1)?.status === 'done'),
    );
    for (const w of ['a', 'b'] as const) {
      const progress = seen[w].map((s) => s.progress);
      expect(progress).toEqual([...progress].sort((x, y) => x - y));
      expect(progress.at(-1)).toBe(100);
    }
    const done = seen.a.at(-1)!;
    const response = await fetch(`${stack.url}${done.downloadPath}`, {
      headers: { authorization: `Bearer ${b.token}` },
    });
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    // An .xlsx is a zip archive.
    expect([...bytes.slice(0, 2)]).toEqual([0x50, 0x4b]);
    const anonymous = await fetch(`${stack.url}${done.downloadPath}`);
    expect(anonymous.status).toBe(401);
  });

  it('a watcher resuming with lastEventId gets the job as it is now, under the next id', async () => {
    const { client } = await stack.signIn();
    const { inventory_receipts } = await client.inbounds.search.query({});
    const job = await client.inbounds.export.start.mutate({ uid: inventory_receipts[2]!.uid });
    const ids: string[] = [];
    const first = client.inbounds.export.progress.subscribe(
      { jobId: job.jobId },
      { onData: (d: unknown) => ids.push((d as { id: string }).id) },
    );
    await eventually(
      'the first watcher saw the job finish',
      () => stack.app.services.realtime.exports.get(job.jobId)?.status === 'done' && ids.length > 0,
    );
    first.unsubscribe();
    const last = ids.at(-1)!;
    const resumed: Array<{ id: string; data: JobState }> = [];
    client.inbounds.export.progress.subscribe(
      { jobId: job.jobId, lastEventId: last },
      { onData: (d: unknown) => resumed.push(d as { id: string; data: JobState }) },
    );
    await eventually('the resumed watcher has the finished job', () => resumed.length > 0);
    expect(resumed[0]!.data.status).toBe('done');
    expect(resumed[0]!.id).toBe(`${job.jobId}:${Number(last.split(':').at(-1)) + 1}`);
  });

  it('a job outlives its watcher disconnecting', async () => {
    const { client } = await stack.signIn();
    const { inventory_receipts } = await client.inbounds.search.query({});
    const job = await client.inbounds.export.start.mutate({ uid: inventory_receipts[1]!.uid });
    const first = client.inbounds.export.progress.subscribe({ jobId: job.jobId }, { onData: () => {} });
    first.unsubscribe();
    await eventually(
      'the job finishes without watchers',
      () => stack.app.services.realtime.exports.get(job.jobId)?.status === 'done',
    );
  });
});
