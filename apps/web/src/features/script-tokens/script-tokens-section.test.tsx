import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type CallLog, TestProviders } from '../../test/trpc-mock.js';
import { ScriptTokensSection } from './script-tokens-section.js';

const token = {
  id: 'tok-1',
  name: 'nightly export',
  createdAt: '2026-11-01T10:00:00.000Z',
  lastUsedAt: null,
};

function renderSection(log: CallLog[]) {
  let tokens = [token];
  return render(
    <TestProviders
      log={log}
      handlers={{
        'tokens.list': () => ({ tokens, max: 20 }),
        'tokens.revoke': () => {
          tokens = [];
          return { ok: true };
        },
      }}
    >
      <ScriptTokensSection />
    </TestProviders>,
  );
}

const revokes = (log: CallLog[]) => log.filter((c) => c.path === 'tokens.revoke');

describe('revoking a script token', () => {
  it('asks first: Keep it revokes nothing; Revoke token revokes it and leaves the focus on New token', async () => {
    const user = userEvent.setup();
    const log: CallLog[] = [];
    renderSection(log);
    await user.click(await screen.findByRole('button', { name: 'Revoke nightly export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke "nightly export"?' });
    expect(dialog).toHaveTextContent('Scripts that use it are refused from now on. This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(revokes(log)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Revoke nightly export' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Revoke "nightly export"?' })).getByRole('button', {
        name: 'Revoke token',
      }),
    );
    await waitFor(() => expect(revokes(log)).toHaveLength(1));
    expect(revokes(log)[0]!.input).toEqual({ id: 'tok-1' });
    await screen.findByText('No script tokens yet.');
    expect(screen.getByRole('button', { name: 'New token' })).toHaveFocus();
  });
});
