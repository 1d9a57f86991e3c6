import { BACK_TO_TOP_HEADER_OFFSET_PX } from '@waybill/contracts';
import { ArrowUp } from 'lucide-react';
import { type RefObject, useState } from 'react';
import { useWindowScroll } from '../../hooks/use-window-scroll.js';
import styles from './back-to-top.module.css';

/**
 * Shown when the table header is more than 40 px above the viewport and the footer is not in view
 * Pure so it can be tested without layout.
 */
export function shouldShowBackToTop(
  headerTop: number | null,
  footerTop: number | null,
  viewportHeight: number,
): boolean {
  if (headerTop === null) return false;
  const headerOut = headerTop < -BACK_TO_TOP_HEADER_OFFSET_PX;
  const footerVisible = footerTop !== null && footerTop < viewportHeight;
  return headerOut && !footerVisible;
}

export interface BackToTopProps {
  headerRef: RefObject<HTMLElement | null>;
  footerRef?: RefObject<HTMLElement | null>;
}

export function BackToTop({ headerRef, footerRef }: BackToTopProps) {
  const [visible, setVisible] = useState(false);
  useWindowScroll(
    () => {
      const header = headerRef.current?.getBoundingClientRect().top ?? null;
      const footer = footerRef?.current?.getBoundingClientRect().top ?? null;
      setVisible(shouldShowBackToTop(header, footer, window.innerHeight));
    },
    true,
    [headerRef, footerRef],
  );

  if (!visible) return null;
  return (
    <button
      type="button"
      className={styles.button}
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <ArrowUp size={14} aria-hidden />
      Back to Top
    </button>
  );
}
