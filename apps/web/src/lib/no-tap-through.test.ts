import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installNoTapThrough } from './no-tap-through.js';

/** A touch (or mouse) going down on `target`. */
function pointerDown(target: Element, pointerType: string) {
  const down = new MouseEvent('pointerdown', { bubbles: true });
  Object.defineProperty(down, 'pointerType', { value: pointerType });
  target.dispatchEvent(down);
}

/** Dispatches a click on `target`; says whether it got through to a listener on it. */
function clickReaches(target: Element): boolean {
  let reached = false;
  const listener = () => {
    reached = true;
  };
  target.addEventListener('click', listener);
  target.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  target.removeEventListener('click', listener);
  return reached;
}

// One document for the file: the guard stays installed on it.
installNoTapThrough(document);

describe('installNoTapThrough', () => {
  let link: HTMLAnchorElement;
  beforeEach(() => {
    document.body.innerHTML =
      '<a href="#order">order</a><div data-radix-popper-content-wrapper><div role="menu" data-state="open"></div></div>';
    link = document.querySelector('a')!;
  });
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('swallows the click of a tap outside an open menu; the next tap clicks', () => {
    pointerDown(link, 'touch');
    expect(clickReaches(link)).toBe(false);
    document.querySelector('[data-radix-popper-content-wrapper]')!.remove();
    pointerDown(link, 'touch');
    expect(clickReaches(link)).toBe(true);
  });

  it('lets a click on the page itself through, where a popover closes on it', () => {
    pointerDown(document.documentElement, 'touch');
    expect(clickReaches(document.documentElement)).toBe(true);
  });

  it('leaves a mouse click outside alone', () => {
    pointerDown(link, 'mouse');
    expect(clickReaches(link)).toBe(true);
  });
});
