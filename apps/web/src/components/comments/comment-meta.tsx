import { useCallback, useState } from 'react';
import { useResizeMeasure } from '../../hooks/use-resize-measure.js';
import styles from './comment-overview.module.css';

/** Author and age of the latest comment as one segment; without an age there is no separator. */
export function commentByline(author: string, age: string | null): string {
  return age ? `${author} · ${age}` : author;
}

/** Whether the byline is cut (ellipsis) or not drawn at all (no room for a few characters). */
export function isBylineShort(element: HTMLElement): boolean {
  return getComputedStyle(element).display === 'none' || element.scrollWidth > element.clientWidth;
}

export interface CommentMetaProps {
  more: string | null;
  badge: string | null;
  byline: string;
  /** Told whenever the byline turns cut or hidden, or whole again. */
  onShortChange: (short: boolean) => void;
}

/**
 * The line under the latest comment: '+ N comments' and 'N New' first, as they must always show
 * whole, then author · age in the room they leave. The byline is hidden from assistive technology:
 * the link names it in full whether it is drawn or not.
 */
export function CommentMeta({ more, badge, byline, onShortChange }: CommentMetaProps) {
  const [element, setElement] = useState<HTMLSpanElement | null>(null);

  // The text's own box follows its room, and turns 0 × 0 when the room is too small to show it.
  const measure = useCallback((el: HTMLSpanElement) => onShortChange(isBylineShort(el)), [onShortChange]);
  useResizeMeasure(element, measure, byline);

  return (
    <span className={styles.meta} data-testid="comment-overview-meta">
      {more ? <span className={styles.more}>{more}</span> : null}{' '}
      {badge ? (
        <span className={styles.unread} data-testid="unread-badge">
          {badge}
        </span>
      ) : null}{' '}
      <span className={styles.byline} aria-hidden>
        <span ref={setElement} className={styles.bylineText} data-testid="comment-overview-byline">
          {byline}
        </span>
      </span>
    </span>
  );
}
