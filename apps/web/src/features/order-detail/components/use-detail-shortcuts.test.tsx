import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDetailShortcuts } from './use-detail-shortcuts.js';

const press = (key: string, target: EventTarget = document.body) => {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
  target.dispatchEvent(event);
  return event;
};

afterEach(() => {
  document.body.innerHTML = '';
});

describe('useDetailShortcuts', () => {
  it('maps j/k/s/e/c to their handlers over the open detail, and leaves keys it has no handler for', () => {
    document.body.innerHTML = '<div role="dialog" data-detail-layer><button id="b"></button></div>';
    const handlers = {
      onNext: vi.fn(),
      onPrevious: vi.fn(),
      onStatusMenu: vi.fn(),
      onEscalate: vi.fn(),
      onComment: vi.fn(),
    };
    const { unmount } = renderHook(() => useDetailShortcuts(handlers));
    const button = document.getElementById('b')!;
    for (const key of ['j', 'k', 's', 'e', 'c']) expect(press(key, button).defaultPrevented).toBe(true);
    for (const handler of Object.values(handlers)) expect(handler).toHaveBeenCalledTimes(1);
    expect(press('x', button).defaultPrevented).toBe(false);
    unmount();
    press('j', button);
    expect(handlers.onNext).toHaveBeenCalledTimes(1);
  });

  it('handles only the keys it is given, and none while typing, in a menu or under another dialog', () => {
    document.body.innerHTML =
      '<div role="dialog" data-detail-layer><textarea id="t"></textarea></div><div id="menu" role="menu" data-state="open"></div>';
    const onNext = vi.fn();
    renderHook(() => useDetailShortcuts({ onNext }));
    expect(press('s').defaultPrevented).toBe(false);
    press('j');
    expect(onNext).not.toHaveBeenCalled();
    document.getElementById('menu')!.remove();
    press('j', document.getElementById('t')!);
    expect(onNext).not.toHaveBeenCalled();
    document.body.insertAdjacentHTML('beforeend', '<div role="dialog"></div>');
    press('j');
    expect(onNext).not.toHaveBeenCalled();
    document.body.lastElementChild!.remove();
    press('j');
    expect(onNext).toHaveBeenCalledTimes(1);
  });
});
