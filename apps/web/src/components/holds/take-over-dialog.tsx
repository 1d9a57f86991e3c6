import { Modal } from '../modal/modal.js';
import { ModalActions } from '../modal/modal-actions.js';

export interface TakeOverDialogProps {
  holderName: string | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asked before taking an order someone else holds, naming them. */
export function TakeOverDialog({ holderName, busy, onConfirm, onCancel }: TakeOverDialogProps) {
  return (
    <Modal
      open={holderName !== null}
      onClose={onCancel}
      title="Take over this order?"
      busy={busy}
      width={420}
      testId="take-over-dialog"
      footer={
        <ModalActions confirmLabel="TAKE IT OVER" busy={busy} onConfirm={onConfirm} onCancel={onCancel} />
      }
    >
      <p>{holderName} holds this order. Take it over?</p>
    </Modal>
  );
}
