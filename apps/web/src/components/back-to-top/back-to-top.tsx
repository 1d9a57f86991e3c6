import { BACK_TO_TOP_HEADER_OFFSET_PX } from '@waybill/contracts';
import { ArrowUp } from 'lucide-react';
import { type RefObject, useState } from 'react';
import { useWindowScroll } from '../../hooks/use-window-scroll.js';
import styles from './back-to-top.module.css';

/**
 * Shown once the table header is more than 40 px above the viewport, down to the list's end: the
 * bottom of a long list is where a way back up is needed most. Pure so it can be tested without layout.
 */
export function shouldShowBackToTop(headerTop: number | null): boolean {
  if (headerTop === null) return false;
  return headerTop < -BACK_TO_TOP_HEADER_OFFSET_PX;
}

/** While the list footer is in view the button rides above it (px), so it covers none of its text. */
export function backToTopLift(footerTop: number | null, viewportHeight: number): number {
  if (footerTop === null || footerTop >= viewportHeight) return 0;
  return Math.round(viewportHeight - footerTop);
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
  headerRef: RefObject<HTMLElement | null>;
  footerRef?: RefObject<HTMLElement | null>;
}

export function BackToTop({ headerRef, footerRef }: BackToTopProps) {
  const [visible, setVisible] = useState(false);
  const [lift, setLift] = useState(0);
  useWindowScroll(
    () => {
      const header = headerRef.current?.getBoundingClientRect().top ?? null;
      const footer = footerRef?.current?.getBoundingClientRect().top ?? null;
      setVisible(shouldShowBackToTop(header));
      setLift(backToTopLift(footer, window.innerHeight));
    },
    true,
    [headerRef, footerRef],
  );

  if (!visible) return null;
  return (
    <button
      type="button"
      className={styles.button}
      style={lift > 0 ? { bottom: `calc(var(--space-6) + ${lift}px)` } : undefined}
      onClick={scrollToTop}
    >
      <ArrowUp size={14} aria-hidden />
      Back to Top
    </button>
  );
}
