import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import styles from './empty-state.module.css';

export interface EmptyStateProps {
  title: string;
  text?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  testId?: string;
}

/** A calm panel in place of a list that has nothing to show. */
export function EmptyState({ title, text, icon, action, testId }: EmptyStateProps) {
  return (
    <section className={styles.panel} aria-label={title} data-testid={testId}>
      <div className={styles.icon} aria-hidden>
        {icon ?? <SearchX size={28} />}
      </div>
      <h2 className={styles.title}>{title}</h2>
      {text ? <p className={styles.text}>{text}</p> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </section>
  );
}

export const NO_RESULTS_TITLE = 'No Results Found';
export const NO_RESULTS_TEXT =
  "Sorry, we couldn't find any results matching your search. Please try again with different keywords or filters.";
