import { BACK_TO_TOP_HEADER_OFFSET_PX } from '@waybill/contracts';
import { ArrowUp } from 'lucide-react';
import { type RefObject, useState } from 'react';
import { useWindowScroll } from '../../hooks/use-window-scroll.js';
import styles from './back-to-top.module.css';

/**
 * Shown once the table header's original position (a sticky header never leaves the view, so a
 * sentinel where it starts is measured) is more than 40 px above the viewport. By default down to the
 * list's end: the bottom of a long list is where a way back up is needed most. The orders list's rule
 * also hides it while its footer is in view (`footerInView`). Pure so it can be tested without layout.
 */
export function shouldShowBackToTop(headerTop: number | null, footerInView = false): boolean {
  if (headerTop === null || footerInView) return false;
  return headerTop < -BACK_TO_TOP_HEADER_OFFSET_PX;
}

/** Whether a box from top to bottom (viewport px) overlaps the viewport. */
export function inView(top: number | null, bottom: number | null, viewportHeight: number): boolean {
  return top !== null && bottom !== null && top < viewportHeight && bottom > 0;
}

/**
 * Smooth scroll up. The virtual table re-measures rows on the way up and moves the scroll position,
 * which can stop a smooth scroll midway: when it ends short of the top, jump the rest.
 */
function scrollToTop() {
  window.addEventListener(
    'scrollend',
    () => {
      if (window.scrollY > 0) window.scrollTo({ top: 0 });
    },
    { once: true },
  );
  window.scrollTo({ top: 0, behavior: 'smooth' });
}

export interface BackToTopProps {
  /** An element at the table header's original position (not the sticky header itself). */
  headerRef: RefObject<HTMLElement | null>;
  /**
   * The list footer, to hide the button while it is in view (the orders list's rule); without it the
   * list ends with room for the button.
   */
  hideAtFooter?: RefObject<HTMLElement | null>;
  /**
   * Where the keyboard focus goes once pressed: the button leaves the page as the list reaches the
   * top, and focus left on it would fall back to the page's start.
   */
  focusAfter: RefObject<HTMLElement | null>;
}

export function BackToTop({ headerRef, hideAtFooter, focusAfter }: BackToTopProps) {
  const [visible, setVisible] = useState(false);
  useWindowScroll(
    () => {
      const header = headerRef.current?.getBoundingClientRect().top ?? null;
      const footerBox = hideAtFooter?.current?.getBoundingClientRect() ?? null;
      const footerShown = inView(footerBox?.top ?? null, footerBox?.bottom ?? null, window.innerHeight);
      setVisible(shouldShowBackToTop(header, footerShown));
    },
    true,
    [headerRef, hideAtFooter],
  );

  return (
    <>
      {/* Room under the list's end, so there the button covers no row and no footer text. */}
      {hideAtFooter ? null : <div className={styles.room} aria-hidden />}
      {visible ? (
        <button
          type="button"
          className={styles.button}
          onClick={() => {
            scrollToTop();
            focusAfter.current?.focus({ preventScroll: true });
          }}
        >
          <ArrowUp size={14} aria-hidden />
          Back to Top
        </button>
      ) : null}
    </>
  );
}
