import type { ReactNode } from 'react';
import { EmptyState } from './empty-state.js';
import styles from './empty-state.module.css';

export interface OwnFilterEmptyProps {
  /** What the list holds, plural: 'orders', 'inbounds'. */
  noun: string;
  /** The signed-in user's name, as the filter names them. */
  userName: string;
  onShowAll: () => void;
  icon?: ReactNode;
  testId?: string;
}

/**
 * An empty list whose user filter is the signed-in user alone (their default): it says why it is
 * empty and offers the whole list in one click, instead of a bare "nothing here".
 */
export function OwnFilterEmpty({ noun, userName, onShowAll, icon, testId }: OwnFilterEmptyProps) {
  return (
    <EmptyState
      title={`No ${noun} assigned to you`}
      text={`This list shows only ${noun} assigned to ${userName}, and there are none.`}
      icon={icon}
      action={
        <button type="button" className={styles.showAll} onClick={onShowAll}>
          Show all users
        </button>
      }
      testId={testId}
    />
  );
}

/** Whether a list's user filter is the signed-in user alone. */
export function isOwnOnly(assignedUsersUIDS: readonly string[], meUid: string | null | undefined): boolean {
  return Boolean(meUid) && assignedUsersUIDS.length === 1 && assignedUsersUIDS[0] === meUid;
}
