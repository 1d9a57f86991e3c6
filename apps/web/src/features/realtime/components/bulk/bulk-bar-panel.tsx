import {
  type BulkAction,
  type BulkOrderAction,
  bulkActions,
  bulkNeedsConfirm,
  type FulfillmentCenter,
  type Order,
  parseServerTime,
  statusAction,
} from '@waybill/contracts';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Button } from '../../../../components/button/button.js';
import { useToast } from '../../../../components/toast/toast.js';
import { dateDraftTarget } from '../../../../lib/drafts.js';
import styles from './bulk.module.css';
import { ColleagueHoldsNotice } from './colleague-holds-notice.js';
import { rowSelection, useRowSelection } from './selection.js';

// The modals load on first use, like the screen's other modals.
const DateChangeModal = lazy(async () => ({
  default: (await import('../../../../components/date-change-modal/date-change-modal.js')).DateChangeModal,
}));
const BulkCommentModal = lazy(async () => ({
  default: (await import('./bulk-comment-modal.js')).BulkCommentModal,
}));
const BulkConfirmModal = lazy(async () => ({
  default: (await import('./bulk-confirm-modal.js')).BulkConfirmModal,
}));
const BulkRunModal = lazy(async () => ({ default: (await import('./bulk-run-modal.js')).BulkRunModal }));

type Step =
  | { kind: 'date'; action: Exclude<BulkAction, 'addComment'> }
  | { kind: 'comment' }
  | { kind: 'confirm'; title: string; action: BulkOrderAction; orders: Order[] }
  | { kind: 'run'; title: string; action: BulkOrderAction; orders: Order[] }
  | null;

const label = (action: BulkAction) =>
  action === 'addComment' ? 'Add comment' : statusAction(action).menuLabel;

/**
 * Above the table while orders are ticked: how many, and the actions every ticked order allows
 * (contracts' bulkActions). A status action asks its date once for all, a comment its text.
 * Loaded by BulkBar on the first tick.
 */
export function BulkBarPanel({
  rows,
  fulfillmentCenters,
}: {
  rows: readonly Order[];
  fulfillmentCenters: ReadonlyMap<string, FulfillmentCenter>;
}) {
  const selection = useRowSelection();
  const toast = useToast();
  const [step, setStep] = useState<Step>(null);
  const ticked = useMemo(() => {
    const set = new Set(selection.ticked);
    return rows.filter((o) => set.has(o.uid));
  }, [rows, selection.ticked]);
  const offered = useMemo(
    () =>
      bulkActions(
        ticked.map((order) => ({
          order,
          warehouse: order.fulfillment_center_uid
            ? fulfillmentCenters.get(order.fulfillment_center_uid)
            : null,
        })),
      ),
    [ticked, fulfillmentCenters],
  );
  // The date may not be before any ticked order was created.
  const latestCreated = useMemo(() => {
    const times = ticked
      .map((o) => parseServerTime(o.external_app_dates.created_at)?.getTime())
      .filter((t): t is number => typeof t === 'number' && !Number.isNaN(t));
    return times.length > 0 ? new Date(Math.max(...times)) : null;
  }, [ticked]);

  if (ticked.length === 0 && step === null) return null;
  const tickedUids = ticked.map((o) => o.uid);
  const untick = (uids: readonly string[]) =>
    rowSelection.set(selection.ticked.filter((uid) => !uids.includes(uid)));

  // Over BULK_CONFIRM_OVER orders (ticked one by one or all at once) the action is confirmed first.
  const run = (title: string, action: BulkOrderAction) =>
    setStep({ kind: bulkNeedsConfirm(ticked.length) ? 'confirm' : 'run', title, action, orders: ticked });

  return (
    <section className={styles.bar} aria-label="Bulk actions" data-testid="bulk-bar">
      <span className={styles.count} aria-live="polite">
        {ticked.length} selected
      </span>
      <div className={styles.actions}>
        {offered.map((action) => (
          <Button
            key={action}
            size="sm"
            data-testid={`bulk-${action}`}
            onClick={() => setStep(action === 'addComment' ? { kind: 'comment' } : { kind: 'date', action })}
          >
            {label(action)}
          </Button>
        ))}
        {offered.length <= 1 ? (
          <span className={styles.hint}>Only actions every ticked order allows are offered.</span>
        ) : null}
      </div>
      <Button size="sm" variant="ghost" onClick={rowSelection.clear}>
        Clear selection
      </Button>

      <Suspense fallback={null}>
        {step?.kind === 'date' ? (
          <DateChangeModal
            title={`${statusAction(step.action).title} (${ticked.length} orders)`}
            label={statusAction(step.action).dateLabel}
            testId={`bulk-${step.action}-date`}
            summary={
              <>
                <p className={styles.hint}>The same date is saved on every ticked order.</p>
                <ColleagueHoldsNotice orderUids={tickedUids} onLeaveOut={untick} />
              </>
            }
            createdAt={latestCreated}
            // The date is kept for the next time this bulk change is opened (a reload clears the ticks).
            draft={{ target: dateDraftTarget('bulk', step.action), kind: step.action }}
            onSave={async (date) =>
              run(statusAction(step.action).title, {
                kind: 'status',
                status: statusAction(step.action).status,
                happenedAt: date.toISOString(),
              })
            }
            onClose={() => setStep((s) => (s?.kind === 'date' ? null : s))}
          />
        ) : null}
        {step?.kind === 'comment' ? (
          <BulkCommentModal
            count={ticked.length}
            notice={<ColleagueHoldsNotice orderUids={tickedUids} onLeaveOut={untick} />}
            onSubmit={(text) => run('Add comment', { kind: 'comment', text })}
            onClose={() => setStep(null)}
          />
        ) : null}
        {step?.kind === 'confirm' ? (
          <BulkConfirmModal
            title={step.title}
            count={step.orders.length}
            notice={
              <ColleagueHoldsNotice
                orderUids={step.orders.map((o) => o.uid)}
                onLeaveOut={(uids) => {
                  untick(uids);
                  setStep({ ...step, orders: step.orders.filter((o) => !uids.includes(o.uid)) });
                }}
              />
            }
            onConfirm={() => setStep({ ...step, kind: 'run' })}
            onClose={() => setStep(null)}
          />
        ) : null}
        {step?.kind === 'run' ? (
          <BulkRunModal
            title={`${step.title}: ${step.orders.length} orders`}
            orders={step.orders}
            action={step.action}
            onFinished={(failed) => {
              rowSelection.set(failed);
              const ok = step.orders.length - failed.length;
              if (failed.length === 0) toast.success(`${ok} orders done`);
              else
                toast.error(
                  `${failed.length} of ${step.orders.length} orders were not changed`,
                  'They stay ticked.',
                );
            }}
            onClose={() => setStep(null)}
          />
        ) : null}
      </Suspense>
    </section>
  );
}
