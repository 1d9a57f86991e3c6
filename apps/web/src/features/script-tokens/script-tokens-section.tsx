import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ScriptToken } from '@waybill/contracts';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/index.js';
import { Modal } from '../../components/modal/modal.js';
import { errorMessage } from '../../lib/errors.js';
import { formatDate } from '../../lib/format-date.js';
import { useTRPC } from '../../lib/trpc.js';
import { CreateTokenModal } from './create-token-modal.js';
import styles from './script-tokens.module.css';

const when = (iso: string | null) => (iso ? formatDate(new Date(iso), 'dd MMM yyyy, HH:mm') : 'Never');

/** The signed-in user's script tokens (for `waybill` and scripts): make one, see when each was used, revoke. */
export function ScriptTokensSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const tokens = useQuery(trpc.tokens.list.queryOptions());
  const revoke = useMutation(trpc.tokens.revoke.mutationOptions());
  const [creating, setCreating] = useState(false);
  // Revoking stops every script that uses the token, and cannot be undone: asked first.
  const [revoking, setRevoking] = useState<ScriptToken | null>(null);
  const newToken = useRef<HTMLButtonElement>(null);
  // Its row goes: once the dialog has closed, the focus goes on to the section's own button.
  const [revoked, setRevoked] = useState(0);
  useEffect(() => {
    if (revoked > 0) newToken.current?.focus();
  }, [revoked]);
  const refresh = () => queryClient.invalidateQueries(trpc.tokens.list.queryFilter());
  const list = tokens.data?.tokens ?? [];
  const full = tokens.data ? list.length >= tokens.data.max : false;

  return (
    <section className={styles.card} aria-labelledby="script-tokens-title">
      <div className={styles.header}>
        <h2 id="script-tokens-title" className={styles.title}>
          Script tokens
        </h2>
        <Button
          ref={newToken}
          variant="primary"
          size="sm"
          disabled={!tokens.data || full}
          onClick={() => setCreating(true)}
        >
          New token
        </Button>
      </div>
      <p className={styles.hint}>
        A script token lets the <code>waybill</code> command or a script act as you. Send it as{' '}
        <code>Authorization: Bearer</code>, set <code>WAYBILL_TOKEN</code>, or run{' '}
        <code>waybill login --token</code>.
        {full && tokens.data
          ? ` You have the most allowed (${tokens.data.max}): revoke one to make another.`
          : ''}
      </p>
      {tokens.isError ? (
        <p role="alert" className={styles.error}>
          {errorMessage(tokens.error, 'Your script tokens could not be loaded; try again.')}
        </p>
      ) : null}
      {revoke.isError ? (
        <p role="alert" className={styles.error}>
          {errorMessage(revoke.error, 'The token could not be revoked; try again.')}
        </p>
      ) : null}
      {tokens.data && list.length === 0 ? <p className={styles.empty}>No script tokens yet.</p> : null}
      {list.length > 0 ? (
        <table className={styles.table} data-testid="script-tokens">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((token: ScriptToken) => (
              <tr key={token.id}>
                <td>{token.name}</td>
                <td>{when(token.createdAt)}</td>
                <td>{when(token.lastUsedAt)}</td>
                <td>
                  <Button
                    variant="danger"
                    size="sm"
                    aria-label={`Revoke ${token.name}`}
                    loading={revoke.isPending && revoke.variables?.id === token.id}
                    onClick={() => setRevoking(token)}
                  >
                    Revoke
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <CreateTokenModal open={creating} onClose={() => setCreating(false)} onCreated={refresh} />
      {revoking ? (
        <Modal
          open
          title={`Revoke "${revoking.name}"?`}
          onClose={() => setRevoking(null)}
          testId="revoke-token"
          footer={
            <>
              <Button onClick={() => setRevoking(null)}>Keep it</Button>
              <Button
                variant="danger"
                onClick={() => {
                  revoke.mutate({ id: revoking.id }, { onSettled: refresh });
                  setRevoking(null);
                  setRevoked((n) => n + 1);
                }}
              >
                Revoke token
              </Button>
            </>
          }
        >
          <p>Scripts that use it are refused from now on. This cannot be undone.</p>
        </Modal>
      ) : null}
    </section>
  );
}
