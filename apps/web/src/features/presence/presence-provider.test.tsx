import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PresenceSnapshot } from '@waybill/contracts';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { FollowButton } from '../../components/follow-button/follow-button.js';
import { PresenceAvatars } from '../../components/presence/presence-avatars.js';
import { PresenceMarker } from '../../components/presence/presence-marker.js';
import { useAnnouncePresence } from '../../hooks/use-presence.js';
import { type Emit, inputsOf, renderRoutes } from '../../test/trpc-mock.js';
import { PresenceProvider } from './presence-provider.js';

function Announce({ uid }: { uid: string | null }) {
  const [typing, setTyping] = useState(false);
  useAnnouncePresence(uid, typing);
  return (
    <button type="button" onClick={() => setTyping(true)}>
      type
    </button>
  );
}

function renderPresence(element: React.ReactNode, extra: Record<string, unknown> = {}) {
  let emit: Emit = () => {};
  const held: Array<{ orderUid: string; typing: boolean }> = [];
  const view = renderRoutes([{ path: '/', element: <PresenceProvider>{element}</PresenceProvider> }], '/', {
    handlers: {
      'presence.watch': (_input, send) => {
        emit = send;
      },
      'presence.here': (input) => {
        held.push(input as { orderUid: string; typing: boolean });
      },
      ...extra,
    },
  });
  return { ...view, held, emit: (s: PresenceSnapshot) => emit(s) };
}

describe('presence in the console', () => {
  it('shows avatars, who is typing, and the row marker from the one watch, live', async () => {
    const { emit } = renderPresence(
      <>
        <PresenceAvatars orderUid="ord_1" />
        <PresenceMarker orderUid="ord_1" />
        <PresenceMarker orderUid="ord_2" />
      </>,
    );
    await waitFor(() => emit({ orders: {} }));
    expect(screen.queryByTestId('presence-avatars')).toBeNull();
    emit({
      orders: {
        ord_1: [
          { uid: 'u1', name: 'Olivia Ops', typing: true },
          { uid: 'u2', name: 'Radu Stan', typing: false },
        ],
      },
    });
    const list = await screen.findByRole('list', { name: 'Also viewing this order' });
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'OOOlivia Ops, typing a comment',
      'RSRadu Stan',
    ]);
    expect(screen.getByTestId('presence-typing').textContent).toBe('Olivia Ops is typing…');
    expect(screen.getAllByTestId('presence-marker')).toHaveLength(1);
    expect(screen.getByRole('img', { name: 'Open by Olivia Ops, Radu Stan' })).toBeTruthy();
    emit({ orders: {} });
    await waitFor(() => expect(screen.queryByTestId('presence-avatars')).toBeNull());
    expect(screen.queryByTestId('presence-marker')).toBeNull();
  });

  it('announces the open order, again with typing when a draft starts, and nothing without an order', async () => {
    const { held } = renderPresence(<Announce uid="ord_1" />);
    await waitFor(() => expect(held).toEqual([{ orderUid: 'ord_1', typing: false }]));
    await userEvent.click(screen.getByRole('button', { name: 'type' }));
    await waitFor(() =>
      expect(held).toEqual([
        { orderUid: 'ord_1', typing: false },
        { orderUid: 'ord_1', typing: true },
      ]),
    );
    const none = renderPresence(<Announce uid={null} />);
    await userEvent.click(none.getAllByRole('button', { name: 'type' }).at(-1)!);
    await new Promise((r) => setTimeout(r, 50));
    expect(none.held).toEqual([]);
  });

  it('follows and unfollows from the button', async () => {
    let following = false;
    const { log } = renderPresence(<FollowButton orderUid="ord_1" />, {
      'notifications.following': () => ({ following }),
      'notifications.follow': (input: { follow: boolean }) => {
        following = input.follow;
        return { following };
      },
    });
    const button = await screen.findByRole('button', { name: 'Follow' });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    await userEvent.click(button);
    await screen.findByRole('button', { name: 'Following' });
    await userEvent.click(screen.getByRole('button', { name: 'Following' }));
    await screen.findByRole('button', { name: 'Follow' });
    expect(inputsOf(log, 'notifications.follow')).toEqual([
      { orderUid: 'ord_1', follow: true },
      { orderUid: 'ord_1', follow: false },
    ]);
  });
});
