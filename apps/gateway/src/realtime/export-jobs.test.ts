import { describe, expect, it, vi } from 'vitest';
import { EXPORT_LIST_LIMIT, ExportJobs } from './export-jobs.js';
import type { BackendCaller } from './types.js';

const silent = { info() {}, warn() {}, error() {}, debug() {} };

/** Starts every export and describes every inbound; checks never run (the interval is an hour). */
function backend(opts: { detailFails?: boolean } = {}): BackendCaller {
  let reports = 0;
  return {
    call: (async (name: string, args: { params?: Record<string, string> }) => {
      if (name === 'inbounds.export') {
        reports += 1;
        return {
          report: { uid: `rep_${reports}`, progress: 0, completed: false, download_url: null, error: null },
        };
      }
      if (name === 'inbounds.detail') {
        if (opts.detailFails) throw new Error('not found');
        return { inventory_receipt: { name: `RCP-${args.params?.uid}` }, inventory_items: [] };
      }
      throw new Error(`unexpected call ${name}`);
    }) as BackendCaller['call'],
  };
}

describe('ExportJobs.list (in memory)', () => {
  it("lists a user's started and joined jobs, newest first, the newest 20, never another user's", async () => {
    const jobs = new ExportJobs({
      backend: backend(),
      serviceToken: 's',
      logger: silent,
      intervalMs: 3_600_000,
    });
    const started: string[] = [];
    // Distinct start times, one second apart on a fake clock: the list is ordered by them.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 0, 1) });
    for (let i = 0; i < 25; i++) {
      started.push((await jobs.start(`in_${i}`, 'token-a', 'usr_a')).jobId);
      vi.advanceTimersByTime(1000);
    }
    vi.useRealTimers();
    const listed = await jobs.list('usr_a');
    expect(listed).toHaveLength(EXPORT_LIST_LIMIT);
    expect(listed.map((j) => j.jobId)).toEqual(started.slice(5).reverse());
    expect(listed[0]).toMatchObject({ inboundUid: 'in_24', inboundName: 'RCP-in_24', status: 'running' });
    expect(await jobs.list('usr_b')).toEqual([]);

    // usr_b joins the running job of in_24: it is listed for them too, and no second export starts.
    const joined = await jobs.start('in_24', 'token-b', 'usr_b');
    expect(joined.jobId).toBe(started[24]);
    expect((await jobs.list('usr_b')).map((j) => j.jobId)).toEqual([started[24]]);
    jobs.close();
  });

  it('still exports an inbound the backend will not describe, without a name', async () => {
    const jobs = new ExportJobs({
      backend: backend({ detailFails: true }),
      serviceToken: 's',
      logger: silent,
      intervalMs: 3_600_000,
    });
    const job = await jobs.start('in_x', 'token', 'usr_a');
    expect(job).toMatchObject({ status: 'running', inboundName: null });
    expect((await jobs.list('usr_a')).map((j) => j.jobId)).toEqual([job.jobId]);
    jobs.close();
  });
});
