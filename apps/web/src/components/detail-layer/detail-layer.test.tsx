import { fireEvent, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tabOutOfDetail, useFocusOnArrival, useInertList } from './detail-layer.js';
import { DetailLayer } from './detail-layer-view.js';

function Layer({ open }: { open: boolean }) {
  return open ? <Inert /> : null;
}
function Inert() {
  useInertList();
  return null;
}

describe('useInertList', () => {
  it('makes the list in main inert while the detail is mounted, and live again after', () => {
    const main = document.body.appendChild(document.createElement('main'));
    const { rerender, unmount } = render(<Layer open />);
    expect(main.hasAttribute('inert')).toBe(true);
    rerender(<Layer open={false} />);
    expect(main.hasAttribute('inert')).toBe(false);
    unmount();
    main.remove();
  });
});

function Detail({ at }: { at: string }) {
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  useFocusOnArrival(box, at);
  return (
    <div ref={setBox} tabIndex={-1} data-testid="box">
      <button type="button">Next order</button>
    </div>
  );
}

describe('useFocusOnArrival', () => {
  it('focuses the detail when another order arrives while the focus is outside it', () => {
    const outside = document.body.appendChild(document.createElement('button'));
    const { getByTestId, rerender, unmount } = render(<Detail at="a" />);
    outside.focus();
    // Mounting is the dialog's own affair (its first control gets the focus).
    expect(document.activeElement).toBe(outside);
    rerender(<Detail at="b" />);
    expect(document.activeElement).toBe(getByTestId('box'));
    unmount();
    outside.remove();
  });

  it('leaves the focus where it is inside the detail (the arrows)', () => {
    const { getByRole, rerender, unmount } = render(<Detail at="a" />);
    const next = getByRole('button', { name: 'Next order' });
    next.focus();
    rerender(<Detail at="b" />);
    expect(document.activeElement).toBe(next);
    unmount();
  });
});

describe('tabOutOfDetail', () => {
  // jsdom lays nothing out: every element counts as rendered.
  beforeEach(() => {
    vi.spyOn(Element.prototype, 'getClientRects').mockReturnValue([{}] as unknown as DOMRectList);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  function page() {
    render(
      <>
        <header>
          <a href="/realtime">Realtime</a>
          <button type="button">Notifications</button>
        </header>
        <main inert>
          <button type="button">Row</button>
        </main>
        <div role="dialog" aria-label="Order" tabIndex={-1} onKeyDown={tabOutOfDetail}>
          <button type="button">Previous order</button>
          <button type="button">Close</button>
        </div>
      </>,
    );
    return (name: string) => screen.getByRole('button', { name });
  }

  it('Shift+Tab before the first control goes to the header above, past the inert list', () => {
    const button = page();
    button('Previous order').focus();
    expect(fireEvent.keyDown(button('Previous order'), { key: 'Tab', shiftKey: true })).toBe(false);
    expect(document.activeElement).toBe(button('Notifications'));
  });

  it('Tab past the last control comes round to the top of the page', () => {
    const button = page();
    button('Close').focus();
    expect(fireEvent.keyDown(button('Close'), { key: 'Tab' })).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Realtime' }));
  });

  it('leaves Tab inside the detail to the browser', () => {
    const button = page();
    button('Previous order').focus();
    expect(fireEvent.keyDown(button('Previous order'), { key: 'Tab' })).toBe(true);
    expect(document.activeElement).toBe(button('Previous order'));
  });
});

/** A popup that, like a menu closing on Escape, is gone before the detail's own Escape handler runs. */
function VanishingMenu() {
  const [open, setOpen] = useState(true);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') flushSync(() => setOpen(false));
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, []);
  return open ? <div role="menu" aria-label="Order options" tabIndex={-1} /> : null;
}

describe('DetailLayer and Escape', () => {
  it('an Escape that closes a menu over the detail leaves the detail open; the next one closes it', () => {
    const onClose = vi.fn();
    render(
      <MemoryRouter>
        <DetailLayer open onClose={onClose} testId="detail" onCloseAutoFocus={() => {}}>
          <VanishingMenu />
        </DetailLayer>
      </MemoryRouter>,
    );
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(screen.getByTestId('detail'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
