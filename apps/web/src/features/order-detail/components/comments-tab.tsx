import { useMutation } from '@tanstack/react-query';
import {
  type Comment,
  canCreateInvalidAddressWorkflow,
  canInterruptInvalidAddressWorkflow,
  isCommentUnread,
  latestComment,
  type Order,
  parseServerTime,
  type Workflow,
} from '@waybill/contracts';
import { MessageSquarePlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/button/button.js';
import { CommentItem } from '../../../components/comments/comment-item.js';
import { errorMessage } from '../../../lib/errors.js';
import type { TimeMode } from '../../../lib/time-mode.js';
import { useTRPC } from '../../../lib/trpc.js';
import type { EditorRequest } from '../lib/editor-request.js';
import { CommentEditor } from './comment-editor.js';
import styles from './order-detail.module.css';

export interface CommentsTabProps {
  order: Pick<Order, 'uid' | 'aggregated_status' | 'poc_1_workflow'>;
  comments: readonly Comment[];
  workflow: Workflow | null;
  userUid: string | null;
  /** Unread as of opening the detail: they keep their 'New' tag while it stays open. */
  unreadOnEntry: ReadonlySet<string>;
  advanced: boolean;
  editorOpen: boolean;
  onEditorOpen: (open: boolean) => void;
  /** The user's last ask to write; the editor takes the focus for it. */
  editorRequest: EditorRequest | null;
  onEditorRequest: (kind: EditorRequest['kind']) => void;
  onTyped: () => void;
  onDirtyChange: (dirty: boolean) => void;
  onChanged: () => void;
  now: Date;
  /** The header's switch, for the comments' times (as the order's own). */
  timeMode: TimeMode;
  warehouseTimeZone: string | null | undefined;
}

const newestFirst = (a: Comment, b: Comment) =>
  (parseServerTime(b.created_at)?.getTime() ?? 0) - (parseServerTime(a.created_at)?.getTime() ?? 0);

/** The full comment list, newest first, with the new-comment editor on top. */
export function CommentsTab(props: CommentsTabProps) {
  const { order, comments, userUid, now } = props;
  const latest = latestComment(comments);
  const sorted = [...comments].sort(newestFirst);
  return (
    <div className={styles.comments}>
      {props.advanced ? (
        <InvalidAddressControls order={order} workflow={props.workflow} onChanged={props.onChanged} />
      ) : null}
      {props.editorOpen ? (
        <CommentEditor
          orderUid={order.uid}
          advanced={props.advanced}
          // A saved comment empties the editor and leaves it open for the next; Cancel closes it.
          onSaved={props.onChanged}
          onCancel={() => props.onEditorOpen(false)}
          onDirtyChange={props.onDirtyChange}
          request={props.editorRequest}
          onTyped={props.onTyped}
        />
      ) : (
        <div className={styles.commentsBar}>
          <Button size="sm" onClick={() => props.onEditorRequest('comment')}>
            <MessageSquarePlus size={14} aria-hidden /> New comment
          </Button>
        </div>
      )}
      {sorted.length === 0 ? (
        <p className={styles.emptyCell}>No comments yet.</p>
      ) : (
        <ul className={styles.commentList} aria-label="Comments">
          {sorted.map((comment) => (
            <CommentItem
              key={comment.uid}
              comment={comment}
              isLatest={comment === latest}
              unread={
                props.unreadOnEntry.has(comment.uid) ||
                (userUid !== null && isCommentUnread(comment, userUid) && comment.user_uid !== userUid)
              }
              now={now}
              timeMode={props.timeMode}
              warehouseTimeZone={props.warehouseTimeZone}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function InvalidAddressControls({
  order,
  workflow,
  onChanged,
}: {
  order: CommentsTabProps['order'];
  workflow: Workflow | null;
  onChanged: () => void;
}) {
  const trpc = useTRPC();
  const create = useMutation(trpc.orders.invalidAddress.create.mutationOptions());
  const interrupt = useMutation(trpc.orders.invalidAddress.interrupt.mutationOptions());
  const [problem, setProblem] = useState<string | null>(null);
  const current = workflow ?? order.poc_1_workflow;
  const canCreate = canCreateInvalidAddressWorkflow(order);
  const canInterrupt = canInterruptInvalidAddressWorkflow(workflow ?? order.poc_1_workflow);
  if (!canCreate && !canInterrupt) return null;
  const run = async (call: () => Promise<unknown>) => {
    setProblem(null);
    try {
      await call();
      onChanged();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  return (
    <div className={styles.workflow} data-testid="invalid-address-workflow">
      <span>Invalid-address workflow{workflow ? `: ${workflow.status}` : ''}</span>
      {canCreate ? (
        <Button
          size="sm"
          loading={create.isPending}
          onClick={() => void run(() => create.mutateAsync({ orderUid: order.uid }))}
        >
          Start workflow
        </Button>
      ) : null}
      {canInterrupt && current ? (
        <Button
          size="sm"
          variant="danger"
          loading={interrupt.isPending}
          onClick={() => void run(() => interrupt.mutateAsync({ workflowUid: current.uid }))}
        >
          Interrupt workflow
        </Button>
      ) : null}
      {problem ? <span role="alert">{problem}</span> : null}
    </div>
  );
}
