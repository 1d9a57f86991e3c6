import { act, screen, waitFor } from '@testing-library/react';
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

  it('clears a text another tab sent (or discarded), so it is not sent twice, and can put it back', async () => {
    const user = userEvent.setup();
    renderEditor('usr-1');
    const box = screen.getByPlaceholderText('Add new comment');
    await user.type(box, 'Parcel is at the depot');
    const key = 'waybill.draft.v1:usr-1:comment:ord-1';
    const last = localStorage.getItem(key);
    // Another tab saved a different text first: this one is kept.
    const otherTab = (oldValue: string | null) =>
      act(() => {
        localStorage.removeItem(key);
        window.dispatchEvent(
          new StorageEvent('storage', { key, oldValue, newValue: null, storageArea: localStorage }),
        );
      });
    otherTab(JSON.stringify({ at: 1, value: 'Something else' }));
    expect(box).toHaveValue('Parcel is at the depot');
    expect(screen.queryByTestId('comment-gone-elsewhere')).toBeNull();
    // The other tab sent this very text.
    otherTab(last);
    expect(box).toHaveValue('');
    expect(screen.getByTestId('comment-gone-elsewhere')).toHaveTextContent(
      'This text was sent or discarded in another tab. Put it back',
    );
    expect(screen.getByRole('button', { name: 'Add comment' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Put it back' }));
    expect(box).toHaveValue('Parcel is at the depot');
    expect(screen.queryByTestId('comment-gone-elsewhere')).toBeNull();
  });
});
