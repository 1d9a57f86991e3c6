import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../../../../test/trpc-mock.js';
import { SaveViewModal } from './save-view-modal.js';

describe('SaveViewModal', () => {
  it('says at once why a typed name cannot be saved, and an empty one only once left', async () => {
    const user = userEvent.setup();
    render(
      <TestProviders>
        <SaveViewModal views={[{ id: 'v1', name: 'Team queue' }]} onSave={vi.fn()} onClose={vi.fn()} />
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
});
