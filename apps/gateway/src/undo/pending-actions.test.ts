import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PendingAction, PendingActionStore, PendingWork } from './pending-action-store.js';
import {
  NothingSentError,
  PENDING_RETRY_FOR_MS,
  PendingActions,
  START_UNDO_GRACE_MS,
} from './pending-actions.js';

const WINDOW_MS = 10_000;

/** The store's contract (one `take` gets an action) over a map, so timing is the fake clock's alone. */
class MapStore implements PendingActionStore {
  readonly kept = new Map<string, PendingAction>();
  async put(action: PendingAction) {
    this.kept.set(action.actionId, action);
  }
  async take(actionId: string) {
    const action = this.kept.get(actionId) ?? null;
    this.kept.delete(actionId);
    return action;
  }
  async all() {
    return [...this.kept.values()];
  }
}

const bulk: PendingWork = {
  kind: 'bulk',
  action: { kind: 'comment', text: 'Depot closed today' },
  uids: ['ord_1', 'ord_2'],
  jobId: 'bulk_1',
};

function setUp(commit: (action: PendingAction) => Promise<void>) {
  const store = new MapStore();
  const logger = { warn: vi.fn(), error: vi.fn(), info: vi.fn() };
  const actions = new PendingActions({ store, windowMs: WINDOW_MS, commit, logger, now: Date.now });
  return { store, logger, actions };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('PendingActions: a held action whose commit reached nothing', () => {
  it('goes back to the store and is sent by a later sweep, once', async () => {
    const commit = vi
      .fn<(action: PendingAction) => Promise<void>>()
      .mockRejectedValueOnce(new NothingSentError(new Error('store out')))
      .mockResolvedValue(undefined);
    const { store, logger, actions } = setUp(commit);
    await actions.start();
    await actions.hold({ ownerUid: 'u1', token: 't1', work: bulk });

    await vi.advanceTimersByTimeAsync(WINDOW_MS);
    expect(commit).toHaveBeenCalledTimes(1);
    expect([...store.kept.values()].map((a) => a.work)).toEqual([bulk]);
    expect(logger.warn).toHaveBeenCalledWith(expect.anything(), 'a held action will be tried again');

    // Overdue by a whole window: a sweep sends it.
    await vi.advanceTimersByTimeAsync(3 * WINDOW_MS);
    expect(commit).toHaveBeenCalledTimes(2);
    expect(store.kept.size).toBe(0);
    await vi.advanceTimersByTimeAsync(5 * WINDOW_MS);
    expect(commit).toHaveBeenCalledTimes(2);
    await actions.close();
  });

  it('is dropped, and logged, once it is PENDING_RETRY_FOR_MS past its window', async () => {
    const commit = vi.fn(async () => {
      throw new NothingSentError(new Error('store out'));
    });
    const { store, logger, actions } = setUp(commit);
    await actions.start();
    await actions.hold({ ownerUid: 'u1', token: 't1', work: bulk });
    await vi.advanceTimersByTimeAsync(WINDOW_MS + PENDING_RETRY_FOR_MS + 3 * WINDOW_MS);
    const tries = commit.mock.calls.length;
    expect(tries).toBeGreaterThan(2);
    expect(store.kept.size).toBe(0);
    expect(logger.error).toHaveBeenCalledWith(expect.anything(), 'a held action could not be sent');
    await vi.advanceTimersByTimeAsync(10 * WINDOW_MS);
    expect(commit).toHaveBeenCalledTimes(tries);
    await actions.close();
  });

  it('other failures are not tried again', async () => {
    const commit = vi.fn(async () => {
      throw new Error('the backend refused it');
    });
    const { store, actions } = setUp(commit);
    await actions.start();
    await actions.hold({ ownerUid: 'u1', token: 't1', work: bulk });
    await vi.advanceTimersByTimeAsync(5 * WINDOW_MS);
    expect(commit).toHaveBeenCalledTimes(1);
    expect(store.kept.size).toBe(0);
    await actions.close();
  });
});

describe('PendingActions: a gateway starting with held actions in its store', () => {
  it('waits START_UNDO_GRACE_MS before sending one whose time passed, so an Undo pressed meanwhile still lands', async () => {
    const commit = vi.fn(async (_action: PendingAction) => {});
    const { store, actions } = setUp(commit);
    const overdue = (actionId: string): PendingAction => ({
      actionId,
      commitAt: Date.now() - 60_000,
      ownerUid: 'u1',
      token: 't1',
      work: bulk,
    });
    await store.put(overdue('act_undone'));
    await store.put(overdue('act_sent'));
    await actions.start();
    await vi.advanceTimersByTimeAsync(START_UNDO_GRACE_MS - 100);
    expect(commit).not.toHaveBeenCalled();
    expect(await actions.undo('u1', 'act_undone')).toBe('undone');
    await vi.advanceTimersByTimeAsync(200);
    expect(commit.mock.calls.map(([a]) => a.actionId)).toEqual(['act_sent']);
    await actions.close();
  });
});
