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

/** A segment of a comment overview's meta line other than the count and the badge (author · age). */
export interface CommentMetaSegment {
  uid: string;
  /** Its whole text. */
  text: string;
  /** Drawn whole, drawn in part, or not drawn at all. */
  state: 'whole' | 'cut' | 'hidden';
}

export interface CommentMetaReport {
  /** One line per count or badge not drawn whole, and per segment drawn as a sliver. */
  problems: string[];
  segments: CommentMetaSegment[];
  /** Rows with comments (a meta line) among the given rows. */
  lines: number;
}

/**
 * The meta line under each row's latest comment. '+ N comments' and 'N New' are drawn whole; any
 * other segment is drawn either not at all or at least 2.5 em wide (about four characters), never
 * as a sliver such as '·.'. A text counts as drawn where its own box lies inside every ancestor up
 * to its row that hides its overflow (an ellipsis cut leaves the text's box whole, its clip not).
 */
export function commentMetaLines(rows: Locator): Promise<CommentMetaReport> {
  return rows.evaluateAll((trs) => {
    const problems: string[] = [];
    const segments: CommentMetaSegment[] = [];
    let lines = 0;
    const required = /^(\+ \d+ comments?|\d+ New)$/;
    for (const tr of trs) {
      const uid = (tr as HTMLElement).dataset.uid ?? '';
      const latest = tr.querySelector('[data-testid="comment-overview-text"]');
      if (!latest) continue;
      const meta = latest.nextElementSibling;
      if (!meta) {
        problems.push(`${uid}: no meta line under the latest comment`);
        continue;
      }
      lines += 1;
      for (const part of meta.children) {
        const text = (part.textContent ?? '').replace(/\s+/g, ' ').trim();
        if (text === '') continue;
        let drawnLeft = Number.POSITIVE_INFINITY;
        let drawnRight = Number.NEGATIVE_INFINITY;
        let shownLeft = Number.POSITIVE_INFINITY;
        let shownRight = Number.NEGATIVE_INFINITY;
        const walker = document.createTreeWalker(part, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          const box = range.getBoundingClientRect();
          if (box.width <= 0) continue;
          drawnLeft = Math.min(drawnLeft, box.left);
          drawnRight = Math.max(drawnRight, box.right);
          let left = box.left;
          let right = box.right;
          for (let a = node.parentElement; a && a !== tr; a = a.parentElement) {
            const s = getComputedStyle(a);
            if (s.overflowX === 'visible') continue;
            const clip = a.getBoundingClientRect();
            left = Math.max(left, clip.left);
            right = Math.min(right, clip.right);
          }
          if (right > left) {
            shownLeft = Math.min(shownLeft, left);
            shownRight = Math.max(shownRight, right);
          }
        }
        const drawn = Math.max(0, drawnRight - drawnLeft);
        const shown = Math.max(0, shownRight - shownLeft);
        const state = shown <= 0 ? 'hidden' : shown < drawn - 0.5 ? 'cut' : 'whole';
        const em = Number.parseFloat(getComputedStyle(part).fontSize) || 16;
        if (required.test(text)) {
          if (state !== 'whole') problems.push(`${uid}: "${text}" ${state}`);
          continue;
        }
        if (state !== 'hidden' && shown < 2.5 * em)
          problems.push(`${uid}: "${text}" drawn ${shown.toFixed(1)} px wide (of ${drawn.toFixed(1)})`);
        segments.push({ uid, text, state });
      }
    }
    return { problems, segments, lines };
  });
}
