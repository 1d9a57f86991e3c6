import { TRPCError } from '@trpc/server';
import { describeChange, type NotificationInput, orderStatusLabel } from '@waybill/contracts';
import type { BulkJobs } from '../bulk/bulk-jobs.js';
import { newNotificationId } from '../notifications/notifier.js';
import { OrderConflictError } from '../realtime/own-writes.js';
import type { Services } from '../services.js';
import type { ActivityRecord } from '../team/activity.js';
import { statusRecord } from '../team/record.js';
import type { PendingAction, PendingWork } from './pending-action-store.js';
import { NothingSentError } from './pending-actions.js';

type CommitDeps = Pick<Services, 'backend' | 'logger'> & {
  realtime: Pick<Services['realtime'], 'ownWrites'>;
  bulkJobs: Pick<BulkJobs, 'start'>;
  /** The activity record, once the backend accepted the change (never throws). */
  record?: (token: string, records: ActivityRecord[]) => Promise<void>;
  /** The owner's notification centre, told when their held change was dropped. */
  tellOwner?: (ownerUid: string, notification: NotificationInput) => Promise<void>;
};

type HeldWrite = Exclude<PendingWork, { kind: 'bulk' }>;

/** A held write not sent, in the owner's notification centre: what it was, why, and who came first. */
function notSent(
  work: HeldWrite,
  why: string,
  more: Pick<NotificationInput, 'author' | 'excerpt'> = {},
): NotificationInput {
  const yours =
    work.kind === 'status' ? `status change to ${orderStatusLabel(work.input.status)}` : 'label reissue';
  return {
    id: newNotificationId(),
    kind: 'not-sent',
    orderUid: work.input.orderUid,
    reference: work.reference ?? null,
    text: `Your ${yours} was not sent: ${why}`,
    at: Date.now(),
    ...more,
  };
}

/**
 * What the owner reads when a colleague changed the order in the window: whose change came first,
 * and what it was ("Not sent: the order changed in its undo window", by Ana Popescu, "Status changed
 * to Delivered").
 */
export function notSentNotification(work: HeldWrite, error: OrderConflictError): NotificationInput {
  return notSent(work, 'the order changed during its undo time', {
    author: error.conflict.by ? { uid: null, name: error.conflict.by } : null,
    excerpt: describeChange(error.conflict.what),
  });
}

/**
 * What the owner reads when the backend did not take their held write, in the console's words (the
 * backend's own stay in the log). It is not sent again: the backend has no idempotency key, and a
 * write that timed out may have landed.
 */
export function failedNotification(work: HeldWrite, error: unknown): NotificationInput {
  const code = error instanceof TRPCError ? error.code : null;
  const why =
    code === 'UNAUTHORIZED'
      ? 'your session had ended'
      : code === 'BAD_REQUEST' || code === 'NOT_FOUND'
        ? 'the backend refused it'
        : 'the backend could not be reached';
  return notSent(work, `${why}. Make it again if it is still needed`);
}

/**
 * Sends a held action whose undo window ended, as its owner. A status change or reissue whose order
 * a colleague changed in the window is dropped (the conflict warning rule, checked again now); one
 * the backend did not take is reported to its owner and rethrown (logged by the caller); a bulk run
 * becomes the job its ticket named, or, when that job could not start, a `NothingSentError` (tried again).
 */
export async function commitPendingAction(deps: CommitDeps, action: PendingAction): Promise<void> {
  const { token, work } = action;
  if (work.kind === 'bulk') {
    try {
      await deps.bulkJobs.start({
        token,
        ownerUid: action.ownerUid,
        action: work.action,
        uids: work.uids,
        jobId: work.jobId,
        ...(work.expected ? { expected: work.expected } : {}),
      });
    } catch (error) {
      // A job that failed to start ran no order (its store was out, or the gateway was stopping).
      throw new NothingSentError(error);
    }
    return;
  }
  const tell = (notification: NotificationInput) =>
    deps.tellOwner?.(action.ownerUid, notification).catch((failed: unknown) => {
      deps.logger.warn(
        { err: failed, actionId: action.actionId },
        'the owner of a dropped action was not told',
      );
    });
  try {
    await deps.realtime.ownWrites.assertUnchanged({
      token,
      orderUid: work.input.orderUid,
      expected: work.input.expected,
    });
    await sendHeldWrite(deps, token, work);
  } catch (error) {
    const conflict = error instanceof TRPCError ? error.cause : null;
    if (conflict instanceof OrderConflictError) {
      deps.logger.warn(
        { err: error, actionId: action.actionId },
        'held action dropped: the order changed in its undo window',
      );
      await tell(notSentNotification(work, conflict));
      return;
    }
    await tell(failedNotification(work, error));
    throw error;
  }
}

async function sendHeldWrite(deps: CommitDeps, token: string, work: HeldWrite): Promise<void> {
  if (work.kind === 'status') {
    const { input } = work;
    const { order } = await deps.backend.call('orders.changeStatus', {
      token,
      body: { status: input.status, order_uid: input.orderUid, happened_at: input.happenedAt },
    });
    await deps.realtime.ownWrites.publish({
      token,
      what: { kind: 'status', status: input.status },
      orders: [order],
    });
    await deps.record?.(token, [statusRecord(order, input.status, input.happenedAt)]);
    return;
  }
  const { orderUid, numberOfParcels } = work.input;
  const { order } = await deps.backend.call('orders.reissueLabel', {
    token,
    body: { order_uid: orderUid, number_of_parcels: numberOfParcels },
  });
  await deps.realtime.ownWrites.publish({ token, what: { kind: 'reissue' }, orders: [order] });
  await deps.record?.(token, [
    { orderUid, reference: order.reference ?? null, action: 'reissue', detail: `${numberOfParcels} parcels` },
  ]);
}
