import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TRPCError } from '@trpc/server';
import type { PendingActionTicket } from '@waybill/contracts';
import { makeOrder } from '@waybill/contracts/test-fixtures';
import { describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../../components/toast/toast.js';
import { type CallLog, inputsOf, TestProviders } from '../../../../test/trpc-mock.js';
import { BulkRunModal } from './bulk-run-modal.js';

const ticket: PendingActionTicket = {
  actionId: 'act_1',
  commitAt: Date.now() + 10_000,
  windowMs: 10_000,
  jobId: 'bulk_1',
};

describe('a bulk run waiting out its undo window', () => {
  it('is held once with each order’s expected state, counts down, and Undo cancels it', async () => {
    const user = userEvent.setup();
    const log: CallLog[] = [];
    const onClose = vi.fn();
    const orders = [
      makeOrder({ uid: 'o1', updated_at: '2026-03-01T10:00:00.000Z' }),
      makeOrder({ uid: 'o2' }),
    ];
    render(
      <TestProviders
        log={log}
        handlers={{ 'undo.bulkStart': () => ticket, 'undo.undo': () => ({ outcome: 'undone' as const }) }}
      >
        <ToastProvider>
          <BulkRunModal
            title="Mark as Lost: 2 orders"
            orders={orders}
            action={{ kind: 'comment', text: 'Depot closed' }}
            onFinished={vi.fn()}
            onClose={onClose}
          />
        </ToastProvider>
      </TestProviders>,
    );
    const pending = await screen.findByTestId('bulk-pending');
    const button = within(pending).getByRole('button', { name: 'Undo' });
    expect(within(pending).getByTestId('undo-countdown')).toHaveTextContent(/Sent in (9|10) s/);
    // The countdown ticks without replacing the button (it stays clickable).
    await waitFor(() =>
      expect(within(pending).getByTestId('undo-countdown')).toHaveTextContent(/Sent in [0-9] s/),
    );
    expect(within(screen.getByTestId('bulk-pending')).getByRole('button', { name: 'Undo' })).toBe(button);
    expect(inputsOf(log, 'undo.bulkStart')).toEqual([
      {
        action: { kind: 'comment', text: 'Depot closed' },
        orderUids: ['o1', 'o2'],
        expected: {
          o1: { updatedAt: '2026-03-01T10:00:00.000Z', status: orders[0]!.aggregated_status.key },
          o2: { updatedAt: orders[1]!.updated_at, status: orders[1]!.aggregated_status.key },
        },
      },
    ]);
    await user.click(button);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(inputsOf(log, 'undo.undo')).toEqual([{ actionId: 'act_1' }]);
  });

  it('once the window ended and the job is not there yet, says it is starting and offers no Undo', async () => {
    const log: CallLog[] = [];
    const short = { ...ticket, commitAt: Date.now() + 200, windowMs: 200 };
    render(
      <TestProviders
        log={log}
        handlers={{
          'undo.bulkStart': () => short,
          'orders.bulkJob': () => {
            throw new TRPCError({ code: 'NOT_FOUND', message: 'No such bulk job' });
          },
        }}
      >
        <ToastProvider>
          <BulkRunModal
            title="Mark as Lost: 2 orders"
            orders={[makeOrder({ uid: 'o1' }), makeOrder({ uid: 'o2' })]}
            action={{ kind: 'comment', text: 'Depot closed' }}
            onFinished={vi.fn()}
            onClose={vi.fn()}
          />
        </ToastProvider>
      </TestProviders>,
    );
    const pending = await screen.findByText('Starting Mark as Lost: 2 orders; it can no longer be undone.');
    expect(pending).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    // It keeps looking for the job, less often while it is not there.
    await waitFor(() => expect(inputsOf(log, 'orders.bulkJob').length).toBeGreaterThanOrEqual(2));
  });
});
