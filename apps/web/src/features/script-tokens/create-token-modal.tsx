import { useMutation } from '@tanstack/react-query';
import { scriptTokenNameSchema } from '@waybill/contracts';
import { useState } from 'react';
import { Button } from '../../components/button/button.js';
import { CopyButton, Modal, ModalActions } from '../../components/index.js';
import { errorMessage } from '../../lib/errors.js';
import { useTRPC } from '../../lib/trpc.js';
import styles from './script-tokens.module.css';

export interface CreateTokenModalProps {
  open: boolean;
  onClose: () => void;
  onCreated: () => void;
}

/** Names a new token, then shows it this once with a copy button (the gateway keeps only a digest). */
export function CreateTokenModal({ open, onClose, onCreated }: CreateTokenModalProps) {
  const trpc = useTRPC();
  const create = useMutation(trpc.tokens.create.mutationOptions());
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const parsed = scriptTokenNameSchema.safeParse(name);
  const problem = parsed.success ? null : `Name: ${parsed.error.issues[0]?.message ?? 'not valid'}`;
  const made = create.data?.token ?? null;

  const close = () => {
    setName('');
    setTouched(false);
    create.reset();
    onClose();
  };
  const submit = () => {
    setTouched(true);
    if (parsed.success) create.mutate({ name: parsed.data }, { onSuccess: onCreated });
  };

  if (made)
    return (
      <Modal open={open} onClose={close} title="Your new script token" testId="script-token-created">
        <p className={styles.hint}>Copy it now: it is not shown again. Anyone holding it can act as you.</p>
        <div className={styles.secret}>
          <code data-testid="script-token-value">{made}</code>
          <CopyButton value={made} label="Copy the token" />
        </div>
        <div className={styles.done}>
          <Button variant="primary" onClick={close}>
            DONE
          </Button>
        </div>
      </Modal>
    );

  return (
    <Modal
      open={open}
      onClose={close}
      title="New script token"
      busy={create.isPending}
      footer={
        <ModalActions confirmLabel="CREATE" busy={create.isPending} onConfirm={submit} onCancel={close} />
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label className={styles.field}>
          <span>Name</span>
          <input
            data-autofocus
            value={name}
            maxLength={80}
            placeholder="e.g. nightly late-orders report"
            aria-invalid={touched && problem ? true : undefined}
            aria-describedby={touched && problem ? 'script-token-name-problem' : undefined}
            onChange={(event) => setName(event.target.value)}
          />
        </label>
        {touched && problem ? (
          <p id="script-token-name-problem" role="alert" className={styles.error}>
            {problem}
          </p>
        ) : null}
        {create.isError ? (
          <p role="alert" className={styles.error}>
            {errorMessage(create.error, 'The token could not be made; try again.')}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
