import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DateChangeModal } from './date-change-modal.js';

const renderModal = (createdAt?: Date) => {
  const onSave = vi.fn(async () => undefined);
  const onClose = vi.fn();
  render(
    <DateChangeModal
      title="Mark Order as Delivered"
      testId="modal"
      summary={<p>Order #1</p>}
      createdAt={createdAt}
      onSave={onSave}
      onClose={onClose}
    />,
  );
  return { onSave, onClose };
};

const pad = (n: number) => String(n).padStart(2, '0');

describe('DateChangeModal', () => {
  it('starts on the day field and saves with Enter once the date is valid', async () => {
    const user = userEvent.setup();
    const { onSave, onClose } = renderModal(new Date(2024, 4, 1, 8));
    await waitFor(() => expect(screen.getByLabelText('Day')).toHaveFocus());
    const today = new Date();
    await user.keyboard(`${pad(today.getDate())}${pad(today.getMonth() + 1)}${today.getFullYear()}`);
    const savedFrom = Date.now();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [saved] = onSave.mock.calls[0] as unknown as [Date];
    expect(saved.toDateString()).toBe(today.toDateString());
    // 15:00 once it has passed; before that the moment of saving (never later than now).
    const fifteen = new Date(today.getFullYear(), today.getMonth(), today.getDate(), 15).getTime();
    if (fifteen <= savedFrom) expect(saved.getTime()).toBe(fifteen);
    else expect(saved.getTime()).toBeGreaterThanOrEqual(savedFrom);
    expect(saved.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('refuses a day before the creation, naming the allowed range; Enter does nothing', async () => {
    const user = userEvent.setup();
    const { onSave } = renderModal(new Date(2024, 4, 1, 8));
    await user.type(screen.getByLabelText('Day'), '30042024');
    expect(screen.getByRole('alert')).toHaveTextContent(
      /^Enter a date from 01\/05\/2024 to \d\d\/\d\d\/\d{4}\.$/,
    );
    expect(screen.getByRole('button', { name: 'SAVE CHANGES' })).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('without a created date refuses only years before 2020 and days after today', async () => {
    const user = userEvent.setup();
    renderModal();
    await user.type(screen.getByLabelText('Day'), '10111999');
    expect(screen.getByRole('alert')).toHaveTextContent(/^Enter a date from 01\/01\/2020 to /);
    await user.clear(screen.getByLabelText('Year'));
    await user.type(screen.getByLabelText('Year'), '2021');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'SAVE CHANGES' })).toBeEnabled();
  });

  it('keeps save off while blocked, the typed date kept, and shows the notice', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(async () => undefined);
    const view = (blocked: boolean) => (
      <DateChangeModal
        title="Mark as Arrived"
        testId="modal"
        summary={<p>Inbound</p>}
        notice={blocked ? <p>Changed by someone else</p> : null}
        saveBlocked={blocked}
        onSave={onSave}
        onClose={() => {}}
      />
    );
    const { rerender } = render(view(true));
    const today = new Date();
    await user.type(
      screen.getByLabelText('Day'),
      `${pad(today.getDate())}${pad(today.getMonth() + 1)}${today.getFullYear()}`,
    );
    expect(screen.getByText('Changed by someone else')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'SAVE CHANGES' })).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(onSave).not.toHaveBeenCalled();
    rerender(view(false));
    expect(screen.getByLabelText('Year')).toHaveValue(String(today.getFullYear()));
    expect(screen.getByRole('button', { name: 'SAVE CHANGES' })).toBeEnabled();
  });
});
