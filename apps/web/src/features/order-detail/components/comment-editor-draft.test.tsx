import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DraftsProvider } from '../../../hooks/use-drafts.js';
import { renderRoutes } from '../../../test/trpc-mock.js';
import { CommentEditor } from './comment-editor.js';

/** The editor as the signed-in area shows it (`userId` null: nobody signed in). */
function renderEditor(userId: string | null, onCancel = () => {}) {
  return renderRoutes(
    [
      {
        path: '/',
        element: (
          <DraftsProvider userId={userId}>
            <CommentEditor
              orderUid="ord-1"
              advanced={false}
              onSaved={() => {}}
              onCancel={onCancel}
              onDirtyChange={() => {}}
            />
          </DraftsProvider>
        ),
      },
    ],
    '/',
    { handlers: { 'orders.comments.add': () => ({ order: {} }) } },
  );
}

const drafts = () => Object.keys(localStorage).filter((k) => k.startsWith('waybill.draft.v1:'));

describe('the comment editor keeps what is typed', () => {
  it('brings the text back when opened again (a reload, a crash) and forgets it once saved', async () => {
    const user = userEvent.setup();
    const first = renderEditor('usr-1');
    await user.type(screen.getByPlaceholderText('Add new comment'), 'Parcel is at the depot');
    expect(drafts()).toEqual(['waybill.draft.v1:usr-1:comment:ord-1']);
    first.unmount();

    renderEditor('usr-1');
    expect(screen.getByPlaceholderText('Add new comment')).toHaveValue('Parcel is at the depot');
    await user.click(screen.getByRole('button', { name: 'Add comment' }));
    await screen.findByText('Comment saved');
    expect(drafts()).toEqual([]);
  });

  it('forgets the text on Cancel, and keeps nothing for a signed-out user', async () => {
    const user = userEvent.setup();
    renderEditor('usr-1');
    await user.type(screen.getByPlaceholderText('Add new comment'), 'Changed my mind');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(drafts()).toEqual([]));

    const view = renderEditor(null);
    await user.type(view.getAllByPlaceholderText('Add new comment').at(-1)!, 'Nobody signed in');
    expect(localStorage.length).toBe(0);
  });
});
