import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COMMENT_MAX_LENGTH } from '@waybill/contracts';
import { describe, expect, it, vi } from 'vitest';
import { type CallLog, inputsOf, renderRoutes } from '../../../test/trpc-mock.js';
import { BulkCommentModal } from '../../realtime/components/bulk/bulk-comment-modal.js';
import { CommentEditor } from './comment-editor.js';

function renderEditor(log: CallLog[] = []) {
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <CommentEditor
            orderUid="ord-1"
            advanced={false}
            onSaved={() => {}}
            onCancel={() => {}}
            onDirtyChange={() => {}}
          />
        ),
      },
    ],
    '/',
    { handlers: { 'orders.comments.add': () => ({ order: {} }) }, log },
  );
}

describe('the comment length limit in the console', () => {
  it('counts, refuses a pasted text over the limit naming it, and sends nothing', async () => {
    const user = userEvent.setup();
    const log: CallLog[] = [];
    renderEditor(log);
    const box = screen.getByPlaceholderText('Add new comment');
    const submit = screen.getByRole('button', { name: 'Add comment' });
    await user.click(box);
    await user.paste('x'.repeat(COMMENT_MAX_LENGTH + 1));
    expect(screen.getByTestId('comment-length')).toHaveTextContent('5,001 / 5,000');
    expect(screen.getByRole('alert')).toHaveTextContent('Comment is longer than 5,000 characters');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    // Nothing is cut: the user decides what goes.
    expect((box as HTMLTextAreaElement).value).toHaveLength(COMMENT_MAX_LENGTH + 1);
    expect(submit).toBeDisabled();
    fireEvent.submit(screen.getByRole('form', { name: 'New comment' }));
    expect(inputsOf(log, 'orders.comments.add')).toEqual([]);
  });

  it('sends a comment of exactly the limit', async () => {
    const user = userEvent.setup();
    const log: CallLog[] = [];
    renderEditor(log);
    const box = screen.getByPlaceholderText('Add new comment');
    await user.click(box);
    await user.paste('y'.repeat(COMMENT_MAX_LENGTH));
    expect(screen.getByTestId('comment-length')).toHaveTextContent('5,000 / 5,000');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add comment' }));
    await waitFor(() => expect(inputsOf(log, 'orders.comments.add')).toHaveLength(1));
    expect(inputsOf<{ text: string }>(log, 'orders.comments.add')[0]!.text).toHaveLength(COMMENT_MAX_LENGTH);
  });

  it('the bulk comment refuses the same way', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderRoutes(
      [{ path: '/', element: <BulkCommentModal count={3} onSubmit={onSubmit} onClose={() => {}} /> }],
      '/',
    );
    const box = await screen.findByLabelText(/Comment \(an internal note/);
    await user.click(box);
    await user.paste('z'.repeat(COMMENT_MAX_LENGTH + 1));
    expect(screen.getByRole('alert')).toHaveTextContent('Comment is longer than 5,000 characters');
    expect(screen.getByRole('button', { name: 'ADD COMMENT' })).toBeDisabled();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
