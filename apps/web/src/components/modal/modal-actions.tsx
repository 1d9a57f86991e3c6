import { Button, type ButtonProps } from '../button/button.js';
import styles from './modal.module.css';

export interface ModalActionsProps {
  confirmLabel: string;
  cancelLabel?: string;
  confirmVariant?: ButtonProps['variant'];
  busy?: boolean;
  /** The confirm button stays disabled until the form is valid. */
  disabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal's confirm and cancel buttons. While the call runs the confirm button shows a
 * loading icon and spans the full width, and the cancel button is hidden.
 */
export function ModalActions({
  confirmLabel,
  cancelLabel = 'CANCEL',
  confirmVariant = 'primary',
  busy = false,
  disabled = false,
  onConfirm,
  onCancel,
}: ModalActionsProps) {
  return (
    <div className={styles.actions} data-busy={busy || undefined}>
      <Button
        variant={confirmVariant}
        loading={busy}
        disabled={disabled}
        fullWidth={busy}
        onClick={onConfirm}
      >
        {confirmLabel}
      </Button>
      {busy ? null : <Button onClick={onCancel}>{cancelLabel}</Button>}
    </div>
  );
}
