import { describe, expect, it } from 'vitest';
import { BackendError } from '../../src/backend/backend-error.js';
import { ExportJobs } from '../../src/realtime/export-jobs.js';
import type { BackendCaller } from '../../src/realtime/types.js';

const silent = { info() {}, warn() {}, error() {}, debug() {} };

/** The backend's refusal of an inbound to a token, as BackendClient reports it. */
function refusal(status: 401 | 403 | 404): BackendError {
  const code = status === 401 ? 'UNAUTHORIZED' : status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST';
  const message = `refused with ${status}`;
  return new BackendError(code, message, {
    path: '/inventory_receipts/{uid}',
    status,
    error: { code: 'refused', message },
  });
}

/** Exports start for `token-a` only; every other token is refused the inbound with `status`. */
function backend(status: 401 | 403 | 404, calls: string[]): BackendCaller {
  return {
    call: (async (name: string, args: { token: string }) => {
      calls.push(`${name} ${args.token}`);
      if (args.token !== 'token-a') throw refusal(status);
      if (name === 'inbounds.export')
        return { report: { uid: 'rep_1', progress: 0, completed: false, download_url: null, error: null } };
      if (name === 'inbounds.detail') return { inventory_receipt: { name: 'RCP-1' }, inventory_items: [] };
      throw new Error(`unexpected call ${name}`);
    }) as BackendCaller['call'],
  };
}

describe('joining a running export', () => {
  it.each([
    [401, 'UNAUTHORIZED'],
    [403, 'FORBIDDEN'],
    [404, 'NOT_FOUND'],
  ] as const)(
    'a joiner the backend answers %i is refused with %s and gets nothing of the job',
    async (status, code) => {
      const calls: string[] = [];
      // Checks never run (the interval is an hour): the job stays running.
      const jobs = new ExportJobs({
        backend: backend(status, calls),
        serviceToken: 's',
        logger: silent,
        intervalMs: 3_600_000,
      });
      const job = await jobs.start('in_1', 'token-a', 'usr_a');

      const joining = jobs.start('in_1', 'token-b', 'usr_b');
      await expect(joining).rejects.toBeInstanceOf(BackendError);
      await expect(joining).rejects.toMatchObject({ code });
      // Checked with the joiner's own token, and no second export was started.
      expect(calls).toContain('inbounds.detail token-b');
      expect(calls.filter((c) => c.startsWith('inbounds.export'))).toEqual(['inbounds.export token-a']);
      expect(await jobs.list('usr_b')).toEqual([]);
      expect(await jobs.ownedBy('usr_b', job.jobId)).toBeNull();
      expect(await jobs.ownedBy('usr_a', job.jobId)).toMatchObject({ jobId: job.jobId, status: 'running' });
      jobs.close();
    },
  );

  it('a joiner the backend lets read the inbound joins and owns the job', async () => {
    const calls: string[] = [];
    const open: BackendCaller = {
      call: (async (name: string, args: { token: string }) => {
        calls.push(`${name} ${args.token}`);
        return name === 'inbounds.export'
          ? { report: { uid: 'rep_1', progress: 0, completed: false, download_url: null, error: null } }
          : { inventory_receipt: { name: 'RCP-1' }, inventory_items: [] };
      }) as BackendCaller['call'],
    };
    const jobs = new ExportJobs({ backend: open, serviceToken: 's', logger: silent, intervalMs: 3_600_000 });
    const job = await jobs.start('in_1', 'token-a', 'usr_a');
    const joined = await jobs.start('in_1', 'token-b', 'usr_b');
    expect(joined.jobId).toBe(job.jobId);
    expect(calls).toContain('inbounds.detail token-b');
    expect(await jobs.ownedBy('usr_b', job.jobId)).toMatchObject({ jobId: job.jobId });
    expect(await jobs.ownedBy('usr_c', job.jobId)).toBeNull();
    jobs.close();
  });

  it('a caller who joins a start the backend refuses starts the export with their own token', async () => {
    const calls: string[] = [];
    const jobs = new ExportJobs({
      // token-a may export; token-b may not (403): B starts, A arrives while B's start is pending.
      backend: {
        call: (async (name: string, args: { token: string }) => {
          calls.push(`${name} ${args.token}`);
          await Promise.resolve();
          if (args.token === 'token-b') throw refusal(403);
          return name === 'inbounds.export'
            ? { report: { uid: 'rep_1', progress: 0, completed: false, download_url: null, error: null } }
            : { inventory_receipt: { name: 'RCP-1' }, inventory_items: [] };
        }) as BackendCaller['call'],
      },
      serviceToken: 's',
      logger: silent,
      intervalMs: 3_600_000,
    });
    const [b, a] = await Promise.allSettled([
      jobs.start('in_1', 'token-b', 'usr_b'),
      jobs.start('in_1', 'token-a', 'usr_a'),
    ]);
    expect(b).toMatchObject({ status: 'rejected', reason: { code: 'FORBIDDEN' } });
    expect(a).toMatchObject({ status: 'fulfilled', value: { status: 'running' } });
    expect(calls.filter((c) => c.startsWith('inbounds.export'))).toEqual([
      'inbounds.export token-b',
      'inbounds.export token-a',
    ]);
    jobs.close();
  });
});
