import { COPYRIGHT_YEAR, type FooterNoun, footerText } from '@waybill/contracts';
import { forwardRef, type ReactNode } from 'react';
import { type ColourName, textColourVar } from '../../lib/priority-colour.js';
import styles from './list-footer.module.css';

export interface ListFooterProps {
  count: number;
  /** Singular noun: 'Order', 'Product', 'Inbound'. */
  noun: FooterNoun;
  /** Text colour: the priority colour of the last row (orders), in its readable text shade. */
  colour?: ColourName;
  /** Under the count: e.g. that the list stops short of what matches, and how to reach the rest. */
  note?: ReactNode;
}

/** '1 Order Displayed' / 'N Orders Displayed' and the copyright line. */
export const ListFooter = forwardRef<HTMLElement, ListFooterProps>(function ListFooter(
  { count, noun, colour, note },
  ref,
) {
  return (
    <footer
      ref={ref}
      className={styles.footer}
      data-testid="list-footer"
      data-colour={colour}
      style={colour ? { color: textColourVar(colour) } : undefined}
    >
      <span className={styles.count}>{footerText(count, noun)}</span>
      {note}
      <span className={styles.copyright}>© {COPYRIGHT_YEAR} Waybill. All rights reserved.</span>
    </footer>
  );
});
