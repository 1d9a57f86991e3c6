import { type Order, orderExternalLink, orderLabels } from '@waybill/contracts';
import { ExternalLink, FileText } from 'lucide-react';
import { LabelLink } from '../../../components/label-link/label-link.js';
import styles from './order-links.module.css';

/**
 * The order in its shop and every shipping label of every shipment, with box numbers. After a
 * reissue the latest shipment's labels are current; earlier ones stay listed, marked superseded.
 */
export function OrderLinks({
  order,
}: {
  order: Pick<Order, 'uid' | 'metadata' | 'shipments' | 'reference'>;
}) {
  const shop = orderExternalLink(order);
  const labels = orderLabels(order);
  if (!shop && labels.length === 0) return null;
  const shipments = new Set(labels.map((l) => l.shipment)).size;
  return (
    <div className={styles.links} data-testid="order-links">
      {shop ? (
        <a href={shop} target="_blank" rel="noreferrer noopener" className={styles.link}>
          <ExternalLink size={14} aria-hidden />
          Open in shop
        </a>
      ) : null}
      {labels.length > 0 ? (
        <section className={styles.labels} aria-label="Shipping labels">
          <span className={styles.title}>Labels</span>
          <ul className={styles.list}>
            {labels.map((label) => (
              <li key={label.url} data-current={label.current || undefined} data-testid="order-label">
                <LabelLink
                  order={order}
                  label={label}
                  className={styles.link}
                  aria-label={`PDF label, ${shipments > 1 ? `shipment ${label.shipment}, ` : ''}box ${label.box} of ${label.boxes}${label.current ? '' : ', superseded'}`}
                >
                  <FileText size={14} aria-hidden />
                  PDF {shipments > 1 ? `${label.shipment}·` : ''}box {label.box}/{label.boxes}
                </LabelLink>
                {label.current ? null : <span className={styles.superseded}>superseded</span>}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
