import * as Tooltip from '@radix-ui/react-tooltip';
import { isCopyable } from '@waybill/contracts';
import { Check, Copy } from 'lucide-react';
import type { ReactNode } from 'react';
import { useCopy } from '../../hooks/use-copy.js';
import { TooltipBubble } from '../popup-layer/popup-layer.js';
import styles from './copy-button.module.css';

export interface CopyButtonProps {
  /** What goes to the clipboard; a non-string value disables the button. */
  value: string | null | undefined;
  /** Accessible name, e.g. 'Copy order reference'. */
  label: string;
  /** Visible text next to the icon (the reference, the warehouse code). */
  children?: ReactNode;
  /** Tooltip before copying ('Copy to Clipboard', 'Copy EAN Code'). */
  tooltip?: string;
  feedbackMs?: number;
  className?: string;
}

/** Copies on click and says 'Copied!' for 2 s. */
export function CopyButton({
  value,
  label,
  children,
  tooltip = 'Copy to Clipboard',
  feedbackMs,
  className,
}: CopyButtonProps) {
  const { copied, copy } = useCopy(feedbackMs);
  const disabled = !isCopyable(value);
  return (
    <Tooltip.Root open={copied ? true : undefined} delayDuration={400}>
      <Tooltip.Trigger asChild>
        <button
          type="button"
          className={[styles.button, className].filter(Boolean).join(' ')}
          aria-label={label}
          disabled={disabled}
          data-copied={copied || undefined}
          onClick={(e) => {
            e.stopPropagation();
            void copy(value);
          }}
        >
          {children ? <span className={styles.text}>{children}</span> : null}
          {copied ? <Check size={12} aria-hidden /> : <Copy size={12} aria-hidden className={styles.icon} />}
        </button>
      </Tooltip.Trigger>
      <TooltipBubble>{copied ? 'Copied!' : tooltip}</TooltipBubble>
      {copied ? (
        <span className="visually-hidden" role="status">
          Copied!
        </span>
      ) : null}
    </Tooltip.Root>
  );
}
