import { describe, expect, it } from 'vitest';
import { BackendError } from '../backend/backend-error.js';
import { failedNotification } from './commit-action.js';

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
