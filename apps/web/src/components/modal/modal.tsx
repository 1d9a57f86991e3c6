import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useScrollLock } from '../../hooks/use-scroll-lock.js';
import { ESCAPE_BELOW_TOASTS, escapePassedBelow } from '../../lib/escape-below-toasts.js';
import { useReturnFocus } from '../../lib/focus-return.js';
import { PopupLayer } from '../popup-layer/popup-layer.js';
import styles from './modal.module.css';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** While a call runs the modal cannot be dismissed (the cancel button is hidden too). */
  busy?: boolean;
  width?: number;
  testId?: string;
}

/**
 * Accessible modal: focus trap, Escape/close button, page scroll locked while open, and the focus
 * back on what opened it when it closes.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  busy,
  width,
  testId,
}: ModalProps) {
  useScrollLock(open);
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.content}
          style={width ? { width } : undefined}
          data-testid={testId}
          aria-describedby={undefined}
          {...{ [ESCAPE_BELOW_TOASTS]: '' }}
          onKeyDown={(event) => {
            if (event.key !== 'Escape' || !escapePassedBelow(event.nativeEvent)) return;
            // Only this, the innermost dialog, closes: a detail under it keeps the press from now on.
            event.stopPropagation();
            if (!busy) onClose();
          }}
          onCloseAutoFocus={returnFocus}
          onOpenAutoFocus={(event) => {
            // A form's first field marked data-autofocus takes the focus instead of Close.
            const field = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>(
              '[data-autofocus]',
            );
            if (field) {
              event.preventDefault();
              field.focus();
            }
          }}
        >
          <div className={styles.header}>
            <Dialog.Title className={styles.title}>{title}</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label="Close" disabled={busy}>
              <X size={16} aria-hidden />
            </Dialog.Close>
          </div>
          {/* Popups at the end of body: the content's transform and scrolling would clip them. */}
          <PopupLayer element={null}>
            {description ? <div className={styles.description}>{description}</div> : null}
            {children ? <div className={styles.body}>{children}</div> : null}
            {footer ? <div className={styles.footer}>{footer}</div> : null}
          </PopupLayer>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
