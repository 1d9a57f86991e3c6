import { afterEach, describe, expect, it } from 'vitest';
import { isPaletteKey, isTypingTarget, modalOpen, singleKeyBlocked } from './keyboard.js';

const key = (init: KeyboardEventInit, target: EventTarget = document.body) => {
  const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
  let seen: KeyboardEvent | null = null;
  const listener = (e: Event) => {
    seen = e as KeyboardEvent;
  };
  document.addEventListener('keydown', listener);
  target.dispatchEvent(event);
  document.removeEventListener('keydown', listener);
  return seen as unknown as KeyboardEvent;
};

afterEach(() => {
  document.body.innerHTML = '';
});

describe('keyboard shortcut rules', () => {
  it('knows typing targets', () => {
    document.body.innerHTML =
      '<input id="i"><textarea id="t"></textarea><select id="s"></select><div id="e" contenteditable="true"></div><button id="b"></button>';
    for (const id of ['i', 't', 's']) expect(isTypingTarget(document.getElementById(id))).toBe(true);
    const editable = document.getElementById('e')!;
    // jsdom does not compute isContentEditable; browsers do.
    Object.defineProperty(editable, 'isContentEditable', { value: true });
    expect(isTypingTarget(editable)).toBe(true);
    expect(isTypingTarget(document.getElementById('b'))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });

  it('blocks single keys while typing, with a modal open, or with a modifier', () => {
    document.body.innerHTML = '<input id="i"><div id="row" tabindex="-1"></div>';
    const row = document.getElementById('row')!;
    expect(singleKeyBlocked(key({ key: 'j' }, row))).toBe(false);
    expect(singleKeyBlocked(key({ key: 'j' }, document.getElementById('i')!))).toBe(true);
    expect(singleKeyBlocked(key({ key: 'j', ctrlKey: true }, row))).toBe(true);
    expect(singleKeyBlocked(key({ key: 'j', altKey: true }, row))).toBe(true);
    document.body.insertAdjacentHTML('beforeend', '<div role="dialog" data-state="closed"></div>');
    expect(modalOpen()).toBe(false);
    document.body.insertAdjacentHTML('beforeend', '<div role="dialog"></div>');
    expect(modalOpen()).toBe(true);
    expect(singleKeyBlocked(key({ key: 'j' }, row))).toBe(true);
  });

  it('opens the palette with Ctrl+K or Cmd+K only', () => {
    expect(isPaletteKey(key({ key: 'k', ctrlKey: true }))).toBe(true);
    expect(isPaletteKey(key({ key: 'K', metaKey: true }))).toBe(true);
    expect(isPaletteKey(key({ key: 'k' }))).toBe(false);
    expect(isPaletteKey(key({ key: 'k', ctrlKey: true, altKey: true }))).toBe(false);
  });
});
