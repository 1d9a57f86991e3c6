import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DateChangeModal } from '../date-change-modal/date-change-modal.js';

/** A tRPC client error as the gateway sends a conflict: code CONFLICT, data.conflict { by, at, what }. */
function conflictError(at: Date) {
  return Object.assign(new Error('The order changed since it was opened'), {
    data: {
      code: 'CONFLICT',
      conflict: { by: 'Olivia Ops', at: at.toISOString(), what: { kind: 'status', status: 'lost' } },
    },
  });
}
const pad = (n: number) => String(n).padStart(2, '0');

function renderModal(onSave: (date: Date, options?: { force?: boolean }) => Promise<unknown>) {
  const onClose = vi.fn();
  const onReview = vi.fn();
  render(
    <DateChangeModal
      title="Mark Order as Delivered"
      testId="modal"
      summary={<p>Order #1</p>}
      onSave={onSave}
      onClose={onClose}
      onReview={onReview}
    />,
  );
  return { onClose, onReview };
}

async function enterToday(user: ReturnType<typeof userEvent.setup>) {
  const today = new Date();
  await user.type(
    screen.getByLabelText('Day'),
    `${pad(today.getDate())}${pad(today.getMonth() + 1)}${today.getFullYear()}`,
  );
}

describe('conflict warning in a date modal', () => {
  it('shows who changed the order first, in the console words; SAVE ANYWAY saves with force', async () => {
    const user = userEvent.setup();
    const onSave = vi
      .fn<(date: Date, options?: { force?: boolean }) => Promise<unknown>>()
      .mockRejectedValueOnce(conflictError(new Date(Date.now() - 125_000)))
      .mockResolvedValueOnce(undefined);
    const { onClose } = renderModal(onSave);
    await enterToday(user);
    await user.click(screen.getByRole('button', { name: 'SAVE CHANGES' }));
    const warning = await screen.findByTestId('conflict-warning');
    expect(warning).toHaveTextContent('Changed by Olivia Ops 2 minutes ago: status changed to Lost');
    // The server's own text never shows; saving again needs a choice.
    expect(screen.queryByText(/since it was opened/)).toBeNull();
    expect(screen.getByRole('button', { name: 'SAVE CHANGES' })).toBeDisabled();
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'SAVE ANYWAY' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSave).toHaveBeenCalledTimes(2);
    expect(onSave.mock.calls[0]).toHaveLength(1);
    expect(onSave.mock.calls[1]?.[1]).toEqual({ force: true });
  });

  it('REVIEW leaves without saving', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(async () => Promise.reject(conflictError(new Date())));
    const { onReview, onClose } = renderModal(onSave);
    await enterToday(user);
    await user.click(screen.getByRole('button', { name: 'SAVE CHANGES' }));
    await user.click(await screen.findByRole('button', { name: 'REVIEW' }));
    expect(onReview).toHaveBeenCalledTimes(1);
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('another CONFLICT (the backend refusing) is a plain message, no warning', async () => {
    const user = userEvent.setup();
    const refused = Object.assign(new Error('Order is final'), {
      data: { code: 'CONFLICT', conflict: null },
    });
    renderModal(vi.fn(async () => Promise.reject(refused)));
    await enterToday(user);
    await user.click(screen.getByRole('button', { name: 'SAVE CHANGES' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The request was not accepted; check it and try again.',
    );
    expect(screen.queryByTestId('conflict-warning')).toBeNull();
  });
});
