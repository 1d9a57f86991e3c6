import {
  type InventoryItem,
  isNewInventoryItem,
  lineItemRowColour,
  lineQuantityText,
  type Order,
} from '@waybill/contracts';
import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { CopyButton } from '../../../components/copy-button/copy-button.js';
import { colourVar, tintVar } from '../../../lib/priority-colour.js';
import styles from './order-detail.module.css';

export interface OrderItemsTabProps {
  order: Pick<Order, 'line_items' | 'aggregated_status' | 'display_priority'>;
  inventoryItems: readonly InventoryItem[];
  now: Date;
}

const CODE_LABELS: Record<string, string> = { sku: 'SKU', barcode: 'EAN' };

/** Order tab: Product, Order Qty., Status, Issues; rows coloured by missing quantity and priority. */
export function OrderItemsTab({ order, inventoryItems, now }: OrderItemsTabProps) {
  const items = new Map(inventoryItems.map((item) => [item.uid, item]));
  return (
    <table className={styles.table} aria-label="Order contents">
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col">Order Qty.</th>
          <th scope="col">Status</th>
          <th scope="col">Issues</th>
        </tr>
      </thead>
      <tbody>
        {order.line_items.length === 0 ? (
          <tr>
            <td colSpan={4} className={styles.emptyCell}>
              This order has no products.
            </td>
          </tr>
        ) : null}
        {order.line_items.map((line, i) => {
          const item = line.inventory_item ? items.get(line.inventory_item.inventory_item_uid) : undefined;
          const colour = lineItemRowColour(line, order.display_priority);
          const text = lineQuantityText(line, order.aggregated_status.key);
          const title = item?.title_1 ?? line.external_identifier ?? 'Unknown product';
          return (
            <tr
              key={`${line.external_identifier ?? 'line'}-${i}`}
              data-testid="line-item"
              data-colour={colour}
              style={{ background: tintVar(colour), boxShadow: `inset 3px 0 0 ${colourVar(colour)}` }}
            >
              <td>
                <div className={styles.product}>
                  <ProductImage src={item?.images[0]?.src ?? null} alt={title} />
                  <div className={styles.productText}>
                    <span className={styles.productTitle}>
                      {title}
                      {item && isNewInventoryItem(item.created_at, now) ? (
                        <span className={styles.newTag}>NEW</span>
                      ) : null}
                    </span>
                    {item?.title_2 ? <span className={styles.muted}>{item.title_2}</span> : null}
                    <span className={styles.codes}>
                      {(item?.codes ?? []).map((code) => {
                        const label = CODE_LABELS[code.key] ?? code.key.toUpperCase();
                        return (
                          <CopyButton
                            key={`${code.key}-${code.value}`}
                            value={code.value}
                            label={`Copy ${label} ${code.value}`}
                            tooltip={`Copy ${label} Code`}
                          >
                            {label} {code.value}
                          </CopyButton>
                        );
                      })}
                    </span>
                  </div>
                </div>
              </td>
              <td>{line.quantity}</td>
              <td>{text.quantity}</td>
              <td>{text.missing ?? <span className={styles.muted}>-</span>}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function ProductImage({ src, alt }: { src: string | null; alt: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <span className={styles.imagePlaceholder} data-testid="image-placeholder">
        <ImageOff size={16} aria-hidden />
      </span>
    );
  }
  return (
    <img
      className={styles.image}
      src={src}
      alt={alt}
      width={40}
      height={40}
      onError={() => setFailed(true)}
    />
  );
}
