import * as Tooltip from '@radix-ui/react-tooltip';
import { AlertTriangle } from 'lucide-react';
import { TooltipBubble } from '../../../components/index.js';
import { useTooltipOpen } from '../../../hooks/use-tooltip-open.js';
import styles from './store-health.module.css';

/**
 * "Needs attention" on a store row; the reason ("orders −64 % vs 4-week average") shows in a tooltip
 * on hover, on keyboard focus and on a long press on a touch screen, and is part of the badge's text for screen readers.
 */
export function StoreHealthBadge({ reason }: { reason: string }) {
  const tip = useTooltipOpen();
  return (
    <Tooltip.Root {...tip.root}>
      <Tooltip.Trigger asChild {...tip.trigger}>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: focus is how a keyboard user reads the reason. */}
        <span className={styles.badge} tabIndex={0} data-testid="health-badge">
          <AlertTriangle size={11} aria-hidden />
          <span className={styles.words}>Needs attention</span>
          <span className="visually-hidden">: {reason}</span>
        </span>
      </Tooltip.Trigger>
      <TooltipBubble testId="health-tooltip">{reason}</TooltipBubble>
    </Tooltip.Root>
  );
}
