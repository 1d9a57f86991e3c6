import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, useRef } from 'react';
import { useLocation } from 'react-router';
import { useScrollLock } from '../../hooks/use-scroll-lock.js';
import { ESCAPE_BELOW_TOASTS, escapePassedBelow } from '../../lib/escape-below-toasts.js';
import { PopupLayer, usePopupLayerElement } from '../popup-layer/popup-layer.js';
import { tabOutOfDetail, useEscapeStartedInPopup, useFocusOnArrival, useInertList } from './detail-layer.js';
import styles from './detail-layer.module.css';

export interface DetailLayerProps {
  open: boolean;
  onClose: () => void;
  /** The detail's own look (scrolling, background); placement and stacking are the layer's. */
  className?: string;
  testId: string;
  /** Where focus goes when it closes (the route opened it, so Radix has no trigger to return to). */
  onCloseAutoFocus: (event: Event) => void;
  children: ReactNode;
  /** Rendered beside the detail, outside it (e.g. a confirmation over it). */
  beside?: ReactNode;
  /**
   * The dialog's name, when its title is not one (an order's title is the button copying its
   * reference, which would name the dialog "Copy order reference …").
   */
  label?: string | undefined;
}

/**
 * A record's detail (an order, an inbound) opened from a list route: a non-modal dialog below the
 * app header, over the list made inert, with Tab going on to the header and focus following a record
 * opened into it from outside. Only a click on the dimmed list closes it.
 */
export function DetailLayer({
  open,
  onClose,
  className,
  testId,
  onCloseAutoFocus,
  children,
  beside,
  label,
}: DetailLayerProps) {
  useScrollLock(true);
  useInertList();
  const overlay = useRef<HTMLDivElement>(null);
  // The detail's popups (tooltips, menus) open inside it: the list under it is inert.
  const [content, setContent] = usePopupLayerElement();
  useFocusOnArrival(content, useLocation().key);
  const escapeInPopup = useEscapeStartedInPopup();

  return (
    <Dialog.Root
      open={open}
      modal={false}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <Dialog.Portal>
        <div ref={overlay} className={styles.overlay} aria-hidden />
        <Dialog.Content
          ref={setContent}
          className={className ? `${styles.content} ${className}` : styles.content}
          aria-describedby={undefined}
          {...(label ? { 'aria-label': label, 'aria-labelledby': undefined } : {})}
          data-testid={testId}
          // The detail is a dialog, yet not one that silences the palette and its own shortcuts.
          data-detail-layer=""
          {...{ [ESCAPE_BELOW_TOASTS]: '' }}
          onCloseAutoFocus={onCloseAutoFocus}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && escapePassedBelow(event.nativeEvent) && !escapeInPopup.current) {
              onClose();
              return;
            }
            tabOutOfDetail(event);
          }}
          onEscapeKeyDown={(event) => {
            if (escapeInPopup.current) event.preventDefault();
          }}
          onInteractOutside={(event) => {
            if (event.target !== overlay.current) event.preventDefault();
          }}
        >
          <PopupLayer element={content}>{children}</PopupLayer>
        </Dialog.Content>
      </Dialog.Portal>
      {beside}
    </Dialog.Root>
  );
}
