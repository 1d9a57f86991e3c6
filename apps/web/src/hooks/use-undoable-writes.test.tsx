import { act, renderHook, screen } from '@testing-library/react';
import { TRPCError } from '@trpc/server';
import type { PendingActionTicket } from '@waybill/contracts';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type CallLog, type Handlers, inputsOf, TestProviders } from '../test/trpc-mock.js';
import { useUndoableWrites } from './use-undoable-writes.js';

const ticket: PendingActionTicket = {
  actionId: 'act_1',
  commitAt: Date.now() + 10_000,
  windowMs: 10_000,
  jobId: null,
};

function renderUndo(handlers: Handlers) {
  const log: CallLog[] = [];
  const wrapper = ({ children }: { children: ReactNode }) => (
    <TestProviders handlers={handlers} log={log}>
      {children}
    </TestProviders>
  );
  const { result } = renderHook(() => useUndoableWrites(), { wrapper });
  return { undoNow: (what: string) => result.current.undoNow(ticket, what), log };
}

const unavailable = () =>
  new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'The gateway is restarting' });

afterEach(() => {
  vi.useRealTimers();
});

describe('useUndoableWrites: an Undo the gateway cannot take yet', () => {
  it('keeps asking while the server is out of reach, and says Undone once it answers', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    const { undoNow, log } = renderUndo({
      'undo.undo': () => {
        calls += 1;
        if (calls < 3) throw unavailable();
        return { outcome: 'undone' };
      },
    });
    let undone: boolean | undefined;
    await act(async () => {
      const asked = undoNow('Order #SHOP-5 marked as Lost').then((u) => {
        undone = u;
      });
      await vi.advanceTimersByTimeAsync(2_500);
      await asked;
    });
    expect(undone).toBe(true);
    expect(inputsOf(log, 'undo.undo')).toEqual([
      { actionId: 'act_1' },
      { actionId: 'act_1' },
      { actionId: 'act_1' },
    ]);
    expect(await screen.findByText('Undoing: Order #SHOP-5 marked as Lost')).toBeInTheDocument();
    expect(await screen.findByText('Undone: Order #SHOP-5 marked as Lost')).toBeInTheDocument();
    expect(screen.queryByText('It could not be undone')).toBeNull();
  });

  it('after two minutes out of reach, stops and says the change may still be sent', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { undoNow, log } = renderUndo({
      'undo.undo': () => {
        throw unavailable();
      },
    });
    let undone: boolean | undefined;
    await act(async () => {
      const asked = undoNow('Order #SHOP-5 marked as Lost').then((u) => {
        undone = u;
      });
      await vi.advanceTimersByTimeAsync(121_000);
      await asked;
    });
    expect(undone).toBe(false);
    expect(inputsOf(log, 'undo.undo').length).toBeGreaterThan(100);
    expect(
      await screen.findByText(
        'The server could not be reached for two minutes: the change may still be sent. Check the order once it is back.',
      ),
    ).toBeInTheDocument();
  });

  it('stops at once on a refusal that asking again cannot change', async () => {
    const { undoNow, log } = renderUndo({
      'undo.undo': () => {
        throw new TRPCError({ code: 'UNAUTHORIZED', message: 'session ended' });
      },
    });
    let undone: boolean | undefined;
    await act(async () => {
      undone = await undoNow('Order #SHOP-5 marked as Lost');
    });
    expect(undone).toBe(false);
    expect(inputsOf(log, 'undo.undo')).toHaveLength(1);
    expect(await screen.findByText('It could not be undone')).toBeInTheDocument();
  });

  it('says when it was too late', async () => {
    const { undoNow } = renderUndo({ 'undo.undo': () => ({ outcome: 'too_late' }) });
    await act(async () => {
      await undoNow('Order #SHOP-5 marked as Lost');
    });
    expect(await screen.findByText('Too late to undo')).toBeInTheDocument();
  });
});
