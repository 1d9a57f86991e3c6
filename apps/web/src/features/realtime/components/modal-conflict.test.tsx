import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from '@waybill/contracts';
import { makeOrder } from '@waybill/contracts/test-fixtures';
import { describe, expect, it, vi } from 'vitest';
import { ReissueModal } from '../../../components/order-modals/reissue-modal.js';
import { type Handlers, TestProviders } from '../../../test/trpc-mock.js';
import { StatusDateModal, type StatusDateModalProps } from './status-date-modal.js';

const conflict = () =>
  Object.assign(new Error('The order changed since it was opened'), {
    data: {
      code: 'CONFLICT',
      conflict: {
        by: 'Olivia Ops',
        at: new Date(Date.now() - 40_000).toISOString(),
        what: { kind: 'reissue' },
      },
    },
  });

/** Types today's date into the open date modal, as DD MM YYYY. */
async function typeToday(user: ReturnType<typeof userEvent.setup>) {
  const today = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  await user.type(
    screen.getByLabelText('Day'),
    `${pad(today.getDate())}${pad(today.getMonth() + 1)}${today.getFullYear()}`,
  );
}

/** The list's Mark as Lost modal over `order`, as its row gives it. */
const markLostModal = (handlers: Handlers, onSave: StatusDateModalProps['onSave']) => (order: Order) => (
  <TestProviders handlers={handlers}>
    <StatusDateModal
      kind="markLost"
      order={order}
      merchant={null}
      warehouse={null}
      onSave={onSave}
      onClose={vi.fn()}
    />
  </TestProviders>
);

/** A warehouse that prints labels: Reissue AWB is possible there. */
const LABELLED = { settings: { shipping: { requires_shipping_label: true } } } as never;

describe('conflict warning in the list modals', () => {
  it('Reissue AWB: warns with who reissued first; SAVE ANYWAY confirms with force', async () => {
    const user = userEvent.setup();
    const onConfirm = vi
      .fn<(...args: unknown[]) => Promise<unknown>>()
      .mockRejectedValueOnce(conflict())
      .mockResolvedValueOnce(undefined);
    const onClose = vi.fn();
    const order = makeOrder({
      uid: 'ord-9',
      aggregated_status: { key: 'ready_for_picking', date: '2026-03-01T10:00:00.000Z' },
    });
    render(
      <TestProviders>
        <ReissueModal
          order={order}
          merchant={null}
          warehouse={LABELLED}
          onConfirm={onConfirm}
          onClose={onClose}
        />
      </TestProviders>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reissue AWB' });
    await user.click(within(dialog).getByRole('button', { name: 'CONFIRM' }));
    const warning = await within(dialog).findByTestId('conflict-warning');
    expect(warning).toHaveTextContent(/^Changed by Olivia Ops 4\d seconds ago: shipping label reissued/);
    expect(within(dialog).getByRole('button', { name: 'CONFIRM' })).toBeDisabled();
    await user.click(within(warning).getByRole('button', { name: 'SAVE ANYWAY' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onConfirm.mock.calls).toEqual([
      [order, 2],
      [order, 2, { force: true }],
    ]);
  });

  it('a status modal saves with the order as it was opened, though the live row moved on', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(async () => undefined);
    const opened = makeOrder({ uid: 'ord-7', updated_at: '2026-03-01T10:00:00.000Z' });
    const changedBy = {
      by: 'Dan Developer',
      at: new Date(Date.now() - 5_000).toISOString(),
      what: { kind: 'comment' as const },
    };
    const asked: unknown[] = [];
    const handlers = {
      'conflicts.orderChangedSince': (input: unknown) => {
        asked.push(input);
        return { conflict: changedBy };
      },
    };
    const { rerender } = render(
      <TestProviders handlers={handlers}>
        <StatusDateModal
          kind="markLost"
          order={opened}
          merchant={null}
          warehouse={null}
          onSave={onSave}
          onClose={vi.fn()}
        />
      </TestProviders>,
    );
    // Someone else's change reaches the live row while the modal is open.
    const moved = { ...opened, updated_at: '2026-03-01T10:05:00.000Z' };
    rerender(
      <TestProviders handlers={handlers}>
        <StatusDateModal
          kind="markLost"
          order={moved}
          merchant={null}
          warehouse={null}
          onSave={onSave}
          onClose={vi.fn()}
        />
      </TestProviders>,
    );
    // Said at once, before any save, naming who (asked with what the modal opened on).
    const notice = await screen.findByTestId('live-change');
    await waitFor(() =>
      expect(notice).toHaveTextContent(/^Changed by Dan Developer (just now|\d+ seconds ago): comment/),
    );
    expect(asked).toEqual([
      {
        orderUid: 'ord-7',
        expected: { updatedAt: '2026-03-01T10:00:00.000Z', status: opened.aggregated_status.key },
      },
    ]);
    await typeToday(user);
    await user.click(screen.getByRole('button', { name: 'SAVE CHANGES' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect((onSave.mock.calls[0] as unknown as [typeof opened])[0].updated_at).toBe(
      '2026-03-01T10:00:00.000Z',
    );
  });

  it('shows one warning, not two: the save-time conflict replaces the live notice', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn<(...args: unknown[]) => Promise<undefined>>().mockRejectedValueOnce(conflict());
    const opened = makeOrder({ uid: 'ord-8', updated_at: '2026-03-01T10:00:00.000Z' });
    const handlers = {
      'conflicts.orderChangedSince': () => ({
        conflict: {
          by: 'Olivia Ops',
          at: new Date(Date.now() - 3_000).toISOString(),
          what: { kind: 'reissue' },
        },
      }),
    };
    const modal = markLostModal(handlers, onSave);
    const { rerender } = render(modal(opened));
    rerender(modal({ ...opened, updated_at: '2026-03-01T10:05:00.000Z' }));
    await screen.findByTestId('live-change');
    await typeToday(user);
    await user.click(screen.getByRole('button', { name: 'SAVE CHANGES' }));
    await screen.findByTestId('conflict-warning');
    expect(screen.queryByTestId('live-change')).toBeNull();
    expect(screen.getAllByText(/^Changed by Olivia Ops/)).toHaveLength(1);
  });

  it("offers no save once a colleague's change rules the action out, and says why", async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(async () => undefined);
    const status = (key: string) => ({ key, date: '2026-03-01T10:00:00.000Z' });
    const opened = makeOrder({
      uid: 'ord-6',
      updated_at: '2026-03-01T10:00:00.000Z',
      aggregated_status: status('errors_incorrect_shipping_address'),
    });
    const modal = markLostModal({ 'conflicts.orderChangedSince': () => ({ conflict: null }) }, onSave);
    const { rerender } = render(modal(opened));
    expect(screen.queryByTestId('action-unavailable')).toBeNull();
    rerender(
      modal({ ...opened, updated_at: '2026-03-01T10:05:00.000Z', aggregated_status: status('cancelled') }),
    );
    expect(screen.getByTestId('action-unavailable')).toHaveTextContent(
      'Mark as Lost is no longer possible: the order is Canceled now.',
    );
    await typeToday(user);
    expect(screen.getByRole('button', { name: 'SAVE CHANGES' })).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('Reissue AWB: after a save-time conflict that rules it out, offers REVIEW only', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn<(...args: unknown[]) => Promise<unknown>>().mockRejectedValueOnce(conflict());
    const order = makeOrder({
      uid: 'ord-5',
      aggregated_status: { key: 'ready_for_picking', date: '2026-03-01T10:00:00.000Z' },
    });
    const modal = (o: typeof order) => (
      <TestProviders>
        <ReissueModal
          order={o}
          merchant={null}
          warehouse={LABELLED}
          onConfirm={onConfirm}
          onClose={vi.fn()}
        />
      </TestProviders>
    );
    const { rerender } = render(modal(order));
    const dialog = await screen.findByRole('dialog', { name: 'Reissue AWB' });
    await user.click(within(dialog).getByRole('button', { name: 'CONFIRM' }));
    const warning = await within(dialog).findByTestId('conflict-warning');
    expect(within(warning).getByRole('button', { name: 'SAVE ANYWAY' })).toBeEnabled();
    rerender(modal({ ...order, aggregated_status: { key: 'cancelled', date: '2026-03-01T10:05:00.000Z' } }));
    expect(warning).toHaveTextContent('Reissue AWB is no longer possible: the order is Canceled now.');
    expect(within(warning).queryByRole('button', { name: 'SAVE ANYWAY' })).toBeNull();
    expect(within(warning).getByRole('button', { name: 'REVIEW' })).toBeEnabled();
  });
});
