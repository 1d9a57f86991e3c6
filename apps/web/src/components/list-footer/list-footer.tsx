import { COPYRIGHT_YEAR } from '@waybill/contracts';
import { forwardRef } from 'react';
import { type ColourName, colourVar } from '../../lib/priority-colour.js';
import styles from './list-footer.module.css';

export interface ListFooterProps {
  count: number;
  /** Singular noun: 'Order', 'Product', 'Inbound'. */
  noun: string;
  /** Text colour: the priority colour of the last row (orders). */
  colour?: ColourName;
}

export function displayedText(count: number, noun: string): string {
  return `${count} ${count === 1 ? noun : `${noun}s`} Displayed`;
}

/** '1 Order Displayed' / 'N Orders Displayed' and the copyright line. */
export const ListFooter = forwardRef<HTMLElement, ListFooterProps>(function ListFooter(
  { count, noun, colour },
  ref,
) {
  return (
    <footer
      ref={ref}
      className={styles.footer}
      data-testid="list-footer"
      data-colour={colour}
      style={colour ? { color: colourVar(colour) } : undefined}
    >
      <span className={styles.count}>{displayedText(count, noun)}</span>
      <span className={styles.copyright}>© {COPYRIGHT_YEAR} Waybill. All rights reserved.</span>
    </footer>
  );
});
