import type { Page } from 'playwright-core';

/**
 * Whether the header's notification bell can be seen and used: on screen, topmost at its centre
 * (nothing drawn over it takes the click), and not hidden from assistive technology or the keyboard
 * by an ancestor (`aria-hidden`, `inert`), which `hiddenBy` names.
 */
export function bellState(p: Page) {
  return p.evaluate(() => {
    const bell = document.querySelector<HTMLElement>('[data-testid=notification-bell]');
    if (!bell) return { onScreen: false, topmost: false, hiddenBy: 'no bell' };
    const box = bell.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    const onScreen = box.width > 0 && x >= 0 && y >= 0 && x <= innerWidth && y <= innerHeight;
    const top = document.elementFromPoint(x, y);
    const hider = bell.closest('[aria-hidden="true"], [inert]');
    return {
      onScreen,
      topmost: top !== null && bell.contains(top),
      hiddenBy: hider ? `${hider.tagName.toLowerCase()}#${hider.id}` : null,
    };
  });
}

/** Whether the focus is inside the element with this test id. */
export function focusWithin(p: Page, testId: string): Promise<boolean> {
  return p.evaluate(
    (id) => document.querySelector(`[data-testid="${id}"]`)?.contains(document.activeElement) ?? false,
    testId,
  );
}

/**
 * Presses Shift+Tab until the bell has the focus, at most `presses` times (the bound keeps a focus
 * loop that never reaches it from hanging the test); whether it got there.
 */
export async function shiftTabToBell(p: Page, presses = 15): Promise<boolean> {
  for (let i = 0; i < presses; i += 1) {
    await p.keyboard.press('Shift+Tab');
    const reached = await p.evaluate(
      () => document.activeElement?.getAttribute('data-testid') === 'notification-bell',
    );
    if (reached) return true;
  }
  return false;
}
