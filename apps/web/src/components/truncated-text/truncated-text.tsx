import * as Tooltip from '@radix-ui/react-tooltip';
import { useCallback, useState } from 'react';
import { useResizeMeasure } from '../../hooks/use-resize-measure.js';
import { useTooltipOpen } from '../../hooks/use-tooltip-open.js';
import { TooltipBubble } from '../popup-layer/popup-layer.js';
import styles from './truncated-text.module.css';

export interface TruncatedTextProps {
  text: string;
  className?: string;
  testId?: string;
}

/**
 * A one-line text cut with an ellipsis when its room is too narrow. While cut it shows in full in a
 * tooltip on hover, on keyboard focus (it is focusable only then) and on a long press on a touch
 * screen, so every value can be read.
 */
export function TruncatedText({ text, className, testId }: TruncatedTextProps) {
  const [element, setElement] = useState<HTMLSpanElement | null>(null);
  const [cut, setCut] = useState(false);

  const measure = useCallback((el: HTMLSpanElement) => setCut(el.scrollWidth > el.clientWidth), []);
  useResizeMeasure(element, measure, text);
  const tip = useTooltipOpen(cut);

  return (
    <Tooltip.Root {...tip.root}>
      <Tooltip.Trigger asChild {...tip.trigger}>
        <span
          ref={setElement}
          className={className ? `${styles.text} ${className}` : styles.text}
          // Focusable only while cut: focus is how a keyboard user reads the tooltip.
          tabIndex={cut ? 0 : undefined}
          data-testid={testId}
          data-cut={cut || undefined}
        >
          {text}
        </span>
      </Tooltip.Trigger>
      <TooltipBubble testId="truncated-text-tooltip">{text}</TooltipBubble>
    </Tooltip.Root>
  );
}
