import type { Locator } from 'playwright-core';

export interface CutControls {
  /** One line per control or badge cut: '<row uid>: <element> cut by <ancestor>'. */
  problems: string[];
  /** Rows with a tracking number of 12 characters or more and a track link. */
  longTracking: number;
  /** The highest aria-rowindex among the rows. */
  lastRowIndex: number;
}

/**
 * Every control and badge of the given table rows, measured against each ancestor that hides its
 * overflow: a control cut at a column's edge lies partly outside one of them, though its own box may
 * still be inside its cell. A control's padding may be cut (the copy buttons' hover background sits
 * 4 px left of their text); what it shows (its content box) may not. A badge shows its whole box.
 */
export function cutControls(rows: Locator): Promise<CutControls> {
  return rows.evaluateAll((trs) => {
    const problems: string[] = [];
    let longTracking = 0;
    let lastRowIndex = 0;
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
      `${el.tagName.toLowerCase()} "${el.getAttribute('aria-label') ?? el.textContent?.trim() ?? ''}"`;
    for (const tr of trs) {
      const uid = (tr as HTMLElement).dataset.uid;
      lastRowIndex = Math.max(lastRowIndex, Number(tr.getAttribute('aria-rowindex')));
      const track = tr.querySelector('a[aria-label^="Track parcel "]');
      if (track && (track.getAttribute('aria-label') ?? '').slice('Track parcel '.length).length >= 12)
        longTracking += 1;
      const targets = tr.querySelectorAll(
        'a, button, input, [tabindex="0"], [data-testid="late-badge"], [class*="unread"], [class*="payment"]',
      );
      for (const el of targets) {
        const box = el.matches('a, button, input, [tabindex="0"]')
          ? contentBox(el)
          : el.getBoundingClientRect();
        if (box.width <= 0) continue;
        for (let a = el.parentElement; a && a !== tr.parentElement; a = a.parentElement) {
          const s = getComputedStyle(a);
          if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
          const clip = a.getBoundingClientRect();
          if (
            box.left < clip.left - 0.5 ||
            box.right > clip.right + 0.5 ||
            box.top < clip.top - 0.5 ||
            box.bottom > clip.bottom + 0.5
          ) {
            problems.push(`${uid}: ${name(el)} cut by ${a.tagName.toLowerCase()}.${a.className}`);
            break;
          }
        }
      }
    }
    return { problems, longTracking, lastRowIndex };
  });
}
