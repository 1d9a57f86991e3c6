import { act, renderHook } from '@testing-library/react';
import type { PointerEvent } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LONG_PRESS_MS, useTooltipOpen } from './use-tooltip-open.js';

const pointer = (pointerType: string, clientX = 10, clientY = 10) =>
  ({
    pointerType,
    clientX,
    clientY,
    currentTarget: { ownerDocument: document },
  }) as unknown as PointerEvent<HTMLElement>;

/** Dispatches a click on the body and says whether it got through to a listener on the body. */
function clickReachesPage(): boolean {
  let reached = false;
  const listener = () => {
    reached = true;
  };
  document.body.addEventListener('click', listener);
  document.body.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  document.body.removeEventListener('click', listener);
  return reached;
}

describe('useTooltipOpen', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens on a long touch press and swallows the press’s click, so the control is not pressed', () => {
    const { result } = renderHook(() => useTooltipOpen());
    act(() => result.current.trigger.onPointerDown(pointer('touch')));
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS - 1));
    expect(result.current.root.open).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.root.open).toBe(true);
    act(() => result.current.trigger.onPointerUp());
    expect(clickReachesPage()).toBe(false);
    // The next tap's click goes where it aims.
    document.dispatchEvent(new Event('pointerdown'));
    expect(clickReachesPage()).toBe(true);
  });

  it('keeps the browser’s own long-press menu from covering the tooltip it opened', () => {
    const { result } = renderHook(() => useTooltipOpen());
    const menu = { preventDefault: vi.fn() };
    result.current.trigger.onContextMenu(menu);
    expect(menu.preventDefault).not.toHaveBeenCalled();
    act(() => result.current.trigger.onPointerDown(pointer('touch')));
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS));
    result.current.trigger.onContextMenu(menu);
    expect(menu.preventDefault).toHaveBeenCalledOnce();
    document.dispatchEvent(new Event('pointerdown'));
  });

  it('does not open on a short tap, a scroll, or a mouse press', () => {
    const { result } = renderHook(() => useTooltipOpen());
    act(() => result.current.trigger.onPointerDown(pointer('touch')));
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS / 2));
    act(() => result.current.trigger.onPointerUp());
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS));
    expect(result.current.root.open).toBe(false);

    act(() => result.current.trigger.onPointerDown(pointer('touch', 10, 10)));
    act(() => result.current.trigger.onPointerMove(pointer('touch', 10, 25)));
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS));
    expect(result.current.root.open).toBe(false);

    act(() => result.current.trigger.onPointerDown(pointer('touch')));
    act(() => result.current.trigger.onPointerCancel());
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS));
    expect(result.current.root.open).toBe(false);

    act(() => result.current.trigger.onPointerDown(pointer('mouse')));
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS));
    expect(result.current.root.open).toBe(false);
    expect(clickReachesPage()).toBe(true);
  });

  it('stays shut, and lets the click through, while there is nothing to add', () => {
    let cut = false;
    const { result } = renderHook(() => useTooltipOpen(() => cut));
    act(() => result.current.trigger.onPointerDown(pointer('touch')));
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS));
    expect(result.current.root.open).toBe(false);
    expect(clickReachesPage()).toBe(true);
    // Hover or focus asks too.
    act(() => result.current.root.onOpenChange(true));
    expect(result.current.root.open).toBe(false);
    cut = true;
    act(() => result.current.root.onOpenChange(true));
    expect(result.current.root.open).toBe(true);
  });

  it('a boolean rule closes an open tooltip as soon as it turns false', () => {
    const { result, rerender } = renderHook(({ allowed }) => useTooltipOpen(allowed), {
      initialProps: { allowed: true },
    });
    act(() => result.current.root.onOpenChange(true));
    expect(result.current.root.open).toBe(true);
    rerender({ allowed: false });
    expect(result.current.root.open).toBe(false);
  });
});
