import type { Page } from 'playwright-core';

/**
 * What does not fit the view: a page wider than the window (sideways scroll), and every visible
 * control or badge that lies partly outside the window sideways or is cut by an ancestor that hides
 * its overflow. A control's padding may be cut; what it shows (its content box) may not. Rows a
 * virtual list keeps below the window are not checked for the window's bottom edge, only its sides.
 */
export function viewProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width + 1)
      problems.push(`page ${document.documentElement.scrollWidth} px wide in a ${width} px window`);
    const px = (v: string) => Number.parseFloat(v) || 0;
    const contentBox = (el: Element) => {
      const r = el.getBoundingClientRect();
      const s = getComputedStyle(el);
      const left = px(s.paddingLeft) + px(s.borderLeftWidth);
      const right = px(s.paddingRight) + px(s.borderRightWidth);
      const top = px(s.paddingTop) + px(s.borderTopWidth);
      const bottom = px(s.paddingBottom) + px(s.borderBottomWidth);
      return new DOMRect(r.left + left, r.top + top, r.width - left - right, r.height - top - bottom);
    };
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    const targets = document.querySelectorAll(
      'a, button, input, select, textarea, [tabindex="0"], [data-testid$="badge"], [class*="badge"]',
    );
    for (const el of targets) {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || el.closest('[aria-hidden="true"]')) continue;
      const box = el.matches('a, button, input, select, textarea, [tabindex="0"]')
        ? contentBox(el)
        : el.getBoundingClientRect();
      if (box.width <= 0 || box.height <= 0) continue;
      if (box.left < -0.5 || box.right > width + 0.5) {
        problems.push(`${name(el)} off screen (${Math.round(box.left)}..${Math.round(box.right)})`);
        continue;
      }
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
        const clip = a.getBoundingClientRect();
        // A scrolling box cuts its content only sideways here: scrolling down reaches the rest.
        const scrollsDown = s.overflowY === 'auto' || s.overflowY === 'scroll';
        if (
          box.left < clip.left - 0.5 ||
          box.right > clip.right + 0.5 ||
          (!scrollsDown && (box.top < clip.top - 0.5 || box.bottom > clip.bottom + 0.5))
        ) {
          if (scrollsDown && box.top > clip.bottom) break;
          problems.push(`${name(el)} cut by ${a.tagName.toLowerCase()}.${String(a.className).slice(0, 60)}`);
          break;
        }
      }
    }
    // The banner's controls and texts sit side by side: none is drawn over another.
    const banner = [...document.querySelectorAll('header a, header button, header h1, header span')]
      .filter((el) => !el.closest('[aria-hidden="true"]') && !el.parentElement?.closest('a, button'))
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && box.height > 0);
    for (let i = 0; i < banner.length; i += 1) {
      for (let j = i + 1; j < banner.length; j += 1) {
        const [a, b] = [banner[i], banner[j]];
        if (!a || !b || a.el.contains(b.el) || b.el.contains(a.el)) continue;
        const overlap =
          Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left) > 0.5 &&
          Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top) > 0.5;
        if (overlap) problems.push(`banner: ${name(a.el)} overlaps ${name(b.el)}`);
      }
    }
    return problems;
  });
}

/** The sizes a layout check goes through: a small laptop, a tablet held upright, desktop screens. */
const CHECKED_SIZES = [
  { width: 1024, height: 768 },
  { width: 820, height: 1180 },
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
] as const;

/**
 * viewProblems at each size, each named by its width, the page left at `restore` after: what is
 * on screen now (an open dialog, a banner) must fit every size a shift is worked on.
 */
export async function problemsAtSizes(
  page: Page,
  restore: { width: number; height: number },
  sizes: readonly { width: number; height: number }[] = CHECKED_SIZES,
): Promise<string[]> {
  const found: string[] = [];
  for (const size of sizes) {
    await page.setViewportSize(size);
    for (const problem of await viewProblems(page)) found.push(`${size.width} px: ${problem}`);
  }
  await page.setViewportSize(restore);
  return found;
}
