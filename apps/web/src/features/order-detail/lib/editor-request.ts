/**
 * An explicit ask to write in the comment editor (the c or e key, 'Add comment', 'New comment'): the
 * editor takes the focus only then, never because an order opened. `seq` makes each ask a new one.
 */
export interface EditorRequest {
  kind: 'comment' | 'escalate';
  seq: number;
}

export const nextEditorRequest = (
  previous: EditorRequest | null,
  kind: EditorRequest['kind'],
): EditorRequest => ({
  kind,
  seq: (previous?.seq ?? 0) + 1,
});
