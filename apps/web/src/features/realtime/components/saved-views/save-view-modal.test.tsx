import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_ORDERS_FILTER, VIEW_MAX_BYTES } from '@waybill/contracts';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../../../../test/trpc-mock.js';
import { SaveViewModal } from './save-view-modal.js';

const small = { search: 'status=lost', filter: { ...DEFAULT_ORDERS_FILTER, statuses: ['lost'] } };

describe('SaveViewModal', () => {
  it('says at once why a typed name cannot be saved, and an empty one only once left', async () => {
    const user = userEvent.setup();
    render(
      <TestProviders>
        <SaveViewModal
          views={[{ id: 'v1', name: 'Team queue' }]}
          saving={small}
          onSave={vi.fn()}
          onClose={vi.fn()}
        />
      </TestProviders>,
    );
    const input = await screen.findByLabelText('View name');
    expect(screen.queryByText('Give the view a name.')).toBeNull();
    await user.type(input, 'team QUEUE');
    expect(screen.getByText('A view named "team QUEUE" already exists.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'SAVE VIEW' })).toBeDisabled();
    await user.clear(input);
    await user.tab();
    expect(screen.getByText('Give the view a name.')).toBeInTheDocument();
  });

  it('refuses a pasted name holding a control character or a right-to-left override, saying why', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(
      <TestProviders>
        <SaveViewModal views={[]} saving={small} onSave={onSave} onClose={vi.fn()} />
      </TestProviders>,
    );
    const input = await screen.findByLabelText('View name');
    for (const name of ['Invoice\u202Efdp.exe', 'Ring\u0007']) {
      await user.clear(input);
      await user.click(input);
      await user.paste(name);
      expect(
        screen.getByText(
          'A view name cannot hold control characters or marks that change the direction of the text.',
        ),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'SAVE VIEW' })).toBeDisabled();
    }
    await user.keyboard('{Enter}');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('says from the start that filters over VIEW_MAX_BYTES cannot be saved, whatever the name', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    const uids = Array.from({ length: 500 }, (_, i) => `merchant-${i}`.padEnd(40, 'x'));
    render(
      <TestProviders>
        <SaveViewModal
          views={[]}
          saving={{
            search: `merchant=${uids.join(',')}`,
            filter: { ...DEFAULT_ORDERS_FILTER, sellingChannelsUIDS: uids },
          }}
          onSave={onSave}
          onClose={vi.fn()}
        />
      </TestProviders>,
    );
    const message = `These filters are too large to save as a view (at most ${VIEW_MAX_BYTES / 1024} KB): pick fewer values.`;
    expect(await screen.findByText(message)).toBeInTheDocument();
    await user.type(screen.getByLabelText('View name'), 'Every merchant{Enter}');
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'SAVE VIEW' })).toBeDisabled();
    expect(onSave).not.toHaveBeenCalled();
  });
});
