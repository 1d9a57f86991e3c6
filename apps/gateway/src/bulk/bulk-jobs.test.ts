import type { BulkJob } from '@waybill/contracts';
import { describe, expect, it } from 'vitest';
import { MemoryBulkJobStore, type StoredBulkJob } from './bulk-job-store.js';
import { BULK_STALE_AFTER_MS, BulkJobs } from './bulk-jobs.js';

const silent = { warn() {}, error() {}, info() {} };

function jobs(store: MemoryBulkJobStore, now: () => number) {
  return new BulkJobs({
    backend: {} as never,
    logger: silent as never,
    store,
    ownWrites: { publish: async () => {} },
    keepMs: 3_600_000,
    listLimit: 3,
    now,
  });
}

/** A job another replica saved as running, with one of its three orders answered. */
function runningElsewhere(savedAt: number, jobId = 'bulk_1'): StoredBulkJob {
  const job: BulkJob = {
    jobId,
    kind: 'comment',
    summary: 'Add comment',
    state: 'running',
    total: 3,
    done: 1,
    ok: 1,
    failed: 0,
    startedAt: savedAt,
    updatedAt: savedAt,
    results: [{ uid: 'b', ok: true, error: null, reference: 'R-2' }],
  };
  return { job, ownerUid: 'u1', uids: ['a', 'b', 'c'], runner: 'runner_other', savedAt };
}

describe('BulkJobs reading jobs it does not run', () => {
  it('a running job whose runner stopped saving reads interrupted, its unreached orders failed', async () => {
    let now = 1_000_000;
    const store = new MemoryBulkJobStore(() => now);
    const reader = jobs(store, () => now);
    await store.put(runningElsewhere(now), 3_600_000);
    await store.addToUser('u1', 'bulk_1', 3_600_000, 3);

    now += BULK_STALE_AFTER_MS - 1;
    expect((await reader.get('u1', 'bulk_1'))?.state).toBe('running');

    now += 2;
    const job = await reader.get('u1', 'bulk_1');
    expect(job).toMatchObject({ state: 'interrupted', done: 3, ok: 1, failed: 2 });
    expect(job?.results).toEqual([
      { uid: 'a', ok: false, error: 'failed', reference: null },
      { uid: 'b', ok: true, error: null, reference: 'R-2' },
      { uid: 'c', ok: false, error: 'failed', reference: null },
    ]);
    expect((await reader.list('u1'))[0]?.state).toBe('interrupted');
    expect(await reader.runningOf('u1')).toBe(0);
  });

  it('a job saved as running by this very process, which no longer runs it, reads interrupted at once', async () => {
    const now = 1_000_000;
    const store = new MemoryBulkJobStore(() => now);
    const reader = jobs(store, () => now);
    await store.put({ ...runningElsewhere(now), runner: reader.runnerId }, 3_600_000);
    await store.addToUser('u1', 'bulk_1', 3_600_000, 3);
    expect((await reader.get('u1', 'bulk_1'))?.state).toBe('interrupted');
  });

  it('only the owner reads a job; a user keeps the newest jobs up to the limit, for the keep time', async () => {
    let now = 1_000_000;
    const store = new MemoryBulkJobStore(() => now);
    const reader = jobs(store, () => now);
    for (const id of ['j1', 'j2', 'j3', 'j4']) {
      await store.put(runningElsewhere(now, id), 3_600_000);
      await store.addToUser('u1', id, 3_600_000, 3);
      now += 1;
    }
    expect(await reader.get('u2', 'j4')).toBeNull();
    expect((await reader.list('u1')).map((j) => j.jobId)).toEqual(['j4', 'j3', 'j2']);
    expect(await store.get('j1')).toBeNull();
    now += 3_600_000;
    expect(await reader.list('u1')).toEqual([]);
    expect(await store.get('j4')).toBeNull();
  });
});
