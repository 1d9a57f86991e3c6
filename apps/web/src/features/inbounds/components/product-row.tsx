import {
  type InboundLineItem,
  type InboundQuantityColumn,
  type InboundStatus,
  type InventoryItem,
  inboundProductRowChecked,
  inboundProductRowColour,
  inboundQuantityCell,
  isNewInventoryItem,
  productTitle,
} from '@waybill/contracts';
import { Ban, Check, ImageOff } from 'lucide-react';
import { useState } from 'react';
import { CopyButton } from '../../../components/index.js';
import { itemCode } from '../lib/item-code.js';
import styles from './inbound-detail.module.css';

export interface ProductRowProps {
  line: InboundLineItem;
  item: InventoryItem | undefined;
  status: InboundStatus;
  now: Date;
}

function ProductImage({ src, alt }: { src: string | undefined; alt: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <span className={styles.placeholder} data-testid="image-placeholder" role="img" aria-label="No image">
        <ImageOff size={18} aria-hidden />
      </span>
    );
  }
  return <img className={styles.image} src={src} alt={alt} loading="lazy" onError={() => setFailed(true)} />;
}

/** The quantity columns in order, with their headers (a phone card labels each quantity with it). */
export const QUANTITY_COLUMNS: readonly { column: InboundQuantityColumn; label: string }[] = [
  { column: 'expected', label: 'Expected Stock' },
  { column: 'sellable', label: 'Sellable' },
  { column: 'missing', label: 'Missing' },
  { column: 'defects', label: 'Defects' },
  { column: 'junk', label: 'Junk' },
];

const QUANTITY_OF: Record<InboundQuantityColumn, (line: InboundLineItem) => number> = {
  expected: (line) => line.incoming,
  sellable: (line) => line.available,
  missing: (line) => line.missing,
  defects: (line) => line.defects,
  junk: (line) => line.junk,
};

function QuantityCell({
  column,
  label,
  value,
}: {
  column: InboundQuantityColumn;
  label: string;
  value: number;
}) {
  const cell = inboundQuantityCell(column, value);
  return (
    <td className={styles.qty} data-label={label}>
      {cell.icon === 'not-sellable' ? (
        <Ban size={14} className={styles.notSellable} aria-label="Not sellable" />
      ) : (
        cell.text
      )}
    </td>
  );
}

/** One product of the inbound: image, titles, EAN/SKU chips, NEW tag and the quantities. */
export function ProductRow({ line, item, status, now }: ProductRowProps) {
  const colour = inboundProductRowColour(line, status);
  const checked = inboundProductRowChecked(line, status);
  const ean = item ? itemCode(item.codes, 'barcode') : null;
  const sku = item ? itemCode(item.codes, 'sku') : null;
  const title = productTitle(item?.title_1);
  return (
    <tr
      className={styles.productRow}
      data-colour={colour}
      data-testid="product-row"
      style={{
        ['--row-colour' as string]: `var(--color-${colour})`,
        ['--row-tint' as string]: `var(--tint-${colour})`,
      }}
    >
      <td>
        <div className={styles.product}>
          {checked ? <Check className={styles.check} size={16} aria-label="Completed" /> : null}
          <ProductImage src={item?.images[0]?.src} alt={title} />
          <div className={styles.titles}>
            <span className={styles.title1}>
              {title}
              {item && isNewInventoryItem(item.created_at, now) ? (
                <span className={styles.newTag} data-testid="new-tag">
                  NEW
                </span>
              ) : null}
            </span>
            {item?.title_2 ? <span className={styles.title2}>{item.title_2}</span> : null}
            <span className={styles.codes}>
              {ean ? (
                <CopyButton
                  value={ean}
                  label={`Copy EAN ${ean}`}
                  tooltip="Copy EAN Code"
                  className={styles.chip}
                >
                  EAN {ean}
                </CopyButton>
              ) : null}
              {sku ? (
                <CopyButton
                  value={sku}
                  label={`Copy SKU ${sku}`}
                  tooltip="Copy SKU Code"
                  className={styles.chip}
                >
                  SKU {sku}
                </CopyButton>
              ) : null}
            </span>
          </div>
        </div>
      </td>
      {QUANTITY_COLUMNS.map(({ column, label }) => (
        <QuantityCell key={column} column={column} label={label} value={QUANTITY_OF[column](line)} />
      ))}
    </tr>
  );
}
