import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { moveBetweenTabs } from './tab-keys.js';

function Tabs() {
  const [shown, setShown] = useState('a');
  return (
    <div role="tablist" onKeyDown={moveBetweenTabs}>
      {['a', 'b', 'c'].map((id) => (
        <button
          key={id}
          type="button"
          role="tab"
          aria-selected={shown === id}
          tabIndex={shown === id ? 0 : -1}
          onClick={() => setShown(id)}
        >
          {id}
        </button>
      ))}
    </div>
  );
}

const selected = () => screen.getByRole('tab', { selected: true }).textContent;

describe('moveBetweenTabs', () => {
  it('moves the focus and the shown tab with the arrows (wrapping), Home and End', () => {
    render(<Tabs />);
    screen.getByRole('tab', { name: 'a' }).focus();
    const press = (key: string) => fireEvent.keyDown(document.activeElement as Element, { key });
    press('ArrowRight');
    expect(selected()).toBe('b');
    expect(document.activeElement?.textContent).toBe('b');
    press('End');
    expect(selected()).toBe('c');
    press('ArrowRight');
    expect(selected()).toBe('a');
    press('ArrowLeft');
    expect(selected()).toBe('c');
    press('Home');
    expect(selected()).toBe('a');
    expect(document.activeElement?.textContent).toBe('a');
    // Other keys, and arrows with a modifier (the browser's own), are left alone.
    press('ArrowDown');
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight', altKey: true });
    expect(selected()).toBe('a');
  });

  it('keeps only the shown tab in the Tab order', () => {
    render(<Tabs />);
    screen.getByRole('tab', { name: 'a' }).focus();
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([-1, 0, -1]);
  });
});
