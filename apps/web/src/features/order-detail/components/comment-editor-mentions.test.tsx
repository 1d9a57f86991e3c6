import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type CallLog, inputsOf, renderRoutes } from '../../../test/trpc-mock.js';
import { CommentEditor } from './comment-editor.js';

const USERS = [
  { uid: 'u-ana', name: 'Ana Popescu', department: null },
  { uid: 'u-dan', name: 'Dan Developer', department: 'development' },
  { uid: 'u-dana', name: 'Dana Ionescu', department: null },
];

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
    {
      handlers: { 'users.all': () => ({ users: USERS }), 'orders.comments.add': () => ({ order: {} }) },
      log,
    },
  );
  return screen.getByPlaceholderText('Add new comment') as HTMLTextAreaElement;
}

describe('@ in the comment editor', () => {
  it('lists matching colleagues; arrows choose, Enter inserts the name and closes the list', async () => {
    const user = userEvent.setup();
    const log: CallLog[] = [];
    const box = renderEditor(log);
    await user.click(box);
    await user.keyboard('Hi @da');
    const list = await screen.findByRole('listbox', { name: 'Mention a colleague' });
    const options = () =>
      screen.getAllByRole('option').map((o) => [o.textContent, o.getAttribute('aria-selected')]);
    expect(options()).toEqual([
      ['Dan Developer', 'true'],
      ['Dana Ionescu', 'false'],
    ]);
    expect(box).toHaveAttribute('aria-controls', list.id);
    await user.keyboard('{ArrowDown}');
    expect(options()[1]).toEqual(['Dana Ionescu', 'true']);
    expect(box.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[1]!.id);
    await user.keyboard('{Enter}');
    expect(box.value).toBe('Hi @Dana Ionescu ');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.keyboard('thanks');
    expect(box.value).toBe('Hi @Dana Ionescu thanks');
    expect(inputsOf(log, 'users.all')).toHaveLength(1);
  });

  it('Esc closes only the list; a new @ opens it again, also after the comment is saved', async () => {
    const user = userEvent.setup();
    const log: CallLog[] = [];
    const box = renderEditor(log);
    await user.click(box);
    await user.keyboard('@an');
    await screen.findByRole('listbox');
    await user.keyboard('{Tab}');
    expect(box.value).toBe('@Ana Popescu ');
    await user.keyboard('and @d');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.value).toBe('@Ana Popescu and @d');
    await user.keyboard(' @d');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Add comment' }));
    await waitFor(() => expect(inputsOf(log, 'orders.comments.add')).toHaveLength(1));
    await waitFor(() => expect(box.value).toBe(''));
    // The next comment's @ sits where the picked one did: the list opens for it.
    await user.click(box);
    await user.keyboard('@');
    expect(await screen.findAllByRole('option')).toHaveLength(3);
  });
});
