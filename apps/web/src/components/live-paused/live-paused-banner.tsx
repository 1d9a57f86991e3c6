import { elapsedText } from '@waybill/contracts';
import { PauseCircle } from 'lucide-react';
import { useNow } from '../../hooks/use-now.js';
import styles from './live-paused-banner.module.css';

/** How old the shown data is, in words: 'Live updates paused — data from 2 minutes ago; retrying'. */
export function livePausedText(dataAt: number, now: Date): string {
  return `Live updates paused — data from ${elapsedText(new Date(dataAt), now)} ago; retrying`;
}

export interface LivePausedBannerProps {
  /** When the rows on screen were fetched (ms epoch). */
  dataAt: number;
}

/**
 * Shown above a live list while the gateway reports that its refreshes fail: the rows stay on screen,
 * and this says how old they are. A status region, so screen readers announce it once, politely.
 */
export function LivePausedBanner({ dataAt }: LivePausedBannerProps) {
  const now = useNow(10_000);
  return (
    <div className={styles.banner} role="status" data-testid="live-paused">
      <PauseCircle size={16} aria-hidden />
      <span>{livePausedText(dataAt, now)}</span>
    </div>
  );
}
