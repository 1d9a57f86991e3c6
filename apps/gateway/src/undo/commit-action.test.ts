import { describe, expect, it, vi } from 'vitest';
import { BackendError } from '../backend/backend-error.js';
import { commitPendingAction, failedNotification } from './commit-action.js';
import { NothingSentError } from './pending-actions.js';

const status = {
  kind: 'status',
  input: { orderUid: 'ord_1', status: 'lost', happenedAt: '2026-11-28T10:00:00Z' },
} as const;
const reissue = { kind: 'reissue', input: { orderUid: 'ord_2', numberOfParcels: 2 } } as const;
const failed = (code: ConstructorParameters<typeof BackendError>[0], status: number | null) =>
  new BackendError(code, "the backend's own words", { path: '/orders/change_status', status, error: null });

describe("failedNotification: why a held write was not sent, in the console's words", () => {
  it.each([
    [failed('UNAUTHORIZED', 401), 'your session had ended'],
    [failed('BAD_REQUEST', 422), 'the backend refused it'],
    [failed('NOT_FOUND', 404), 'the backend refused it'],
    [failed('BAD_GATEWAY', 503), 'the backend could not be reached'],
    [failed('GATEWAY_TIMEOUT', null), 'the backend could not be reached'],
    [new Error('socket hang up'), 'the backend could not be reached'],
  ])('%s', (error, why) => {
    const notification = failedNotification(status, error);
    expect(notification).toMatchObject({
      kind: 'not-sent',
      orderUid: 'ord_1',
      text: `Your status change to Lost was not sent: ${why}. Make it again if it is still needed`,
    });
    expect(notification.text).not.toContain('own words');
  });

  it('names a reissue as such', () => {
    expect(failedNotification(reissue, failed('BAD_GATEWAY', 500)).text).toBe(
      'Your label reissue was not sent: the backend could not be reached. Make it again if it is still needed',
    );
  });
});

describe('commitPendingAction: a bulk run whose job could not start', () => {
  it('fails as NothingSentError, so its window ending can be tried again', async () => {
    const out = new Error('store out');
    const deps = {
      backend: { call: vi.fn() },
      logger: { warn: vi.fn() },
      realtime: { ownWrites: {} },
      bulkJobs: { start: vi.fn(async () => Promise.reject(out)) },
    } as unknown as Parameters<typeof commitPendingAction>[0];
    const action = {
      actionId: 'act_1',
      commitAt: 0,
      ownerUid: 'u1',
      token: 't1',
      work: { kind: 'bulk', action: { kind: 'comment', text: 'x' }, uids: ['ord_1'], jobId: 'bulk_1' },
    } as Parameters<typeof commitPendingAction>[1];
    const failure = await commitPendingAction(deps, action).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(NothingSentError);
    expect((failure as NothingSentError).cause).toBe(out);
    expect(deps.backend.call).not.toHaveBeenCalled();
  });
});
