import { elapsedText } from '@waybill/contracts';
import { Unplug } from 'lucide-react';
import { BLOCKED_REFRESH_MS } from '../../hooks/use-live-list.js';
import { useNow } from '../../hooks/use-now.js';
import { Button } from '../button/button.js';
import styles from './live-paused-banner.module.css';

/** 'Live updates cannot reach this browser — data from 12 seconds ago, read again every 30 seconds'. */
export function liveBlockedText(dataAt: number, now: Date): string {
  const every = Math.round(BLOCKED_REFRESH_MS / 1000);
  return `Live updates cannot reach this browser (its network blocks them) — data from ${elapsedText(new Date(dataAt), now)} ago, read again every ${every} seconds`;
}

export interface LiveBlockedBannerProps {
  /** When the rows on screen were read (ms epoch). */
  dataAt: number;
  onRefresh: () => void;
}

/**
 * Shown above a list whose live updates never got through (a proxy or firewall blocks websockets):
 * it says how old the rows are and how often they are read again, and offers a read now.
 */
export function LiveBlockedBanner({ dataAt, onRefresh }: LiveBlockedBannerProps) {
  const now = useNow(10_000);
  return (
    <div className={styles.banner} role="status" data-testid="live-blocked">
      <Unplug size={16} aria-hidden />
      <span className={styles.text}>{liveBlockedText(dataAt, now)}</span>
      <Button size="sm" onClick={onRefresh}>
        Refresh
      </Button>
    </div>
  );
}
