import type { Page } from 'playwright-core';

// Waits on what the page has done, not on a stretch of time: on a loaded machine the page may take
// any time to get there, and a fixed pause either wastes time or ends too early.

/**
 * Resolves once the page has drawn `frames` more frames. A scroll's handlers run in the next frame
 * (the lists check their scroll position once per frame), and what they render is drawn by the one
 * after: two frames after a scroll or a click, the page shows its outcome.
 */
export function framesDrawn(page: Page, frames = 2): Promise<void> {
  return page.evaluate(
    (n) =>
      new Promise<void>((resolve) => {
        const step = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
        step(n);
      }),
    frames,
  );
}

/**
 * Scrolls the window to `y` and waits until the page has handled the scroll and the virtual table
 * `table` has rendered rows over all of its body that the window shows (not a spacer). The window
 * may end up short of `y`: at the page's end, or where the table moved it as rows were measured.
 */
export async function scrollTableTo(page: Page, y: number, table = 'table'): Promise<void> {
  await page.evaluate((top) => window.scrollTo(0, top), y);
  await framesDrawn(page);
  await page.waitForFunction(
    (selector) => {
      const body = document.querySelector(`${selector} tbody`);
      if (!body) return false;
      const box = body.getBoundingClientRect();
      const [from, to] = [Math.max(0, box.top), Math.min(window.innerHeight, box.bottom)];
      if (to <= from) return true;
      const rows = [...body.querySelectorAll(':scope > tr:not([data-spacer])')].map((r) =>
        r.getBoundingClientRect(),
      );
      return rows.length > 0 && rows[0]!.top <= from + 1 && rows.at(-1)!.bottom >= to - 1;
    },
    table,
    { timeout: 20_000, polling: 'raf' },
  );
}

/**
 * Scrolls to the bottom until infinite scroll has loaded the whole list and the window is at the
 * page's end: no 'Loading' placeholder rows are left (lists show them while more rows exist) and,
 * for a list that shows one at its end instead, `endMarker` is there.
 */
export async function scrollToListEnd(page: Page, endMarker?: string): Promise<void> {
  await page.waitForFunction(
    (marker) => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      const loading = document.querySelector('[role="status"][aria-label="Loading"]');
      const ended = !marker || document.querySelector(marker) !== null;
      const atEnd = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
      return !loading && ended && atEnd;
    },
    endMarker,
    { timeout: 60_000, polling: 'raf' },
  );
}

/**
 * Moves the pointer off whatever it hovers, to the page's top-left corner, so that any tooltip
 * closes. A tooltip's content can be hovered, so it checks where the pointer is on the move *after*
 * the pointer left its trigger: a pointer that stops right after leaving a trigger crossed on the
 * way would leave that tooltip open. The last small move is that check.
 */
export async function movePointerAway(page: Page): Promise<void> {
  await page.mouse.move(0, 0, { steps: 5 });
  await page.mouse.move(4, 4, { steps: 2 });
}
