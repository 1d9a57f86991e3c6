import { useEffect, useState } from 'react';
import styles from './toast.module.css';

const secondsLeft = (until: number) => Math.max(0, Math.ceil((until - Date.now()) / 1000));

/**
 * The seconds left to undo, ticking. Not a live region: the toast's title is announced once, politely,
 * and a number read out every second would drown everything else.
 */
export function UndoCountdown({ until }: { until: number }) {
  const [left, setLeft] = useState(() => secondsLeft(until));
  useEffect(() => {
    const timer = setInterval(() => setLeft(secondsLeft(until)), 250);
    return () => clearInterval(timer);
  }, [until]);
  return (
    <div className={styles.description} data-testid="undo-countdown">
      Sent in {left} s unless undone
    </div>
  );
}
