import { afterEach, describe, expect, it } from 'vitest';
import {
  DETAIL_LAYER_ATTRIBUTE,
  detailKeyBlocked,
  dialogOverDetail,
  isPaletteKey,
  isTypingTarget,
  modalOpen,
  singleKeyBlocked,
} from './keyboard.js';

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

  it('lets the open detail have its keys, but not while typing, in a menu or under another dialog', () => {
    document.body.innerHTML = `<div role="dialog" ${DETAIL_LAYER_ATTRIBUTE}><button id="b"></button><textarea id="t"></textarea></div>`;
    const button = document.getElementById('b')!;
    expect(modalOpen()).toBe(true);
    expect(dialogOverDetail()).toBe(false);
    expect(detailKeyBlocked(key({ key: 'j' }, button))).toBe(false);
    expect(detailKeyBlocked(key({ key: 'j' }, document.getElementById('t')!))).toBe(true);
    expect(detailKeyBlocked(key({ key: 'j', metaKey: true }, button))).toBe(true);
    document.body.insertAdjacentHTML('beforeend', '<div role="menu" data-state="open"></div>');
    expect(detailKeyBlocked(key({ key: 'j' }, button))).toBe(true);
    document.querySelector('[role="menu"]')!.remove();
    document.body.insertAdjacentHTML('beforeend', '<div role="alertdialog"></div>');
    expect(dialogOverDetail()).toBe(true);
    expect(detailKeyBlocked(key({ key: 'j' }, button))).toBe(true);
  });

  it('opens the palette with Ctrl+K or Cmd+K only', () => {
    expect(isPaletteKey(key({ key: 'k', ctrlKey: true }))).toBe(true);
    expect(isPaletteKey(key({ key: 'K', metaKey: true }))).toBe(true);
    expect(isPaletteKey(key({ key: 'k' }))).toBe(false);
    expect(isPaletteKey(key({ key: 'k', ctrlKey: true, altKey: true }))).toBe(false);
  });
});
