import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PresenceContext, PresenceStaleContext } from '../../hooks/use-presence.js';
import { BACK_ONLINE_MS, connectionStore, RECONNECTING_GRACE_MS } from '../../lib/connection-state.js';
import { PresenceAvatars } from '../presence/presence-avatars.js';
import { PresenceMarker } from '../presence/presence-marker.js';
import { ConnectionBanner } from './connection-banner.js';

describe('ConnectionBanner', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says reconnecting once a drop outlasts the grace, then back online for a moment', () => {
    render(<ConnectionBanner />);
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();

    act(() => connectionStore.report({ type: 'socket', down: true }));
    act(() => vi.advanceTimersByTime(RECONNECTING_GRACE_MS - 1));
    expect(region).toBeEmptyDOMElement();
    act(() => vi.advanceTimersByTime(1));
    expect(region).toHaveTextContent('Reconnecting…');

    act(() => vi.advanceTimersByTime(30_000));
    expect(region).toHaveTextContent('Reconnecting…');
    act(() => connectionStore.report({ type: 'socket', down: false }));
    expect(region).toHaveTextContent('Back online');
    act(() => vi.advanceTimersByTime(BACK_ONLINE_MS));
    expect(region).toBeEmptyDOMElement();
  });

  it('counts the browser going offline as a drop too', () => {
    render(<ConnectionBanner />);
    act(() => connectionStore.report({ type: 'network', online: false }));
    act(() => vi.advanceTimersByTime(RECONNECTING_GRACE_MS));
    expect(screen.getByRole('status')).toHaveTextContent('Reconnecting…');
  });

  it('shows nothing for a drop shorter than the grace', () => {
    render(<ConnectionBanner />);
    act(() => connectionStore.report({ type: 'socket', down: true }));
    act(() => vi.advanceTimersByTime(100));
    act(() => connectionStore.report({ type: 'socket', down: false }));
    act(() => vi.advanceTimersByTime(BACK_ONLINE_MS));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});

describe('presence while the connection is lost', () => {
  const viewers = { 'ord-1': [{ uid: 'u2', name: 'Ana Pop', typing: true }] };

  it('greys the avatars and the row marker and says they may be out of date', () => {
    render(
      <PresenceContext.Provider value={viewers}>
        <PresenceStaleContext.Provider value={true}>
          <PresenceAvatars orderUid="ord-1" />
          <PresenceMarker orderUid="ord-1" />
        </PresenceStaleContext.Provider>
      </PresenceContext.Provider>,
    );
    expect(screen.getByTestId('presence-avatars')).toHaveAttribute('data-stale');
    expect(
      screen.getByRole('list', { name: 'Also viewing this order (may be out of date)' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('presence-typing')).toHaveTextContent(
      'Ana Pop is typing… (may be out of date)',
    );
    expect(screen.getByRole('img', { name: 'Open by Ana Pop (may be out of date)' })).toHaveAttribute(
      'data-stale',
    );
  });

  it('shows them as usual while connected', () => {
    render(
      <PresenceContext.Provider value={viewers}>
        <PresenceAvatars orderUid="ord-1" />
        <PresenceMarker orderUid="ord-1" />
      </PresenceContext.Provider>,
    );
    expect(screen.getByTestId('presence-avatars')).not.toHaveAttribute('data-stale');
    expect(screen.getByRole('img', { name: 'Open by Ana Pop' })).toBeInTheDocument();
  });
});
